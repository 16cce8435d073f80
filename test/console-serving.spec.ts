import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { consoleDirectives, loadConfig, ServiceConfig } from '#platform';
import { startLeadDistribution, type LeadDistributionTestApp } from '../apps/lead-distribution/test/support/lead-distribution.js';

/**
 * How a service serves its operator console (libs/platform/src/http/console.ts), on a stand-in build
 * (a page and two assets), so that `npm test` checks it without a browser: the page at every screen
 * address, never cached; hashed assets cached for good; a missing asset a 404; the console's own
 * CSP on all of it and the API's everywhere else. The browser tests (`npm run test:console`) run the
 * real build.
 */
const PAGE =
  '<!doctype html><html lang="ko"><head><script type="module" src="/console/assets/index-abc123.js"></script></head><body></body></html>';

let directory: string;
let app: LeadDistributionTestApp;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'console-build-'));
  await mkdir(path.join(directory, 'assets'));
  await writeFile(path.join(directory, 'index.html'), PAGE);
  await writeFile(path.join(directory, 'assets', 'index-abc123.js'), 'console.log("console");\n');
  await writeFile(path.join(directory, 'assets', 'font-def456.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  app = await startLeadDistribution({
    env: { CONSOLE_DIR: directory, CONSOLE_MEDIA_ORIGINS: 'https://evidence.s3.ap-northeast-2.amazonaws.com' },
  });
});

afterAll(async () => {
  await app?.close();
  await rm(directory, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${app.url}${url}`, { redirect: 'manual' });

describe('the operator console served at /console/', () => {
  it.each(['/console/', '/console/partners', '/console/as-requests/0b6c1a84-0000-4000-8000-000000000000'])(
    '%s answers the page, not cached, under the console policy',
    async (url) => {
      const answer = await get(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(await answer.text()).toBe(PAGE);
      const csp = answer.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|data:|blob:)/);
      expect(csp).toContain("connect-src 'self' https://evidence.s3.ap-northeast-2.amazonaws.com");
      expect(csp).toContain("img-src 'self' data: blob: https://evidence.s3.ap-northeast-2.amazonaws.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('redirects /console to /console/', async () => {
    const answer = await get('/console');
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/console/');
  });

  it('serves hashed assets cached for a year, and a missing one as a 404 problem, not the page', async () => {
    const script = await get('/console/assets/index-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('console.log("console");\n');
    expect((await get('/console/assets/font-def456.woff2')).headers.get('content-type')).toBe('font/woff2');

    const missing = await get('/console/assets/index-old999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Nothing outside the build's assets is reachable through them.
    expect((await get('/console/assets/..%2findex.html')).status).toBe(404);
    expect((await get('/console/assets/%2e%2e/%2e%2e/package.json')).status).toBe(404);
  });

  it('leaves the API under its own policy', async () => {
    const answer = await get('/health/live');
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
    );
  });
});

describe('console configuration', () => {
  it('takes origins only, without a path, for CONSOLE_MEDIA_ORIGINS', () => {
    expect(() => loadConfig(ServiceConfig, { CONSOLE_MEDIA_ORIGINS: 'https://cdn.example.com/evidence' })).toThrow(/CONSOLE_MEDIA_ORIGINS/);
    expect(() => loadConfig(ServiceConfig, { CONSOLE_MEDIA_ORIGINS: "https://a.example; script-src 'unsafe-eval'" })).toThrow(
      /CONSOLE_MEDIA_ORIGINS/,
    );
    expect(loadConfig(ServiceConfig, { CONSOLE_MEDIA_ORIGINS: 'https://a.example,http://127.0.0.1:9000' }).CONSOLE_MEDIA_ORIGINS).toEqual([
      'https://a.example',
      'http://127.0.0.1:9000',
    ]);
  });

  it('lets only the storage origins beside its own', () => {
    const directives = consoleDirectives([]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toBeUndefined();
  });
});

describe('a service without a console build', () => {
  let bare: LeadDistributionTestApp;
  afterAll(() => bare?.close());

  it('answers /console/ with 404 when CONSOLE_DIR is off', async () => {
    bare = await startLeadDistribution({ env: { CONSOLE_DIR: 'off' } });
    expect((await fetch(`${bare.url}/console/`)).status).toBe(404);
  });
});
