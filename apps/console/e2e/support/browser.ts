import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { nextTotpCode, type OperatorAccount } from './operators.js';
import { ROOT } from './service.js';

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

  /** `newAccount`: makes the account signIn() signs in with when it is given none (the fixture's). */
  constructor(
    readonly page: Page,
    private readonly newAccount?: () => Promise<OperatorAccount>,
  ) {
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // The console asks who is signed in when it opens: before sign-in the API answers 401, which
      // the browser logs; that is the sign-in page's cue, not a failure.
      const sessionProbe = message.location().url.endsWith('/api/v1/admin/session') && message.text().includes('status of 401');
      if (message.type() === 'error' && !sessionProbe) this.problems.push(`console: ${message.text()}`);
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

  /**
   * Signs `account` in (by default a new admin account of the fixture's) as a person does: e-mail and
   * password, then the authenticator's code, computed from the secret the enrolment page shows the
   * first time (the recovery codes then shown are kept on the account); waits for the navigation.
   */
  async signIn(account?: OperatorAccount): Promise<OperatorAccount> {
    const who = account ?? (await this.newAccount?.());
    if (who === undefined) throw new Error('signIn needs an account');
    await this.submitPassword(who);
    const enrolling = this.page.getByRole('heading', { name: '2단계 인증 등록' });
    await this.page.getByLabel('인증 코드 (6자리)').waitFor();
    if (await enrolling.isVisible()) {
      who.secret = (await this.page.getByTestId('totp-secret').textContent())!.trim();
      await this.submitCode(nextTotpCode(who));
      await this.page.getByTestId('recovery-codes').waitFor();
      who.recoveryCodes = await this.page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
      await this.page.getByRole('button', { name: '보관했습니다. 콘솔 열기' }).click();
    } else {
      await this.submitCode(nextTotpCode(who));
    }
    await this.page.getByRole('navigation', { name: '화면' }).waitFor();
    return who;
  }

  /** The first step of the sign-in: e-mail and password. */
  async submitPassword(account: Pick<OperatorAccount, 'email' | 'password'>): Promise<void> {
    await this.page.getByLabel('이메일').fill(account.email);
    await this.page.getByLabel('비밀번호').fill(account.password);
    await this.page.getByRole('button', { name: '로그인' }).click();
  }

  /** The second step: a code in the field the page shows, confirmed. */
  async submitCode(code: string, field = '인증 코드 (6자리)'): Promise<void> {
    await this.page.getByLabel(field).fill(code);
    await this.page.getByRole('button', { name: '확인' }).click();
  }

  /** Opens a screen from the navigation by its label. */
  async openScreen(label: string): Promise<void> {
    await this.page.getByRole('navigation', { name: '화면' }).getByRole('link', { name: label, exact: true }).click();
    await this.page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
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
