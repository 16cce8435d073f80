import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OPERATOR_KEY, ROOT } from './service.js';

const SCREENSHOTS = path.join(ROOT, 'dist', 'console-screenshots');

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

/**
 * The console in a fresh browser context (its own sessionStorage), recording what went wrong in the
 * page: uncaught exceptions, console errors (a CSP violation is one; so is every refused request the
 * browser logs), failed requests.
 */
export class ConsolePage {
  readonly problems: string[] = [];

  constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      // A navigation away cancels what is in flight: that is not a failure of the page.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED')
        this.problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
    });
  }

  /** The problems but the browser's log of refusals with these statuses (a test provokes them). */
  problemsBut(...statuses: number[]): string[] {
    return this.problems.filter((problem) => !statuses.some((status) => problem.includes(`status of ${status}`)));
  }

  /** Signs in with `key` (the operator key) on the sign-in page and waits for the console's navigation. */
  async signIn(key = OPERATOR_KEY): Promise<void> {
    await this.page.getByLabel('운영자 키').fill(key);
    await this.page.getByRole('button', { name: '로그인' }).click();
    await this.page.getByRole('navigation', { name: '화면' }).waitFor();
  }

  /** Opens a screen from the navigation by its label. */
  async openScreen(label: string): Promise<void> {
    await this.page.getByRole('navigation', { name: '화면' }).getByRole('link', { name: label }).click();
    await this.page.getByRole('heading', { level: 1, name: label }).waitFor();
  }

  /**
   * The screen as it is, checked and kept: at rest (the pointer off the navigation, whose hovered
   * entry has other colours, and no list loading), axe-core's WCAG 2.1 A/AA and best-practice rules
   * with no serious or critical violation, and a full-page PNG in dist/console-screenshots/<name>.png.
   */
  async check(name: string): Promise<void> {
    const viewport = this.page.viewportSize() ?? { width: 1280, height: 800 };
    await this.page.mouse.move(viewport.width - 1, viewport.height - 1);
    await this.page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    const results = await new AxeBuilder({ page: this.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => `${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join(' | ')}`,
      );
    expect(serious).toEqual([]);
    await this.screenshot(name);
  }

  /** A full-page PNG from the top (a full-page capture of a scrolled page draws the fixed header mid-page), once fonts and images are in. */
  async screenshot(name: string): Promise<void> {
    await mkdir(SCREENSHOTS, { recursive: true });
    await this.page.evaluate(() => {
      // Runs in the page (a function, not a string: the console's CSP allows no eval); its DOM typed here by hand.
      const { window, document } = globalThis as unknown as {
        window: { scrollTo(x: number, y: number): void };
        document: { fonts: { ready: Promise<unknown> } };
      };
      window.scrollTo(0, 0);
      return document.fonts.ready.then(() => undefined);
    });
    await this.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  close(): Promise<void> {
    return this.page.context().close();
  }
}
