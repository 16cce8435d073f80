import type { ClaimHistoryRecordDto, ClaimResendReceiptDto, OrganisationWithSecretDto, ProblemDto } from '#contracts';
import { UserRole } from '../src/auth/principal.js';
import { asOperator, startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { QUICK_DELIVERY, deliveryState, fileClaim, transmissionsOf, waitForDelivery } from './support/claim-delivery.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const RECEIVES = '05051811234';
const NOT_A_FAX = '05051810003';
const ALWAYS_BUSY = '05051810001';

/**
 * POST /api/v1/claim/requests/{claimReqId}/resend (docs/decisions/claims.md, "Sending again"): an ORG_ADMIN
 * sends a FAILED claim again once its cause is mended, to the insurer's claims fax as it is now.
 * Each test has an insurer of its own, since the fax numbers are the insurers'.
 */
describe('claim resend: an admin sends a FAILED claim again', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: string;
  let admin: string;
  let strangerAdmin: string;

  const resend = (token: string, claimId: number | string) => withToken(app, token).post(`/api/v1/claim/requests/${claimId}/resend`);
  /** A claim of the planner's to `insurer`, FAILED at its first attempt (the insurer's number is not a fax). */
  const failedClaim = async (insurer: string) => {
    await given(app).insurerFax(insurer, NOT_A_FAX);
    const claimId = await fileClaim(app, planner, claimBody(insurer));
    expect(await waitForDelivery(app, claimId)).toMatchObject({
      status: 'FAILED',
      statusReason: expect.stringMatching(/^INVALID_NUMBER: /),
    });
    return claimId;
  };

  beforeAll(async () => {
    app = await startCoverageClaims({
      env: {
        ...QUICK_DELIVERY,
        CLAIM_DELIVERY_RETRY_BASE_MS: '50',
        CLAIM_DELIVERY_MAX_ATTEMPTS: '3',
      },
    });
    organisation = await given(app).organisation('재전송 에셋');
    planner = await given(app).planner({ organisation, name: '문설계' }).token();
    admin = await given(app).planner({ organisation, name: '한관리', role: UserRole.OrgAdmin }).token();
    strangerAdmin = await given(app).planner({ organisation: '남의 에셋', role: UserRole.OrgAdmin }).token();
  });
  afterAll(() => app.close());

  it('queues a FAILED claim again once the fax number is mended: 202, RECEIVED with the new number, then SENT', async () => {
    const claimId = await failedClaim('N01');
    await given(app).insurerFax('N01', '0505-181-1234');

    const receipt = (await resend(admin, claimId).expect(202)).body as ClaimResendReceiptDto;
    expect(receipt).toEqual({
      claimReqId: claimId,
      claimStatusCd: 'RECEIVED',
      claimStatus: '접수',
      claimDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      insuFax: RECEIVES,
    });
    const state = await waitForDelivery(app, claimId);
    expect(state).toMatchObject({ status: 'SENT', statusReason: null, attempts: null, faxJobId: expect.any(String) });
    expect(await transmissionsOf(app, claimId)).toMatchObject([
      { result: 'INVALID_NUMBER', pages: expect.any(Number), toNumber: NOT_A_FAX },
      { result: 'SENT', pages: expect.any(Number), toNumber: RECEIVES },
    ]);
    const records = (await withToken(app, admin).post('/api/v1/claim/histories').send({ pageSize: 100 }).expect(200))
      .body as ClaimHistoryRecordDto[];
    expect(records.find((record) => record.claimReqId === claimId)).toMatchObject({ claimStatusCd: 'SENT', insuFax: RECEIVES });
  });

  it('gives a claim that used all its attempts a fresh delivery: attempts from 0, so it is tried and SENT', async () => {
    await given(app).insurerFax('N02', ALWAYS_BUSY);
    const claimId = await fileClaim(app, planner, claimBody('N02'));
    const failed = await waitForDelivery(app, claimId);
    expect(failed.statusReason).toMatch(/^BUSY: .*\(gave up after 3 attempts\)$/);
    await given(app).insurerFax('N02', RECEIVES);

    await resend(admin, claimId).expect(202);
    const state = await waitForDelivery(app, claimId);
    expect(state).toMatchObject({ status: 'SENT', statusReason: null, attempts: null });
    expect((await transmissionsOf(app, claimId)).map((transmission) => transmission.result)).toEqual(['BUSY', 'BUSY', 'BUSY', 'SENT']);
  });

  it('answers 403 to a planner, even for their own FAILED claim', async () => {
    const claimId = await failedClaim('N03');
    const answer = await resend(planner, claimId).expect(403);
    expect((answer.body as ProblemDto).code).toBe('ROLE_FORBIDDEN');
    expect(await deliveryState(app, claimId)).toMatchObject({ status: 'FAILED', attempts: null });
  });

  it('answers 404 CLAIM_NOT_FOUND for another organisation’s claim and for an unknown one', async () => {
    const claimId = await failedClaim('N04');
    await given(app).insurerFax('N04', RECEIVES);
    for (const [token, id] of [
      [strangerAdmin, claimId],
      [admin, 2_000_000_000],
    ] as const) {
      const answer = await resend(token, id).expect(404);
      expect((answer.body as ProblemDto).code).toBe('CLAIM_NOT_FOUND');
    }
    expect(await deliveryState(app, claimId)).toMatchObject({ status: 'FAILED', attempts: null });
    expect((await resend(admin, 'abc').expect(400)).body).toMatchObject({ errors: [{ field: 'claimReqId' }] });
  });

  it('answers 409 CLAIM_NOT_FAILED for a claim that is not FAILED, and queues a FAILED claim once when two resends race', async () => {
    await given(app).insurerFax('N05', RECEIVES);
    const sent = await fileClaim(app, planner, claimBody('N05'));
    expect((await waitForDelivery(app, sent)).status).toBe('SENT');
    const answer = await resend(admin, sent).expect(409);
    expect(answer.body as ProblemDto).toMatchObject({
      code: 'CLAIM_NOT_FAILED',
      detail: `Claim ${sent} is SENT; only a FAILED claim can be sent again`,
    });
    expect(await transmissionsOf(app, sent)).toHaveLength(1);

    const failed = await failedClaim('N06');
    await given(app).insurerFax('N06', RECEIVES);
    const statuses = (await Promise.all([resend(admin, failed), resend(admin, failed)])).map((response) => response.status).sort();
    expect(statuses).toEqual([202, 409]);
    expect((await waitForDelivery(app, failed)).status).toBe('SENT');
    expect((await transmissionsOf(app, failed)).map((transmission) => transmission.result)).toEqual(['INVALID_NUMBER', 'SENT']);
  });

  it('answers 422 INSURER_FAX_UNKNOWN when the insurer has no claims fax now, and leaves the claim FAILED', async () => {
    const claimId = await failedClaim('N07');
    await asOperator(app).patch('/api/v1/admin/claim/insurers/N07').send({ claimsFax: null }).expect(200);
    const answer = await resend(admin, claimId).expect(422);
    expect((answer.body as ProblemDto).code).toBe('INSURER_FAX_UNKNOWN');
    expect(await deliveryState(app, claimId)).toMatchObject({
      status: 'FAILED',
      statusReason: expect.stringMatching(/^INVALID_NUMBER: /),
      attempts: null,
    });
  });
});
