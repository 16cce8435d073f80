import { consoleFixture, OPERATOR_KEY } from './support/fixture.js';

// The accounts screen is the platform's, in both consoles: here coverage-claims'.
const app = consoleFixture('coverage-claims');

async function adminCall(method: string, path: string, key = OPERATOR_KEY): Promise<Response> {
  return fetch(`${app.url}${path}`, { method, headers: { 'X-API-Key': key } });
}

describe('coverage-claims console: operator accounts', () => {
  it('creates an account, changes its role, disables and enables it, and shows its history', async () => {
    const ui = await app.open();
    const { page } = ui;
    await ui.signIn(await app.operator('admin', '관리자 김'));
    await ui.openScreen('운영자 계정');
    await ui.check('i41-console-operators');

    const email = `jiwoo.han.${Date.now()}@example.com`;
    const form = page.getByRole('form', { name: '운영자 계정 만들기' });
    await form.getByLabel('이름').fill('한지우');
    await form.getByLabel('이메일').fill(email);
    await form.getByRole('combobox', { name: '역할' }).click();
    await page.getByRole('option', { name: '조회자' }).click();
    // A password the notice's guide refuses (too short) is said under its field.
    await form.getByLabel('처음 비밀번호').fill('short');
    await form.getByRole('button', { name: '계정 만들기' }).click();
    await form
      .getByText(/password|비밀번호/)
      .first()
      .waitFor();
    const password = 'Hanjiwoo-2026!';
    await form.getByLabel('처음 비밀번호').fill(password);
    await form.getByRole('button', { name: '계정 만들기' }).click();

    // Created and opened: its role, its state, its history (granted by this admin).
    const detail = page.getByRole('heading', { level: 2, name: '한지우' });
    await detail.waitFor();
    await page.getByRole('table', { name: '한지우 계정 이력' }).getByText('계정 생성', { exact: false }).waitFor();
    await ui.check('i41-console-operator-created');

    await page.getByRole('combobox', { name: '역할 바꾸기' }).click();
    await page.getByRole('option', { name: '심사자' }).click();
    await page.getByRole('button', { name: '역할 저장' }).click();
    await page.getByRole('table', { name: '한지우 계정 이력' }).getByText('역할 변경: 조회자 → 심사자').waitFor();
    await page
      .getByRole('table', { name: '운영자 계정 목록' })
      .getByRole('row', { name: /한지우/ })
      .getByText('심사자')
      .waitFor();

    // A forgotten password: the admin sets a new one (the old one stops working).
    const renewed = 'Hanjiwoo-2027!';
    const reset = page.getByRole('form', { name: '비밀번호 재설정' });
    await reset.getByLabel('새 비밀번호').fill(renewed);
    await reset.getByRole('button', { name: '비밀번호 재설정' }).click();
    await page.getByRole('table', { name: '한지우 계정 이력' }).getByText('비밀번호 재설정').waitFor();

    await page.getByRole('button', { name: '비활성화' }).click();
    const dialog = page.getByRole('dialog', { name: '비활성화' });
    await dialog.getByText('다음 요청부터 거부됩니다', { exact: false }).waitFor();
    await ui.check('i41-console-operator-disable-confirm');
    await dialog.getByRole('button', { name: '비활성화' }).click();
    await page.getByRole('table', { name: '한지우 계정 이력' }).getByText('비활성화').waitFor();
    // Disabled: its password no longer signs in.
    const refused = await fetch(`${app.url}/api/v1/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(refused.status).toBe(401);
    await ui.check('i41-console-operator-disabled');

    await page.getByRole('button', { name: '다시 활성화' }).click();
    await page.getByRole('dialog', { name: '다시 활성화' }).getByRole('button', { name: '다시 활성화' }).click();
    await page
      .getByRole('table', { name: '한지우 계정 이력' })
      .getByText(/^활성화/)
      .waitFor();
    const again = await fetch(`${app.url}/api/v1/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: renewed }),
    });
    expect(again.status).toBe(200);
    expect(ui.problemsBut(400, 401)).toEqual([]);
    await ui.close();
  });

  it('issues a personal API key shown once that works as its account, and revokes it', async () => {
    const ui = await app.open();
    const { page } = ui;
    const account = await ui.signIn(await app.operator('reviewer', '이심사'));
    await ui.openScreen('내 계정');
    await page.getByLabel('키 이름 (사용처)').fill('monthly-report');
    await page.getByRole('button', { name: '키 발급' }).click();
    const apiKey = (await page.getByTestId('secret-once').textContent())!.trim();
    await ui.check('i41-console-my-account-key-issued');
    // The key is the account's: the API says who it is.
    const me = await adminCall('GET', '/api/v1/admin/session', apiKey);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { account: { id: string } }).account.id).toBe(account.id);
    await page.getByRole('button', { name: '확인했습니다' }).click();

    const row = page.getByRole('row', { name: /monthly-report/ });
    await row.getByRole('button', { name: '폐기' }).click();
    await page.getByRole('dialog', { name: '폐기' }).getByRole('button', { name: '키 폐기' }).click();
    await row.getByText('폐기됨').waitFor();
    expect((await adminCall('GET', '/api/v1/admin/session', apiKey)).status).toBe(401);
    await ui.check('i41-console-my-account');

    // An admin sees the key in the account's history.
    const admin = await app.open();
    await admin.signIn();
    await admin.openScreen('운영자 계정');
    await admin.page.getByRole('table', { name: '운영자 계정 목록' }).getByRole('cell', { name: '이심사' }).click();
    await admin.page.getByRole('table', { name: '이심사 계정 이력' }).getByText('API 키 폐기', { exact: false }).waitFor();
    expect([...ui.problemsBut(401), ...admin.problems]).toEqual([]);
    await admin.close();
    await ui.close();
  });
});
