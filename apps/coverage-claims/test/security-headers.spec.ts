import type { Response } from 'supertest';
import {
  UserRole,
  type CoverageAnalysisResultDto,
  type NhisAuthDto,
  type OrganisationWithSecretDto,
  type ClaimPresignedUploadDto,
  type ClaimReceiptDto,
  type TokenResponseDto,
  type UserDto,
  type VerificationConfirmedDto,
  type VerificationDto,
} from '#contracts';
import {
  OPERATOR_KEY,
  REDIRECT_URI,
  asOperator,
  assertionFor,
  exchangeCode,
  sandboxCode,
  signIn,
  ssoRequest,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';
import { claimBody } from './support/claim-body.js';
import { given } from './support/given.js';
import type { Credential } from '../../../test/support/hostile-sweep.js';
import { readOpenApiDocument, type Schema } from '../../../test/support/openapi-document.js';
import { HeaderAudit, auditAnswersOfNoOperation, auditBaselines } from '../../../test/support/security-headers.js';
import { checkOperatorOperations } from '../../../test/support/operators.js';

/**
 * Security headers on every kind of answer of every operation of openapi/coverage-claims.json, and
 * `Cache-Control: no-store` on every answer of the operations the document marks `x-no-store`
 * (personal data or credentials), each of them seen succeeding. A new operation is covered without
 * touching the test; a new x-no-store operation needs a valid request below if its baseline fails.
 */
describe('security headers and no-store on every operation of openapi/coverage-claims.json', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { NHIS_SANDBOX_APPROVAL_SECONDS: '0' } });
  });
  afterAll(() => app.close());

  it('sends nosniff, the CSP, DENY and no-referrer on every answer, and no-store on every answer of an x-no-store operation', async () => {
    const document = await readOpenApiDocument('openapi/coverage-claims.json');
    const audit = new HeaderAudit(document);
    const check = (operation: string, response: Response) =>
      audit.check(`${operation} (valid request)`, operation, response.status, response.headers);

    // Valid requests, through the flow a front end follows.
    const created = await asOperator(app)
      .post('/api/v1/admin/organisations')
      .send({ name: '헤더 에셋', redirectUris: [REDIRECT_URI] });
    check('POST /api/v1/admin/organisations', created);
    const organisation = created.body as OrganisationWithSecretDto;
    const redirect = await ssoRequest(app, { assertion: assertionFor(app, organisation, { name: '박관리', role: UserRole.OrgAdmin }) });
    check('GET /api/v1/auth/sso', redirect);
    const code = new URL(String(redirect.headers.location)).searchParams.get('code')!;
    const tokens = await exchangeCode(app, code);
    check('GET /api/v1/auth/token', tokens);
    const admin = withToken(app, (tokens.body as TokenResponseDto).accessToken);
    const planner = await signIn(app, organisation, { name: '김설계' });
    const asPlanner = withToken(app, planner.accessToken);
    // Sign-out ends the sign-in of its token: it gets a sign-in of its own.
    const signingOut = await signIn(app, organisation, { name: '나갈설계사' });

    const added = await admin.put('/api/v1/users').send({ fcUserCi: 'CI-HEADERS-1', name: '이설계' });
    check('PUT /api/v1/users', added);
    const colleague = added.body as UserDto;
    check('GET /api/v1/users', await admin.get('/api/v1/users'));
    check('GET /api/v1/users/me', await admin.get('/api/v1/users/me'));
    check('PATCH /api/v1/users/{id}', await admin.patch(`/api/v1/users/${colleague.id}`).send({ name: '이설계사' }));

    const body = verificationBody();
    const requested = await asPlanner.post('/api/v1/coverage/verifications').send(body);
    check('POST /api/v1/coverage/verifications', requested);
    const verification = requested.body as VerificationDto;
    check('GET /api/v1/admin/sandbox/messages', await asOperator(app).get('/api/v1/admin/sandbox/messages').query({ phone: body.phone }));
    const confirmed = await asPlanner
      .post(`/api/v1/coverage/verifications/${verification.id}/confirm`)
      .send({ code: await sandboxCode(app, body.phone) });
    check('POST /api/v1/coverage/verifications/{id}/confirm', confirmed);
    const analysed = await asPlanner
      .post('/api/v1/coverage/analyses')
      .send({ verificationToken: (confirmed.body as VerificationConfirmedDto).verificationToken });
    check('POST /api/v1/coverage/analyses', analysed);
    const { seq } = analysed.body as CoverageAnalysisResultDto;
    // The sandbox's second step (202), and its follow-up (201).
    const credit4u = { id: 'sandbox-sms', password: 'headers-pw' };
    const stepped = await asPlanner
      .post('/api/v1/coverage/analyses')
      .send({ verificationToken: (confirmed.body as VerificationConfirmedDto).verificationToken, credit4u });
    check('POST /api/v1/coverage/analyses', stepped);
    check(
      'POST /api/v1/coverage/analysis-continuations/{continuationId}',
      await asPlanner
        .post(`/api/v1/coverage/analysis-continuations/${(stepped.body as { continuationId: string }).continuationId}`)
        .send({ credit4u, code: '123456' }),
    );
    check('GET /api/v1/coverage/analyses/{seq}', await asPlanner.get(`/api/v1/coverage/analyses/${seq}`));
    check(
      'POST /api/v1/coverage/analyses/{seq}/report',
      await asPlanner.post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/json'),
    );
    check(
      'POST /api/v1/coverage/analyses/{seq}/report',
      await asPlanner.post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/pdf'),
    );
    check('GET /api/v1/customers/{id}', await asPlanner.get(`/api/v1/customers/${verification.customerId}`));

    const nhisAuth = await asPlanner
      .post('/api/v1/medical-bojang/nhis-auth')
      .send({ customerId: verification.customerId, provider: 'KAKAO', agreedTermIds: ['medical-health-checkup-v1'] });
    check('POST /api/v1/medical-bojang/nhis-auth', nhisAuth);
    const nhisAuthId = (nhisAuth.body as NhisAuthDto).id;
    check(
      'POST /api/v1/medical-bojang/nhis-auth/{id}/complete',
      await asPlanner.post(`/api/v1/medical-bojang/nhis-auth/${nhisAuthId}/complete`),
    );
    check('POST /api/v1/medical-bojang/checkups', await asPlanner.post('/api/v1/medical-bojang/checkups').send({ nhisAuthId }));
    check('POST /api/v1/medical-bojang/report/json', await asPlanner.post('/api/v1/medical-bojang/report/json').send({ seq }));
    check('POST /api/v1/medical-bojang/report/pdf', await asPlanner.post('/api/v1/medical-bojang/report/pdf').send({ seq }));

    const presigned = await asPlanner
      .post('/api/v1/files/presigned')
      .send({ originalName: '진료비영수증.pdf', mimeType: 'application/pdf', size: 10 });
    check('POST /api/v1/files/presigned', presigned);
    const { fileId } = presigned.body as ClaimPresignedUploadDto;
    check('GET /api/v1/files/{fileId}', await asPlanner.get(`/api/v1/files/${fileId}`));
    check('POST /api/v1/claim/histories', await asPlanner.post('/api/v1/claim/histories').send({ page: 1, pageSize: 20 }));
    await given(app).insurerFax('N03', '0505-181-1234');
    const filed = await asPlanner.post('/api/v1/claim/requests').send(claimBody('N03'));
    check('POST /api/v1/claim/requests', filed);
    const { claimReqId } = filed.body as ClaimReceiptDto;
    check('GET /api/v1/claim/requests/{claimReqId}/document', await asPlanner.get(`/api/v1/claim/requests/${claimReqId}/document`));
    check(
      'POST /api/v1/admin/organisations/{id}/sso-secret',
      await asOperator(app).post(`/api/v1/admin/organisations/${organisation.id}/sso-secret`),
    );

    // A 304: reference data keeps its own Cache-Control, and still the security headers.
    const insurers = await asPlanner.get('/api/v1/claim/insurers');
    check('GET /api/v1/claim/insurers', insurers);
    const notModified = await asPlanner.get('/api/v1/claim/insurers').set('If-None-Match', String(insurers.headers.etag));
    expect([notModified.status, notModified.headers['cache-control']]).toEqual([304, 'private, no-cache']);
    check('GET /api/v1/claim/insurers', notModified);
    audit.kinds.add('304');

    // Every operation's baseline, with each credential it may take and with none (401 problems):
    // path parameters name the resources made above; deletions run last.
    const bearer = (name: string, token: string): Credential => ({ name, headers: { authorization: `Bearer ${token}` } });
    const ids: Record<string, string> = {
      'PATCH /api/v1/admin/organisations/{id}': organisation.id,
      'GET /api/v1/admin/organisations/{id}': organisation.id,
      'POST /api/v1/admin/organisations/{id}/sso-secret': organisation.id,
      'PATCH /api/v1/users/{id}': colleague.id,
      'DELETE /api/v1/users/{id}': colleague.id,
      'GET /api/v1/customers/{id}': verification.customerId,
      'DELETE /api/v1/customers/{id}': verification.customerId,
      'POST /api/v1/coverage/verifications/{id}/confirm': verification.id,
      'GET /api/v1/coverage/analyses/{seq}': seq,
      'POST /api/v1/coverage/analyses/{seq}/report': seq,
      'POST /api/v1/medical-bojang/nhis-auth/{id}/complete': nhisAuthId,
      'GET /api/v1/files/{fileId}': fileId,
      'GET /api/v1/claim/requests/{claimReqId}/document': String(claimReqId),
      'PATCH /api/v1/admin/claim/insurers/{code}': 'N03',
    };
    await auditBaselines(
      app.url,
      document,
      audit,
      {
        Bearer: [bearer('planner token', planner.accessToken), bearer('admin token', (tokens.body as TokenResponseDto).accessToken)],
        ApiKey: [{ name: 'operator key', headers: { 'x-api-key': OPERATOR_KEY } }],
      },
      {
        pathValue: (_name: string, _schema: Schema, operation: string) => ids[operation],
        credentialsFor: { 'POST /api/v1/auth/sign-out': [bearer('a sign-in of its own', signingOut.accessToken)] },
      },
    );
    await checkOperatorOperations(app, check);
    await auditAnswersOfNoOperation(app.url, audit);

    expect(audit.failures).toEqual([]);
    expect(audit.operations.filter((operation) => !audit.statuses.has(operation))).toEqual([]);
    expect(audit.noStoreWithoutSuccess()).toEqual([]);
    const statuses = [...audit.statuses.values()].flatMap((seen) => [...seen]);
    expect(new Set(statuses.map((status) => Math.floor(status / 100)))).toEqual(new Set([2, 3, 4]));
    expect([...audit.kinds].sort()).toEqual([
      '304',
      'docs asset',
      'docs page',
      'document',
      'health',
      'path not decodable',
      'route not found',
      'unparseable request',
    ]);
    expect(audit.noStore.size).toBeGreaterThanOrEqual(20);
  }, 120_000);
});
