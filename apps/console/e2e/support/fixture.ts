import type { Browser } from 'playwright-core';
import { apiClient, ok, type ApiClient } from './api.js';
import { ConsolePage, launchBrowser } from './browser.js';
import { newAccountBody, type OperatorAccount, type OperatorRole } from './operators.js';
import { bootService, OPERATOR_KEY, type RunningService, type ServiceName } from './service.js';

export { OPERATOR_KEY } from './service.js';

/** What a spec file works with: its service, typed clients of it, and the console in a browser. */
export interface ConsoleFixture<S extends ServiceName> {
  /** http://127.0.0.1:<port> of the service. */
  readonly url: string;
  /** A client of the service's API with `key` (default the operator key) as X-API-Key. */
  api(key?: string): ApiClient<S>;
  /** A client with a planner's access token (coverage-claims). */
  withToken(accessToken: string): ApiClient<S>;
  /**
   * A new operator account (a person), created through the API with the bootstrap key; it enrols its
   * second factor at its first sign-in (ConsolePage.signIn).
   */
  operator(role?: OperatorRole, name?: string): Promise<OperatorAccount>;
  /** The console at /console/ in a fresh browser context (no session cookie), 1280 × 800 unless told otherwise. */
  open(viewport?: { width: number; height: number }, url?: string): Promise<ConsolePage>;
  /** Another process of the service, on a database of its own, with `env` on top (stopped with the fixture). */
  boot(env: Record<string, string>): Promise<RunningService>;
  /** The browser (to make the files a test uploads: support/documents.ts). */
  readonly browser: Browser;
}

/**
 * The one fixture of the browser tests: registers the spec file's beforeAll and afterAll, which boot
 * the built service as its own process (support/service.ts, `env` on top of its defaults) and
 * Debian's headless Chromium at once, and stop both (and anything `boot` started).
 *
 *   const app = consoleFixture('lead-distribution');
 *   const ui = await app.open();
 *   await ui.signIn(); // a new admin account, its second factor enrolled on the way
 */
export function consoleFixture<S extends ServiceName>(name: S, env: Record<string, string> = {}): ConsoleFixture<S> {
  let service: RunningService | undefined;
  let browser: Browser | undefined;
  const others: RunningService[] = [];
  const running = () => {
    if (!service || !browser) throw new Error('The console fixture is used before its beforeAll ran');
    return { service, browser };
  };

  beforeAll(async () => {
    const [booted, launched] = await Promise.allSettled([bootService(name, env), launchBrowser()]);
    // What started is kept, so that afterAll stops it even when the other failed.
    if (booted.status === 'fulfilled') service = booted.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [booted, launched]) if (result.status === 'rejected') throw result.reason;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([service, ...others].map((running) => running?.stop()));
  }, 60_000);

  /** An account on the service at `url` (the fixture's, or one `boot` started). */
  const operatorAt = async (url: string, role: OperatorRole = 'admin', name?: string): Promise<OperatorAccount> => {
    const body = newAccountBody(role, name);
    // Both documents have the platform's operator paths alike: the client of either creates the account.
    const client = apiClient<'lead-distribution'>(url, { 'X-API-Key': OPERATOR_KEY });
    const created = await ok(client.POST('/api/v1/admin/operators', { body }));
    return { ...body, id: created.id, recoveryCodes: [] };
  };

  return {
    operator: (role, name) => operatorAt(running().service.url, role, name),
    get url() {
      return running().service.url;
    },
    get browser() {
      return running().browser;
    },
    api: (key = OPERATOR_KEY) => apiClient<S>(running().service.url, { 'X-API-Key': key }),
    withToken: (accessToken) => apiClient<S>(running().service.url, { Authorization: `Bearer ${accessToken}` }),
    open: async (viewport = { width: 1280, height: 800 }, url = running().service.url) => {
      // Reduced motion: dialogs open without a transition, so a check never sees one half-faded.
      const context = await running().browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', reducedMotion: 'reduce' });
      const page = new ConsolePage(await context.newPage(), () => operatorAt(url));
      await page.page.goto(`${url}/console/`);
      return page;
    },
    boot: async (extra) => {
      const other = await bootService(name, { ...env, ...extra });
      others.push(other);
      return other;
    },
  };
}
