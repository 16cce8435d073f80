import { ok } from './support/api.js';
import { consoleFixture } from './support/fixture.js';

const app = consoleFixture('lead-distribution');

describe('lead-distribution console: serving', () => {
  it('is served under /console/ with its own strict CSP, and every screen address answers the page', async () => {
    const page = await fetch(`${app.url}/console/partners`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const asset = (await page.text()).match(/\/console\/assets\/[^"]+\.js/)![0];
    const script = await fetch(`${app.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toContain('immutable');
    // No CORS: the console calls its own origin.
    const preflight = await fetch(`${app.url}/api/v1/admin/partners`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('lead-distribution console: partners and their keys', () => {
  it('shows the tree, issues a partner key shown once that works, and revokes it after a confirm', async () => {
    const agency = await ok(app.api().POST('/api/v1/admin/partners', { body: { name: '한빛 보험대리점' } }));
    const branch = await ok(app.api().POST('/api/v1/admin/partners', { body: { name: '한빛 강남지점', parentId: agency.id } }));
    await ok(app.api().POST('/api/v1/admin/partners', { body: { name: '한빛 강남1팀', parentId: branch.id } }));

    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('파트너');
    await page.getByLabel('이름 검색').fill('한빛');
    await page.getByRole('cell', { name: '한빛 강남지점' }).click();
    // Its place in the tree: the agency above it, its team below (expanded on demand).
    await page.getByLabel('상위 조직').getByText('한빛 보험대리점').waitFor();
    await page.getByRole('button', { name: '한빛 강남1팀 하위 펼치기' }).waitFor();
    await ui.check('lead-distribution-partners');

    await page.getByLabel('키 이름 (사용처)').fill('crm-production');
    await page.getByRole('button', { name: '키 발급' }).click();
    const apiKey = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(apiKey).toMatch(/^ldk_/);
    await ui.check('lead-distribution-partner-key-issued');
    // The key shown is the partner's: it works for that partner.
    expect((await app.api(apiKey).GET('/api/v1/orders')).response.status).toBe(200);
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await page.getByTestId('secret-once').waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /crm-production/ });
    await row.getByRole('button', { name: '폐기' }).click();
    const dialog = page.getByRole('dialog', { name: '폐기' });
    await dialog.getByText('되돌릴 수 없습니다').waitFor();
    await ui.check('lead-distribution-partner-key-revoke-confirm');
    await dialog.getByRole('button', { name: '키 폐기' }).click();
    await row.getByText(/폐기됨/).waitFor();
    expect((await app.api(apiKey).GET('/api/v1/orders')).response.status).toBe(401);
    expect(ui.problems).toEqual([]);
    await ui.close();
  });
});
