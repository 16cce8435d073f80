import request from 'supertest';
import type { AdminClaimDeliveryListDto, ClaimResendReceiptDto, OrganisationWithSecretDto, ProblemDto } from '#contracts';
import { UserRole } from '../src/auth/principal.js';
import { asOperator, startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { QUICK_DELIVERY, deliveryState, fileClaim, transmissionsOf, waitForDelivery } from './support/claim-delivery.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const RECEIVES = '05051811234';
const NOT_A_FAX = '05051810003';
const ALWAYS_BUSY = '05051810001';

/**
 * The operators' claims: GET /api/v1/admin/claim/deliveries lists every organisation's claim faxes
 * (without client data) and POST /api/v1/admin/claim/requests/{claimReqId}/resend sends any FAILED one
 * again, as an ORG_ADMIN's resend does for their own (docs/decisions/claims.md, "Sending again").
 * Each test has insurers of its own, since the fax numbers are the insurers'.
 */
describe('claims for operators: deliveries across organisations, and resend', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let other: OrganisationWithSecretDto;
  let planner: string;
  let otherPlanner: string;
  let admin: string;

  const deliveries = (query: Record<string, string | number> = {}) =>
    asOperator(app)
      .get('/api/v1/admin/claim/deliveries')
      .query({ limit: 100, ...query });
  const listed = async (query: Record<string, string | number> = {}) =>
    ((await deliveries(query).expect(200)).body as AdminClaimDeliveryListDto).data;
  const resend = (claimId: number | string) => asOperator(app).post(`/api/v1/admin/claim/requests/${claimId}/resend`);
  /** A claim of `token`'s to `insurer`, FAILED at its first attempt (the insurer's number is not a fax). */
  const failedClaim = async (token: string, insurer: string) => {
    await given(app).insurerFax(insurer, NOT_A_FAX);
    const claimId = await fileClaim(app, token, claimBody(insurer));
    expect((await waitForDelivery(app, claimId)).status).toBe('FAILED');
    return claimId;
  };

  beforeAll(async () => {
    app = await startCoverageClaims({
      env: { ...QUICK_DELIVERY, CLAIM_DELIVERY_RETRY_BASE_MS: '50', CLAIM_DELIVERY_MAX_ATTEMPTS: '3' },
    });
    organisation = await given(app).organisation('운영 에셋');
    other = await given(app).organisation('다른 운영 에셋');
    planner = await given(app).planner({ organisation, name: '문설계' }).token();
    admin = await given(app).planner({ organisation, name: '한관리', role: UserRole.OrgAdmin }).token();
    otherPlanner = await given(app).planner({ organisation: other, name: '강설계' }).token();
  });
  afterAll(() => app.close());

  it('lists a FAILED claim with its organisation, insurer, the number used, the reason, attempts and times, and no client data', async () => {
    const claimId = await failedClaim(planner, 'N01');
    const item = (await listed({ status: 'FAILED' })).find((delivery) => delivery.claimReqId === claimId);
    expect(item).toEqual({
      claimReqId: claimId,
      organisation: { id: organisation.id, name: '운영 에셋' },
      insurer: { code: 'N01', name: expect.any(String) },
      insurerFax: NOT_A_FAX,
      status: 'FAILED',
      statusReason: expect.stringMatching(/^INVALID_NUMBER: /),
      attempts: 1,
      lastAttemptAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sentAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(Date.parse(item!.lastAttemptAt!)).toBeGreaterThanOrEqual(Date.parse(item!.createdAt));
    const body = JSON.stringify(item);
    for (const personal of ['홍길동', '19850314', '010-1234-5678', '01012345678', '1234-01-234567', '문설계'])
      expect(body).not.toContain(personal);
  });

  it('counts the attempts of a delivery given up after retries, and of one that went through', async () => {
    await given(app).insurerFax('N02', ALWAYS_BUSY);
    const busy = await fileClaim(app, planner, claimBody('N02'));
    expect((await waitForDelivery(app, busy)).statusReason).toMatch(/\(gave up after 3 attempts\)$/);
    await given(app).insurerFax('N03', RECEIVES);
    const sent = await fileClaim(app, otherPlanner, claimBody('N03'));
    expect((await waitForDelivery(app, sent)).status).toBe('SENT');

    const all = await listed();
    expect(all.find((delivery) => delivery.claimReqId === busy)).toMatchObject({ status: 'FAILED', attempts: 3, insurerFax: ALWAYS_BUSY });
    expect(all.find((delivery) => delivery.claimReqId === sent)).toMatchObject({
      status: 'SENT',
      statusReason: null,
      attempts: 1,
      sentAt: expect.any(String),
      organisation: { id: other.id, name: '다른 운영 에셋' },
    });
  });

  it('filters by status, organisation and insurer, newest first, and pages on the server', async () => {
    const mine = await failedClaim(planner, 'N04');
    const theirs = await failedClaim(otherPlanner, 'N04');

    const failed = await listed({ status: 'FAILED' });
    expect(failed.every((delivery) => delivery.status === 'FAILED')).toBe(true);
    expect(failed.map((delivery) => delivery.claimReqId).slice(0, 2)).toEqual([theirs, mine]);
    expect((await listed({ organisationId: other.id, insurerCode: 'N04' })).map((delivery) => delivery.claimReqId)).toEqual([theirs]);
    expect((await listed({ status: 'SENT', insurerCode: 'N04' })).length).toBe(0);

    const page = (await deliveries({ status: 'FAILED', limit: 1, page: 2 }).expect(200)).body as AdminClaimDeliveryListDto;
    expect(page.data.map((delivery) => delivery.claimReqId)).toEqual([mine]);
    expect(page.pagination).toEqual({ page: 2, limit: 1, total: failed.length, totalPages: failed.length });
  });

  it('refuses a filter that cannot be one with a 400 naming it', async () => {
    for (const [query, field] of [
      [{ status: 'LOST' }, 'status'],
      [{ organisationId: 'not-a-uuid' }, 'organisationId'],
      [{ insurerCode: 'n03' }, 'insurerCode'],
      [{ limit: 101 }, 'limit'],
    ] as const) {
      const answer = await deliveries(query).expect(400);
      expect((answer.body as ProblemDto).errors).toEqual([{ field, message: expect.any(String) }]);
    }
  });

  it('resends another organisation’s FAILED claim once its fax is mended: 202 as the admin’s resend, attempts from 0, then SENT', async () => {
    const claimId = await failedClaim(otherPlanner, 'N05');
    await given(app).insurerFax('N05', '0505-181-1234');

    const receipt = (await resend(claimId).set('Idempotency-Key', `resend-${claimId}`).expect(202)).body as ClaimResendReceiptDto;
    expect(receipt).toEqual({
      claimReqId: claimId,
      claimStatusCd: 'RECEIVED',
      claimStatus: '접수',
      claimDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      insuFax: RECEIVES,
    });
    const repeat = (await resend(claimId).set('Idempotency-Key', `resend-${claimId}`).expect(202)).body as ClaimResendReceiptDto;
    expect(repeat).toEqual(receipt);

    expect((await waitForDelivery(app, claimId)).status).toBe('SENT');
    expect((await transmissionsOf(app, claimId)).map((transmission) => transmission.result)).toEqual(['INVALID_NUMBER', 'SENT']);
    expect((await listed({ insurerCode: 'N05' })).find((delivery) => delivery.claimReqId === claimId)).toMatchObject({
      status: 'SENT',
      statusReason: null,
      insurerFax: RECEIVES,
      attempts: 1,
    });
  });

  it('answers 404 CLAIM_NOT_FOUND for an unknown claim, 409 CLAIM_NOT_FAILED for one not FAILED, 422 for an insurer without fax', async () => {
    const unknown = await resend(2_000_000_000).expect(404);
    expect(unknown.body as ProblemDto).toMatchObject({ code: 'CLAIM_NOT_FOUND', detail: 'Claim 2000000000 does not exist' });
    expect((await resend('abc').expect(400)).body).toMatchObject({ errors: [{ field: 'claimReqId' }] });

    await given(app).insurerFax('N06', RECEIVES);
    const sent = await fileClaim(app, planner, claimBody('N06'));
    expect((await waitForDelivery(app, sent)).status).toBe('SENT');
    expect(((await resend(sent).expect(409)).body as ProblemDto).code).toBe('CLAIM_NOT_FAILED');

    const failed = await failedClaim(planner, 'N07');
    await asOperator(app).patch('/api/v1/admin/claim/insurers/N07').send({ claimsFax: null }).expect(200);
    expect(((await resend(failed).expect(422)).body as ProblemDto).code).toBe('INSURER_FAX_UNKNOWN');
    expect(await deliveryState(app, failed)).toMatchObject({ status: 'FAILED', attempts: null });
  });

  it('is refused without an operator key, even to the claim’s own ORG_ADMIN', async () => {
    const claimId = await failedClaim(planner, 'N08');
    const asAdmin = await withToken(app, admin).post(`/api/v1/admin/claim/requests/${claimId}/resend`).expect(401);
    expect((asAdmin.body as ProblemDto).code).toBe('API_KEY_MISSING');
    expect(((await withToken(app, admin).get('/api/v1/admin/claim/deliveries').expect(401)).body as ProblemDto).code).toBe(
      'API_KEY_MISSING',
    );
    const wrongKey = await request(app.url)
      .get('/api/v1/admin/claim/deliveries')
      .set('X-API-Key', `op_${'x'.repeat(40)}`)
      .expect(401);
    expect((wrongKey.body as ProblemDto).code).toBe('API_KEY_INVALID');
    expect(await deliveryState(app, claimId)).toMatchObject({ status: 'FAILED' });
  });
});
