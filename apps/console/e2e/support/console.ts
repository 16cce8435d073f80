import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SCREENSHOTS = path.join(ROOT, 'dist', 'console-screenshots');

/** The environment that makes a test app serve its console build (`npm run build` makes it). */
export function consoleEnv(service: 'lead-distribution' | 'coverage-claims'): Record<string, string> {
  return { CONSOLE_DIR: path.join(ROOT, 'dist', 'console', service) };
}

/**
 * Debian's Chromium, headless, as root in a container: no sandbox, and none of the background
 * connections a closed network refuses (docs/console.md).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface ConsolePage {
  page: Page;
  /** Errors the page met: uncaught exceptions, console errors (a CSP violation is one), failed requests. */
  problems: string[];
}

/**
 * A fresh browser context (its own sessionStorage) on `baseUrl`/console/, at 1280 × 800 unless told
 * otherwise, recording what went wrong in the page.
 */
export async function openConsole(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }): Promise<ConsolePage> {
  // Reduced motion: dialogs open without a transition, so a check never sees one half-faded.
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation away cancels what is in flight: that is not a failure of the page.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  await page.goto(`${baseUrl}/console/`);
  return { page, problems };
}

/** Signs in with `key` on the sign-in page and waits for the console's navigation. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.getByLabel('운영자 키').fill(key);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('navigation', { name: '화면' }).waitFor();
}

/** Opens a screen from the navigation by its label. */
export async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: '화면' }).getByRole('link', { name: label }).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

/** A full-page PNG in dist/console-screenshots/<name>.png, once the fonts and images have loaded. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the fixed header mid-page.
  await page.evaluate(() => {
    // Runs in the page (a function, not a string: the console's CSP allows no eval).
    const { window, document } = globalThis as unknown as {
      window: { scrollTo(x: number, y: number): void };
      document: { fonts: { ready: Promise<unknown> } };
    };
    window.scrollTo(0, 0);
    return document.fonts.ready.then(() => undefined);
  });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** axe-core's WCAG 2.1 A/AA rules on the page as it is: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => `${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join(' | ')}`,
    );
  expect(serious).toEqual([]);
}
