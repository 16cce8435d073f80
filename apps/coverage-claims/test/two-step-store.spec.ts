import { setTimeout as sleep } from 'node:timers/promises';
import type { CoverageAnalysisSecondStepDto, NhisAuthDto } from '#contracts';
import { TwoStepSignIns1796615178699 } from '../src/database/migrations/1796615178699-TwoStepSignIns.js';
import { startCoverageClaims, verificationBody, withToken, type CoverageClaimsTestApp, type SignedIn } from './support/coverage-claims.js';
import { given } from './support/given.js';
import { runMigrationStep } from './support/migration-step.js';

const APPROVAL_SECONDS = 1;
const HEALTH_TERM_ID = 'medical-health-checkup-v1';

/**
 * The one store of two-step sign-ins (docs/decisions/two-step-sign-in.md): the migration that made it
 * from analyses' continuations and NHIS authentications moves live rows both ways, and the flows go on
 * with them.
 */
describe('two-step sign-ins: one store', () => {
  let app: CoverageClaimsTestApp;
  let planner: SignedIn;

  const as = () => withToken(app, planner.accessToken);

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { NHIS_SANDBOX_APPROVAL_SECONDS: String(APPROVAL_SECONDS) } });
    ({ planner } = await given(app).team('두단계 에셋'));
  });
  afterAll(() => app.close());

  const runMigration = (step: 'up' | 'down') => runMigrationStep(app, new TwoStepSignIns1796615178699(), step);

  const rows = async (ids: string[]) =>
    app.dataSource.query<Array<Record<string, string | null>>>(
      `SELECT to_jsonb(s)::text AS row FROM two_step_sign_ins s WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [ids],
    );

  it('moves live continuations and NHIS authentications (pending, completed with check-ups naming it) both ways, and the flows go on', async () => {
    // A coverage analysis waiting for its SMS code, with the monthly income it carries.
    const analysed = await given(app).as(planner).verifiedCustomer(verificationBody());
    const step = (
      await as()
        .post('/api/v1/coverage/analyses')
        .send({ verificationToken: analysed.verificationToken, monthlyIncome: 3_000_000, credit4u: { id: 'sandbox-sms', password: 'pw' } })
        .expect(202)
    ).body as CoverageAnalysisSecondStepDto;
    // An NHIS authentication completed and used (check-ups name it), and one still pending.
    const { customerId } = await given(app).as(planner).customer(verificationBody());
    const requestAuth = async () =>
      (
        await as()
          .post('/api/v1/medical-bojang/nhis-auth')
          .send({ customerId, provider: 'PASS', telecom: 'SKT', agreedTermIds: [HEALTH_TERM_ID] })
          .expect(201)
      ).body as NhisAuthDto;
    const completed = await requestAuth();
    await sleep(APPROVAL_SECONDS * 1000 + 50);
    await as().post(`/api/v1/medical-bojang/nhis-auth/${completed.id}/complete`).expect(200);
    await as().post('/api/v1/medical-bojang/checkups').send({ nhisAuthId: completed.id }).expect(200);
    const pending = await requestAuth();
    const ids = [step.continuationId, completed.id, pending.id];
    const before = await rows(ids);
    expect(before).toHaveLength(3);

    await runMigration('down');
    const [{ continuations, sessions, named }] = await app.dataSource.query<
      Array<{ continuations: number; sessions: number; named: number }>
    >(
      `SELECT (SELECT count(*) FROM analysis_continuations WHERE id = $1)::int AS continuations,
              (SELECT count(*) FROM nhis_auth_sessions WHERE id = ANY($2::uuid[]))::int AS sessions,
              (SELECT count(*) FROM customer_checkups WHERE nhis_auth_id = $3)::int AS named`,
      [step.continuationId, [completed.id, pending.id], completed.id],
    );
    expect({ continuations, sessions, named: named > 0 }).toEqual({ continuations: 1, sessions: 2, named: true });
    await runMigration('up');

    // Every field as it was, and the check-ups still name the authentication.
    expect(await rows(ids)).toEqual(before);
    const [{ n }] = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM customer_checkups WHERE nhis_auth_id = $1`,
      [completed.id],
    );
    expect(n).toBeGreaterThan(0);
    await as().post('/api/v1/medical-bojang/checkups').send({ nhisAuthId: completed.id }).expect(200);
    const done = await as()
      .post(`/api/v1/coverage/analysis-continuations/${step.continuationId}`)
      .send({ credit4u: { id: 'sandbox-sms', password: 'pw' }, code: '123456' })
      .expect(201);
    expect(done.body.insights.premiums.income.monthlyIncome).toBe(3_000_000);
  });

  it('gives each feature only its own sign-ins: an NHIS authentication is no continuation, and a continuation no NHIS authentication', async () => {
    const analysed = await given(app).as(planner).verifiedCustomer(verificationBody());
    const step = (
      await as()
        .post('/api/v1/coverage/analyses')
        .send({ verificationToken: analysed.verificationToken, credit4u: { id: 'sandbox-sms', password: 'pw' } })
        .expect(202)
    ).body as CoverageAnalysisSecondStepDto;
    const { customerId } = await given(app).as(planner).customer(verificationBody());
    const auth = (
      await as()
        .post('/api/v1/medical-bojang/nhis-auth')
        .send({ customerId, provider: 'KAKAO', agreedTermIds: [HEALTH_TERM_ID] })
        .expect(201)
    ).body as NhisAuthDto;
    const followed = await as()
      .post(`/api/v1/coverage/analysis-continuations/${auth.id}`)
      .send({ credit4u: { id: 'sandbox-sms', password: 'pw' }, code: '123456' })
      .expect(404);
    expect(followed.body.code).toBe('ANALYSIS_CONTINUATION_NOT_FOUND');
    expect((await as().post(`/api/v1/medical-bojang/nhis-auth/${step.continuationId}/complete`).expect(404)).body.code).toBe(
      'NHIS_AUTH_NOT_FOUND',
    );
  });
});
