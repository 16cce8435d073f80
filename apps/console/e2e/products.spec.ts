import type { Browser, Page } from 'playwright-core';
import { given } from '../../lead-distribution/test/support/given.js';
import {
  OPERATOR_KEY,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from '../../lead-distribution/test/support/lead-distribution.js';
import {
  consoleEnv,
  expectNoSeriousA11yViolations,
  launchBrowser,
  openConsole,
  openScreen,
  screenshot,
  signIn,
} from './support/console.js';

describe('console: products and providers', () => {
  let app: LeadDistributionTestApp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let partnerKey: string;

  beforeAll(async () => {
    app = await startLeadDistribution({ env: consoleEnv('lead-distribution') });
    browser = await launchBrowser();
    ({ apiKey: partnerKey } = await given(app).partner('정책 읽는 파트너').key());
    ({ page, problems } = await openConsole(browser, app.url));
    await signIn(page, OPERATOR_KEY);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  it('sets a product AS policy text in the editor, which a partner API call then returns exactly, the previous text listed as a version', async () => {
    const { product } = await given(app).provider('콘솔 공급사').product('콘솔 실손 상담 DB');
    await withKey(app, OPERATOR_KEY)
      .put(`/api/v1/admin/products/${product.id}/as-policy`)
      .send({ textContent: '이전 정책: 배정 후 3일 이내' })
      .expect(200);

    await openScreen(page, '상품');
    await page.getByLabel('상품명 검색').fill('콘솔 실손');
    const row = page.getByRole('table', { name: '상품 목록' }).getByRole('row').filter({ hasText: '콘솔 실손 상담 DB' });
    await row.waitFor();
    // Off the navigation link just clicked: its hover colour is not what the screen looks like.
    await page.mouse.move(640, 700);
    await screenshot(page, 'products-list');
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: '콘솔 실손 상담 DB' }).click();
    await page.getByRole('heading', { level: 1, name: '콘솔 실손 상담 DB' }).waitFor();
    const editor = page.getByLabel('AS 정책 본문');
    await until(async () => (await editor.inputValue()) === '이전 정책: 배정 후 3일 이내');

    const text = '배정 후 7일 이내 AS 신청 가능\n결번·없는 번호는 통화 기록을 첨부하세요.\n  (들여쓰기와 빈 줄도 그대로)\n\n끝.';
    await editor.fill(text);
    expect(await page.getByTestId('as-policy-preview').innerText()).toContain('결번·없는 번호는 통화 기록을 첨부하세요.');
    await page.getByRole('button', { name: '정책 저장' }).click();
    const versions = page.getByRole('table', { name: 'AS 정책 버전 (최신순)' });
    await versions
      .getByRole('row')
      .filter({ hasText: '이전 정책: 배정 후 3일 이내' })
      .getByRole('button', { name: '편집기로 불러오기' })
      .waitFor();
    await page.getByRole('button', { name: '알림 닫기' }).click();
    await screenshot(page, 'product-detail');
    await expectNoSeriousA11yViolations(page);

    // On a tablet the settings, the editor and its preview stack; nothing runs off the side.
    const tablet = await openConsole(browser, app.url, { width: 820, height: 1180 });
    await signIn(tablet.page, OPERATOR_KEY);
    await tablet.page.goto(`${app.url}/console/products/${product.id}`);
    await tablet.page.getByRole('table', { name: 'AS 정책 버전 (최신순)' }).getByRole('row').nth(2).waitFor();
    await screenshot(tablet.page, 'product-detail-tablet');
    await expectNoSeriousA11yViolations(tablet.page);
    expect(tablet.problems).toEqual([]);
    await tablet.page.context().close();

    const answer = await withKey(app, partnerKey).get(`/api/v1/products/${product.id}/as-policy`).expect(200);
    expect(answer.body.textContent).toBe(text);
    const listed = await withKey(app, OPERATOR_KEY).get(`/api/v1/admin/products/${product.id}/as-policy/versions`).expect(200);
    expect(listed.body.data.map((version: { textContent: string }) => version.textContent)).toEqual([text, '이전 정책: 배정 후 3일 이내']);
  });

  it('creates a product and changes its name, AS window and activity', async () => {
    await given(app).provider('편집 공급사').product('편집 공급사의 첫 상품');
    await openScreen(page, '상품');
    const form = page.getByRole('form', { name: '상품 등록' });
    await form.getByRole('textbox', { name: '상품명' }).fill('콘솔에서 만든 상품');
    await form.getByRole('combobox', { name: '공급사' }).fill('편집 공급사');
    await page.getByRole('option', { name: '편집 공급사' }).click();
    await form.getByRole('button', { name: '등록' }).click();
    await page.getByRole('heading', { level: 1, name: '콘솔에서 만든 상품' }).waitFor();

    const settings = page.getByRole('form', { name: '상품 설정' });
    await settings.getByRole('textbox', { name: '상품명' }).fill('콘솔에서 고친 상품');
    await settings.getByRole('textbox', { name: 'AS 신청 기간 (배정 후 일수)' }).fill('14');
    await settings.getByRole('switch', { name: /판매 중/ }).uncheck();
    await settings.getByRole('button', { name: '설정 저장' }).click();
    await page.getByRole('heading', { level: 1, name: '콘솔에서 고친 상품' }).waitFor();

    const list = await withKey(app, OPERATOR_KEY).get('/api/v1/admin/products').query({ search: '콘솔에서 고친 상품' }).expect(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ asWindowDays: 14, active: false, provider: expect.objectContaining({ name: '편집 공급사' }) }),
    ]);
  });

  it('creates a provider, issues its key shown once, and revokes it after a confirm', async () => {
    await openScreen(page, '공급사');
    const form = page.getByRole('form', { name: '공급사 등록' });
    await form.getByRole('textbox', { name: '공급사명' }).fill('콘솔 신규 공급사');
    await form.getByRole('button', { name: '등록' }).click();
    await page.getByRole('heading', { level: 2, name: '콘솔 신규 공급사' }).waitFor();

    await page.getByLabel('키 이름 (사용처)').fill('lead-sender');
    await page.getByRole('button', { name: '키 발급' }).click();
    const secret = await page.getByTestId('secret-once').innerText();
    expect(secret).toMatch(/^ldk_/);
    await screenshot(page, 'providers');
    await expectNoSeriousA11yViolations(page);
    // The key works as a provider key: it registers leads, which a partner key may not list.
    await withKey(app, secret.trim()).get('/api/v1/leads').expect(403);
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await page.getByTestId('secret-once').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '폐기' }).click();
    await page.getByRole('dialog').getByText('되돌릴 수 없습니다', { exact: false }).waitFor();
    await screenshot(page, 'providers-revoke-confirm');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: '키 폐기' }).click();
    await page.getByText(/폐기됨/).waitFor();
    await withKey(app, secret.trim()).get('/api/v1/leads').expect(401);
  });
});

/** Waits until `check` holds (the page answers asynchronously), failing after five seconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > 5000) throw new Error(`not true after 5 s: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
