import { ok, until } from './support/api.js';
import type { ConsolePage } from './support/browser.js';
import { consoleFixture } from './support/fixture.js';
import { givenPartner, givenProduct } from './support/lead-distribution.js';

const app = consoleFixture('lead-distribution');

describe('console: products and providers', () => {
  let ui: ConsolePage;
  let partnerKey: string;

  beforeAll(async () => {
    ({ apiKey: partnerKey } = await givenPartner(app, '정책 읽는 파트너'));
    ui = await app.open();
    await ui.signIn();
  });
  afterAll(() => ui?.close());
  afterEach(() => expect(ui.problems).toEqual([]));

  it('sets a product AS policy text in the editor, which a partner API call then returns exactly, the previous text listed as a version', async () => {
    const { page } = ui;
    const { product } = await givenProduct(app, '콘솔 실손 상담 DB', '콘솔 공급사');
    await ok(
      app.api().PUT('/api/v1/admin/products/{id}/as-policy', {
        params: { path: { id: product.id } },
        body: { textContent: '이전 정책: 배정 후 3일 이내' },
      }),
    );

    await ui.openScreen('상품');
    await page.getByLabel('상품명 검색').fill('콘솔 실손');
    const row = page.getByRole('table', { name: '상품 목록' }).getByRole('row').filter({ hasText: '콘솔 실손 상담 DB' });
    await row.waitFor();
    await ui.check('products-list');

    await row.getByRole('button', { name: '콘솔 실손 상담 DB' }).click();
    await page.getByRole('heading', { level: 1, name: '콘솔 실손 상담 DB' }).waitFor();
    const editor = page.getByLabel('AS 정책 본문');
    await until('the saved text in the editor', async () => (await editor.inputValue()) === '이전 정책: 배정 후 3일 이내');

    const text = '배정 후 7일 이내 AS 신청 가능\n결번·없는 번호는 통화 기록을 첨부하세요.\n  (들여쓰기와 빈 줄도 그대로)\n\n끝.';
    await editor.fill(text);
    expect(await page.getByTestId('as-policy-preview').innerText()).toContain('결번·없는 번호는 통화 기록을 첨부하세요.');
    await page.getByRole('button', { name: '정책 저장' }).click();
    const versions = page.getByRole('table', { name: 'AS 정책 버전 (최신순)' });
    // The versions list read again after the save: the previous text can be loaded back.
    await versions
      .getByRole('row')
      .filter({ hasText: '이전 정책: 배정 후 3일 이내' })
      .getByRole('button', { name: '편집기로 불러오기' })
      .waitFor();
    await page.getByRole('button', { name: '알림 닫기' }).click();
    await ui.check('product-detail');

    // On a tablet the settings, the editor and its preview stack; nothing runs off the side.
    const tablet = await app.open({ width: 820, height: 1180 });
    await tablet.signIn();
    await tablet.page.goto(`${app.url}/console/products/${product.id}`);
    await tablet.page.getByRole('table', { name: 'AS 정책 버전 (최신순)' }).getByRole('row').nth(2).waitFor();
    await tablet.check('product-detail-tablet');
    expect(tablet.problems).toEqual([]);
    await tablet.close();

    const policy = await ok(
      app.api(partnerKey).GET('/api/v1/products/{productId}/as-policy', { params: { path: { productId: product.id } } }),
    );
    expect(policy.textContent).toBe(text);
    const listed = await ok(app.api().GET('/api/v1/admin/products/{id}/as-policy/versions', { params: { path: { id: product.id } } }));
    expect(listed.data.map((version) => version.textContent)).toEqual([text, '이전 정책: 배정 후 3일 이내']);
  });

  it('creates a product and changes its name, AS window and activity', async () => {
    const { page } = ui;
    await givenProduct(app, '편집 공급사의 첫 상품', '편집 공급사');
    await ui.openScreen('상품');
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
    // The product read again after the save: its heading, and the form from what the API kept.
    await page.getByRole('heading', { level: 1, name: '콘솔에서 고친 상품' }).waitFor();
    await settings.getByText('판매 중지').waitFor();

    // Back on the list (served from the cache, read again in the background): the change is there.
    await ui.openScreen('상품');
    await page.getByLabel('상품명 검색').fill('콘솔에서 고친');
    await page.getByRole('table', { name: '상품 목록' }).getByRole('row').filter({ hasText: '배정 후 14일' }).waitFor();

    const list = await ok(app.api().GET('/api/v1/admin/products', { params: { query: { search: '콘솔에서 고친 상품' } } }));
    expect(list.data).toEqual([
      expect.objectContaining({ asWindowDays: 14, active: false, provider: expect.objectContaining({ name: '편집 공급사' }) }),
    ]);
  });

  it('creates a provider, issues its key shown once, and revokes it after a confirm', async () => {
    const { page } = ui;
    await ui.openScreen('공급사');
    const form = page.getByRole('form', { name: '공급사 등록' });
    await form.getByRole('textbox', { name: '공급사명' }).fill('콘솔 신규 공급사');
    await form.getByRole('button', { name: '등록' }).click();
    await page.getByRole('heading', { level: 2, name: '콘솔 신규 공급사' }).waitFor();
    // The list read again after the registration.
    await page.getByRole('table', { name: '공급사 목록' }).getByRole('button', { name: '콘솔 신규 공급사' }).waitFor();

    await page.getByLabel('키 이름 (사용처)').fill('lead-sender');
    await page.getByRole('button', { name: '키 발급' }).click();
    const secret = (await page.getByTestId('secret-once').innerText()).trim();
    expect(secret).toMatch(/^ldk_/);
    await ui.check('providers');
    // The key works as a provider key: it registers leads, which a partner key may not list.
    expect((await app.api(secret).GET('/api/v1/leads')).response.status).toBe(403);
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await page.getByTestId('secret-once').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '폐기' }).click();
    await page.getByRole('dialog').getByText('되돌릴 수 없습니다', { exact: false }).waitFor();
    await ui.check('providers-revoke-confirm');
    await page.getByRole('dialog').getByRole('button', { name: '키 폐기' }).click();
    await page.getByText(/폐기됨/).waitFor();
    expect((await app.api(secret).GET('/api/v1/leads')).response.status).toBe(401);
  });
});
