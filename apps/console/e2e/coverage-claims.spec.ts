import type { Browser, Page } from 'playwright-core';
import type { AdminClaimInsurerListDto, ClaimInsurerListDto, OrganisationListDto, OrganisationWithSecretDto } from '#contracts';
import {
  asOperator,
  OPERATOR_KEY,
  REDIRECT_URI,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
} from '../../coverage-claims/test/support/coverage-claims.js';
import { QUICK_DELIVERY, fileClaim, waitForDelivery } from '../../coverage-claims/test/support/claim-delivery.js';
import { claimBody } from '../../coverage-claims/test/support/claim-body.js';
import { given } from '../../coverage-claims/test/support/given.js';
import {
  consoleEnv,
  expectNoSeriousA11yViolations,
  launchBrowser,
  openConsole,
  openScreen,
  screenshot,
  signIn,
} from './support/console.js';

/** What the page logged for the refusals a test provokes (the browser reports each as a failed resource). */
const unexpected = (problems: string[], ...statuses: number[]) =>
  problems.filter((problem) => !statuses.some((status) => problem.includes(`status of ${status}`)));

/**
 * The screen at rest for its check and screenshot: its lists loaded, and the pointer off the
 * navigation (a hovered entry is drawn in other colours than the page has at rest).
 */
async function settled(page: Page): Promise<void> {
  await page.mouse.move(1279, 799);
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/** A number the sandbox fax gateway refuses as no fax line (INVALID_NUMBER), and one it delivers to. */
const NOT_A_FAX = '05051810003';
const RECEIVES = '05051811234';

let app: CoverageClaimsTestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startCoverageClaims({ env: { ...consoleEnv('coverage-claims'), ...QUICK_DELIVERY } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(): Promise<{ page: Page; problems: string[] }> {
  const console = await openConsole(browser, app.url);
  await signIn(console.page, OPERATOR_KEY);
  return console;
}

describe('coverage-claims console: organisations', () => {
  it('registers an organisation whose SSO secret, shown once, signs its planners in; edits its redirect URIs; rotates the secret after a confirm', async () => {
    const { page, problems } = await openConsole(browser, app.url);
    await page.getByRole('heading', { name: '보장분석·청구 운영 콘솔' }).waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-sign-in');
    await signIn(page, OPERATOR_KEY);
    await openScreen(page, '조직');

    // A redirect URI the API refuses is named next to the field, by its line.
    await page.getByLabel('조직 이름').first().fill('새봄 보험대리점');
    await page.getByLabel('리디렉션 URI (한 줄에 하나)').first().fill(`${REDIRECT_URI}\nhttp://planner.example.com/callback`);
    await page.getByRole('button', { name: '등록하고 비밀키 발급' }).click();
    await page.getByText(/each must be an absolute https URL/).waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-organisation-refused');

    await page.getByLabel('리디렉션 URI (한 줄에 하나)').first().fill(REDIRECT_URI);
    await page.getByRole('button', { name: '등록하고 비밀키 발급' }).click();
    const secret = (await page.getByTestId('secret-once').textContent())!.trim();
    const registered = (
      (await asOperator(app).get('/api/v1/admin/organisations').query({ search: '새봄' }).expect(200)).body as OrganisationListDto
    ).data[0]!;
    expect(registered).toMatchObject({ name: '새봄 보험대리점', redirectUris: [REDIRECT_URI] });
    // The secret shown is the organisation's: an assertion it signs signs a planner in.
    await given(app)
      .planner({ organisation: { ...registered, ssoSecret: secret } as OrganisationWithSecretDto, name: '봄설계' })
      .token();
    await page.getByRole('row', { name: /새봄 보험대리점/ }).waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-organisation-secret');
    await page.getByRole('button', { name: '확인했습니다' }).click();
    await expect(page.getByTestId('secret-once').count()).resolves.toBe(0);

    // Its redirect URIs, edited in the detail beside the list.
    const detail = page.locator('form', { has: page.getByRole('button', { name: '저장' }) });
    await detail.getByLabel('리디렉션 URI (한 줄에 하나)').fill(`${REDIRECT_URI}\nhttps://planner.example.com/sso/second`);
    await detail.getByRole('button', { name: '저장' }).click();
    await page.getByRole('status').getByText('✓ 저장했습니다.').waitFor();
    const edited = (await asOperator(app).get(`/api/v1/admin/organisations/${registered.id}`).expect(200))
      .body as OrganisationWithSecretDto;
    expect(edited.redirectUris).toEqual([REDIRECT_URI, 'https://planner.example.com/sso/second']);

    await page.getByRole('button', { name: '비밀키 재발급' }).click();
    const dialog = page.getByRole('dialog', { name: '비밀키 재발급' });
    await dialog.getByText('새 비밀키는 한 번만 표시됩니다').waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-organisation-rotate-confirm');
    await dialog.getByRole('button', { name: '재발급', exact: true }).click();
    const rotated = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(rotated).not.toBe(secret);
    await given(app)
      .planner({ organisation: { ...registered, ssoSecret: rotated } as OrganisationWithSecretDto, name: '봄설계' })
      .token();
    expect(unexpected(problems, 400)).toEqual([]);
    await page.context().close();
  });
});

describe('coverage-claims console: insurers’ claims fax numbers', () => {
  it('sets an insurer’s claims fax, and the API answers the new number to operators and planners', async () => {
    const planner = await given(app).planner({ organisation: '팩스 에셋' }).token();
    const { page, problems } = await signedIn();
    await openScreen(page, '보험사 청구 팩스');
    await page.getByLabel('이름 또는 코드 검색').fill('DB손해');
    await page
      .getByRole('table', { name: '보험사 목록' })
      .getByText(/총 1건/)
      .waitFor();
    await page
      .getByRole('row', { name: /DB손해보험/ })
      .getByText('미등록')
      .waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-insurers');

    await page.getByRole('button', { name: 'DB손해보험 팩스 번호 수정' }).click();
    const dialog = page.getByRole('dialog', { name: 'DB손해보험 청구 팩스 번호' });
    await dialog.getByLabel('팩스 번호').fill('010-1234-5678');
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.getByText(/Korean fax number/).waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-insurer-fax-refused');

    await dialog.getByLabel('팩스 번호').fill('0505-181-1234');
    await dialog.getByRole('button', { name: '저장' }).click();
    await page
      .getByRole('row', { name: /DB손해보험/ })
      .getByText('0505-181-1234')
      .waitFor();
    await screenshot(page, 'coverage-claims-insurer-fax-set');

    const operators = (await asOperator(app).get('/api/v1/admin/claim/insurers').query({ search: 'N03' }).expect(200))
      .body as AdminClaimInsurerListDto;
    expect(operators.data).toEqual([expect.objectContaining({ code: 'N03', claimsFax: RECEIVES, claimsFaxUpdatedAt: expect.any(String) })]);
    const planners = (await withToken(app, planner).get('/api/v1/claim/insurers').expect(200)).body as ClaimInsurerListDto;
    expect(planners.data.find((insurer) => insurer.code === 'N03')?.claimsFax).toBe(RECEIVES);
    expect(unexpected(problems, 400)).toEqual([]);
    await page.context().close();
  });
});

describe('coverage-claims console: claim deliveries', () => {
  it('shows a FAILED claim with its reason and no client data, and resends it after a confirm once its fax is mended', async () => {
    const planner = await given(app).planner({ organisation: '전송 에셋' }).token();
    await given(app).insurerFax('N05', NOT_A_FAX);
    const claimId = await fileClaim(app, planner, claimBody('N05'));
    expect((await waitForDelivery(app, claimId)).status).toBe('FAILED');

    const { page, problems } = await signedIn();
    await openScreen(page, '청구 전송');
    const row = page.getByRole('row', { name: new RegExp(`#${claimId}\\b`) });
    await row.getByText(/^INVALID_NUMBER: /).waitFor();
    await row.getByText('전송실패').waitFor();
    await row.getByText('0505-181-0003').waitFor();
    // The client's name, birthday, phone and account never reach the operator.
    const table = (await page.getByRole('table', { name: '청구 전송 목록' }).textContent())!;
    for (const personal of ['홍길동', '19850314', '010-1234-5678', '1234-01-234567']) expect(table).not.toContain(personal);
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-deliveries-failed');

    await given(app).insurerFax('N05', RECEIVES);
    await row.getByRole('button', { name: '재전송' }).click();
    const dialog = page.getByRole('dialog', { name: '재전송' });
    await dialog.getByText(/현재 청구 팩스 번호로 다시 보냅니다/).waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-delivery-resend-confirm');
    await dialog.getByRole('button', { name: '다시 보내기' }).click();
    await page.getByText(`청구 #${claimId} 재전송 접수`).waitFor();
    expect((await waitForDelivery(app, claimId)).status).toBe('SENT');

    await page.getByRole('combobox', { name: '상태' }).click();
    await page.getByRole('option', { name: '전송완료' }).click();
    await page
      .getByRole('row', { name: new RegExp(`#${claimId}\\b`) })
      .getByText('0505-181-1234')
      .waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-deliveries-sent');
    // On a tablet the navigation folds behind the menu button and the table scrolls sideways in its region.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('button', { name: '메뉴 열기' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-deliveries-tablet');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('coverage-claims console: sandbox text messages', () => {
  it('shows the sandbox’s messages with the one-time number', async () => {
    const planner = await given(app).planner({ organisation: '문자 에셋' }).token();
    const body = verificationBody();
    await withToken(app, planner).post('/api/v1/coverage/verifications').send(body).expect(201);

    const { page, problems } = await signedIn();
    await openScreen(page, '샌드박스 문자');
    await page
      .getByRole('row', { name: new RegExp(body.phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3')) })
      .getByText(/인증번호는 \[\d{6}\]/)
      .waitFor();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'coverage-claims-sandbox-messages');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('leaves the screen out of the navigation where a real SMS adapter is selected', async () => {
    const real = await startCoverageClaims({
      env: {
        ...consoleEnv('coverage-claims'),
        SMS_ADAPTER: 'solapi',
        SOLAPI_API_KEY: 'NCSTESTKEY0000000',
        SOLAPI_API_SECRET: 'TESTSECRET00000000000000000000000',
        SOLAPI_SENDER: '0212345678',
        SOLAPI_BASE_URL: 'https://127.0.0.1:9',
      },
    });
    try {
      const { page, problems } = await openConsole(browser, real.url);
      await signIn(page, OPERATOR_KEY);
      await openScreen(page, '청구 전송');
      const navigation = page.getByRole('navigation', { name: '화면' });
      await expect(navigation.getByRole('link').allTextContents()).resolves.toEqual(['조직', '보험사 청구 팩스', '청구 전송']);
      // The probe's 404 is the answer, not a failure of the page.
      expect(unexpected(problems, 404)).toEqual([]);
      await page.context().close();
    } finally {
      await real.close();
    }
  });
});
