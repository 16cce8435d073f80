import { ok } from './support/api.js';
import { consoleFixture } from './support/fixture.js';
import {
  claimTo,
  CLIENT,
  deliveryOf,
  givenOrganisation,
  QUICK_DELIVERY,
  REDIRECT_URI,
  signInPlanner,
  verificationBody,
} from './support/coverage-claims.js';

/** A number the sandbox fax gateway refuses as no fax line (INVALID_NUMBER), and one it delivers to. */
const NOT_A_FAX = '05051810003';
const RECEIVES = '05051811234';

const app = consoleFixture('coverage-claims', QUICK_DELIVERY);

const setClaimsFax = (code: string, claimsFax: string) =>
  ok(app.api().PATCH('/api/v1/admin/claim/insurers/{code}', { params: { path: { code } }, body: { claimsFax } }));

describe('coverage-claims console: organisations', () => {
  it('registers an organisation whose SSO secret, shown once, signs its planners in; edits its redirect URIs; rotates the secret after a confirm', async () => {
    const ui = await app.open();
    const { page } = ui;
    await page.getByRole('heading', { name: '보장분석·청구 운영 콘솔' }).waitFor();
    await ui.check('coverage-claims-sign-in');
    await ui.signIn();
    await ui.openScreen('조직');

    // A redirect URI the API refuses is named next to the field, by its line.
    await page.getByLabel('조직 이름').first().fill('새봄 보험대리점');
    await page.getByLabel('리디렉션 URI (한 줄에 하나)').first().fill(`${REDIRECT_URI}\nhttp://planner.example.com/callback`);
    await page.getByRole('button', { name: '등록하고 비밀키 발급' }).click();
    await page.getByText(/each must be an absolute https URL/).waitFor();
    await ui.check('coverage-claims-organisation-refused');

    await page.getByLabel('리디렉션 URI (한 줄에 하나)').first().fill(REDIRECT_URI);
    await page.getByRole('button', { name: '등록하고 비밀키 발급' }).click();
    const secret = (await page.getByTestId('secret-once').textContent())!.trim();
    const [registered] = (await ok(app.api().GET('/api/v1/admin/organisations', { params: { query: { search: '새봄' } } }))).data;
    expect(registered).toMatchObject({ name: '새봄 보험대리점', redirectUris: [REDIRECT_URI] });
    // The secret shown is the organisation's: an assertion it signs signs a planner in.
    await signInPlanner(app, { id: registered!.id, ssoSecret: secret }, '봄설계');
    await page.getByRole('row', { name: /새봄 보험대리점/ }).waitFor();
    await ui.check('coverage-claims-organisation-secret');
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await page.getByTestId('secret-once').waitFor({ state: 'detached' });

    // Its redirect URIs, edited in the detail beside the list.
    const detail = page.locator('form', { has: page.getByRole('button', { name: '저장' }) });
    await detail.getByLabel('리디렉션 URI (한 줄에 하나)').fill(`${REDIRECT_URI}\nhttps://planner.example.com/sso/second`);
    await detail.getByRole('button', { name: '저장' }).click();
    await page.getByRole('status').getByText('✓ 저장했습니다.').waitFor();
    // The list read again after the save: two redirect URIs.
    await page.getByRole('row', { name: /새봄 보험대리점 2개/ }).waitFor();
    const edited = await ok(app.api().GET('/api/v1/admin/organisations/{id}', { params: { path: { id: registered!.id } } }));
    expect(edited.redirectUris).toEqual([REDIRECT_URI, 'https://planner.example.com/sso/second']);

    await page.getByRole('button', { name: '비밀키 재발급' }).click();
    const dialog = page.getByRole('dialog', { name: '비밀키 재발급' });
    await dialog.getByText('새 비밀키는 한 번만 표시됩니다').waitFor();
    await ui.check('coverage-claims-organisation-rotate-confirm');
    await dialog.getByRole('button', { name: '재발급', exact: true }).click();
    const rotated = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(rotated).not.toBe(secret);
    await signInPlanner(app, { id: registered!.id, ssoSecret: rotated }, '봄설계');
    await expect(signInPlanner(app, { id: registered!.id, ssoSecret: secret }, '봄설계')).rejects.toThrow(/401/);
    expect(ui.problemsBut(400)).toEqual([]);
    await ui.close();
  });
});

describe('coverage-claims console: insurers’ claims fax numbers', () => {
  it('sets an insurer’s claims fax, and the API answers the new number to operators and planners', async () => {
    const planner = await signInPlanner(app, await givenOrganisation(app, '팩스 에셋'));
    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('보험사 청구 팩스');
    await page.getByLabel('이름 또는 코드 검색').fill('DB손해');
    await page
      .getByRole('table', { name: '보험사 목록' })
      .getByText(/총 1건/)
      .waitFor();
    await page
      .getByRole('row', { name: /DB손해보험/ })
      .getByText('미등록')
      .waitFor();
    await ui.check('coverage-claims-insurers');

    await page.getByRole('button', { name: 'DB손해보험 팩스 번호 수정' }).click();
    const dialog = page.getByRole('dialog', { name: 'DB손해보험 청구 팩스 번호' });
    await dialog.getByLabel('팩스 번호').fill('010-1234-5678');
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.getByText(/Korean fax number/).waitFor();
    await ui.check('coverage-claims-insurer-fax-refused');

    await dialog.getByLabel('팩스 번호').fill('0505-181-1234');
    await dialog.getByRole('button', { name: '저장' }).click();
    await page
      .getByRole('row', { name: /DB손해보험/ })
      .getByText('0505-181-1234')
      .waitFor();
    await ui.check('coverage-claims-insurer-fax-set');

    const operators = await ok(app.api().GET('/api/v1/admin/claim/insurers', { params: { query: { search: 'N03' } } }));
    expect(operators.data).toEqual([expect.objectContaining({ code: 'N03', claimsFax: RECEIVES, claimsFaxUpdatedAt: expect.any(String) })]);
    const planners = await ok(app.withToken(planner).GET('/api/v1/claim/insurers'));
    expect(planners.data.find((insurer) => insurer.code === 'N03')?.claimsFax).toBe(RECEIVES);
    expect(ui.problemsBut(400)).toEqual([]);
    await ui.close();
  });
});

describe('coverage-claims console: claim deliveries', () => {
  it('shows a FAILED claim with its reason in Korean and no client data, and resends it after a confirm once its fax is mended', async () => {
    const organisation = await givenOrganisation(app, '전송 에셋');
    const planner = await signInPlanner(app, organisation);
    await setClaimsFax('N05', NOT_A_FAX);
    const { claimReqId } = await ok(app.withToken(planner).POST('/api/v1/claim/requests', { body: claimTo('N05') }));
    expect((await deliveryOf(app, organisation.id, claimReqId)).status).toBe('FAILED');

    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('청구 전송');
    const row = page.getByRole('row', { name: new RegExp(`#${claimReqId}\\b`) });
    // The reason in Korean, by its kind (INVALID_NUMBER), never the gateway's English.
    await row.getByText('사용 중인 팩스 번호가 아닙니다. 보험사 청구 팩스 번호를 확인하세요.').waitFor();
    await row.getByText('INVALID_NUMBER', { exact: true }).waitFor();
    expect(await row.textContent()).not.toMatch(/not a fax/i);
    await row.getByText('전송실패').waitFor();
    await row.getByText('0505-181-0003').waitFor();
    // The client's name, birthday, phone and account never reach the operator.
    const table = (await page.getByRole('table', { name: '청구 전송 목록' }).textContent())!;
    for (const personal of Object.values(CLIENT)) expect(table).not.toContain(personal);
    await ui.check('coverage-claims-deliveries-failed');

    await setClaimsFax('N05', RECEIVES);
    await row.getByRole('button', { name: '재전송' }).click();
    const dialog = page.getByRole('dialog', { name: '재전송' });
    await dialog.getByText(/현재 청구 팩스 번호로 다시 보냅니다/).waitFor();
    await ui.check('coverage-claims-delivery-resend-confirm');
    await dialog.getByRole('button', { name: '다시 보내기' }).click();
    await page.getByText(`청구 #${claimReqId} 재전송 접수`).waitFor();
    expect((await deliveryOf(app, organisation.id, claimReqId)).status).toBe('SENT');

    await page.getByRole('combobox', { name: '상태' }).click();
    await page.getByRole('option', { name: '전송완료' }).click();
    await page
      .getByRole('row', { name: new RegExp(`#${claimReqId}\\b`) })
      .getByText('0505-181-1234')
      .waitFor();
    await ui.check('coverage-claims-deliveries-sent');
    // On a tablet the navigation folds behind the menu button and the table scrolls sideways in its region.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('button', { name: '메뉴 열기' }).waitFor();
    await ui.check('coverage-claims-deliveries-tablet');
    expect(ui.problems).toEqual([]);
    await ui.close();
  });

  it('says a refusal of the API in Korean by its code, not the API’s English detail', async () => {
    // A claim that is not FAILED cannot be sent again: the API answers 409 CLAIM_NOT_FAILED.
    const organisation = await givenOrganisation(app, '거절 에셋');
    const planner = await signInPlanner(app, organisation);
    await setClaimsFax('N06', NOT_A_FAX);
    const { claimReqId } = await ok(app.withToken(planner).POST('/api/v1/claim/requests', { body: claimTo('N06') }));
    await deliveryOf(app, organisation.id, claimReqId);

    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('청구 전송');
    const row = page.getByRole('row', { name: new RegExp(`#${claimReqId}\\b`) });
    await row.getByRole('button', { name: '재전송' }).click();
    // Meanwhile another operator mended the fax and sent it again: it is on its way or SENT, no longer FAILED.
    await setClaimsFax('N06', RECEIVES);
    await ok(
      app.api().POST('/api/v1/admin/claim/requests/{claimReqId}/resend', {
        params: { path: { claimReqId }, header: { 'Idempotency-Key': `other-operator-${claimReqId}` } },
      }),
    );
    const dialog = page.getByRole('dialog', { name: '재전송' });
    await dialog.getByRole('button', { name: '다시 보내기' }).click();
    const problem = dialog.getByTestId('problem');
    await problem.getByText('전송에 실패한 청구만 다시 보낼 수 있습니다. 목록을 새로 불러와 상태를 확인하세요.').waitFor();
    await problem.getByText(/^CLAIM_NOT_FAILED · 요청 ID /).waitFor();
    expect(await problem.textContent()).not.toContain('only a FAILED claim');
    await ui.check('coverage-claims-delivery-resend-refused');
    expect(ui.problemsBut(409)).toEqual([]);
    await ui.close();
  });
});

describe('coverage-claims console: sandbox text messages', () => {
  it('shows the sandbox’s messages with the one-time number', async () => {
    const planner = await signInPlanner(app, await givenOrganisation(app, '문자 에셋'));
    const body = verificationBody();
    await ok(app.withToken(planner).POST('/api/v1/coverage/verifications', { body }));

    const ui = await app.open();
    const { page } = ui;
    await ui.signIn();
    await ui.openScreen('샌드박스 문자');
    await page
      .getByRole('row', { name: new RegExp(body.phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3')) })
      .getByText(/인증번호는 \[\d{6}\]/)
      .waitFor();
    await ui.check('coverage-claims-sandbox-messages');
    expect(ui.problems).toEqual([]);
    await ui.close();
  });

  it('leaves the screen out of the navigation where a real SMS adapter is selected', async () => {
    const real = await app.boot({
      SMS_ADAPTER: 'solapi',
      SOLAPI_API_KEY: 'NCSTESTKEY0000000',
      SOLAPI_API_SECRET: 'TESTSECRET00000000000000000000000',
      SOLAPI_SENDER: '0212345678',
      SOLAPI_BASE_URL: 'https://127.0.0.1:9',
    });
    const ui = await app.open(undefined, real.url);
    await ui.signIn();
    await ui.openScreen('청구 전송');
    const navigation = ui.page.getByRole('navigation', { name: '화면' });
    await expect(navigation.getByRole('link').allTextContents()).resolves.toEqual([
      '조직',
      '보험사 청구 팩스',
      '청구 전송',
      '접속기록',
      '접속기록 월간 점검',
      '운영자 계정',
      '내 계정',
    ]);
    // The probe's 404 is the answer, not a failure of the page.
    expect(ui.problemsBut(404)).toEqual([]);
    await ui.close();
  });
});
