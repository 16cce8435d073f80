import type { Page } from 'playwright-core';
import { ok } from './support/api.js';
import { consoleFixture } from './support/fixture.js';
import { nextTotpCode, wrongTotpCode } from './support/operators.js';

const app = consoleFixture('lead-distribution');

/** The session cookie as the browser keeps it (the console's scripts cannot read it: HttpOnly). */
async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === '__Host-operator_session');
}

describe('lead-distribution console: sign-in with a password and a second factor', () => {
  it('enrols the second factor at the first sign-in, keeps the session in an HttpOnly cookie only, and ends it on sign-out', async () => {
    const account = await app.operator('admin', '한지우');
    const ui = await app.open();
    const { page } = ui;
    await page.getByRole('heading', { name: '리드 배분 운영 콘솔' }).waitFor();
    await ui.check('i41-console-sign-in');

    // A wrong password: refused without saying which of the two was wrong.
    await ui.submitPassword({ email: account.email, password: `${account.password}x` });
    await page.getByRole('alert').getByText('이메일 또는 비밀번호가 올바르지 않습니다.', { exact: false }).waitFor();
    await ui.check('i41-console-sign-in-refused');

    // The right one: the first sign-in enrols the authenticator (a QR code of the otpauth URI, and the secret as text).
    await ui.submitPassword(account);
    await page.getByRole('heading', { name: '2단계 인증 등록' }).waitFor();
    await page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' }).waitFor();
    account.secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(account.secret).toMatch(/^[A-Z2-7]{16,}$/);
    await ui.check('i41-console-enrol-second-factor');
    // A wrong code is refused, and the page stays.
    await ui.submitCode(wrongTotpCode(account.secret));
    await page.getByRole('alert').getByText('코드가 올바르지 않거나', { exact: false }).waitFor();
    await ui.check('i41-console-enrol-refused');

    await ui.submitCode(nextTotpCode(account));
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    account.recoveryCodes = await codes.allTextContents();
    expect(account.recoveryCodes).toHaveLength(10);
    await ui.check('i41-console-recovery-codes');
    await page.getByRole('button', { name: '보관했습니다. 콘솔 열기' }).click();
    await page.getByRole('navigation', { name: '화면' }).waitFor();
    await page.getByTestId('signed-in-as').getByText('한지우 · 관리자').waitFor();

    // The session: an HttpOnly, Secure, SameSite=Strict cookie set by the API; the tab keeps only the
    // CSRF token the sign-in answered (worthless without the cookie), nothing in localStorage.
    const cookie = await sessionCookie(page);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => [Object.keys(sessionStorage), localStorage.length])).toEqual([['console.csrfToken'], 0]);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('');
    // A reload keeps it (the console asks the API who is signed in); a new browser context does not have it.
    // A state-changing call after the reload carries the token: sign-out below ends the session.
    await page.reload();
    await page.getByRole('navigation', { name: '화면' }).waitFor();
    const other = await app.open();
    await other.page.getByLabel('이메일').waitFor();
    await other.close();

    // Sign-out ends the session on the API: the old cookie is refused afterwards.
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByLabel('이메일').waitFor();
    expect(await sessionCookie(page)).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const replayed = await fetch(`${app.url}/api/v1/admin/session`, { headers: { Cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(replayed.status).toBe(401);

    // Signing in again asks the code only (enrolled); a recovery code works once in its place.
    await ui.submitPassword(account);
    await page.getByRole('heading', { name: '2단계 인증', exact: true }).waitFor();
    await page.getByRole('button', { name: '복구 코드로 로그인' }).click();
    await ui.check('i41-console-recovery-code-step');
    await ui.submitCode(account.recoveryCodes[0]!, '복구 코드');
    await page.getByRole('navigation', { name: '화면' }).waitFor();
    expect(ui.problemsBut(401)).toEqual([]);
    await ui.close();
  });

  it('returns to the sign-in page when the session is refused (the account disabled by an admin)', async () => {
    const ui = await app.open();
    const account = await ui.signIn(await app.operator('viewer', '박조회'));
    // A viewer sees neither the accounts nor the access records in the navigation.
    const navigation = ui.page.getByRole('navigation', { name: '화면' });
    await navigation.getByRole('link', { name: '내 계정' }).waitFor();
    expect(await navigation.getByRole('link', { name: '운영자 계정' }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: '접속기록' }).count()).toBe(0);

    await ok(app.api().PATCH('/api/v1/admin/operators/{id}', { params: { path: { id: account.id } }, body: { disabled: true } }));
    // The next request of the page is refused: the console is back at the sign-in page.
    await navigation.getByRole('link', { name: '내 계정' }).click();
    await ui.page.getByLabel('이메일').waitFor();
    expect(ui.problemsBut(401)).toEqual([]);
    await ui.close();
  });
});
