import { randomBytes } from 'node:crypto';
import type { CoverageAnalysisResultDto, CoverageAnalysisSecondStepDto, CustomerDto } from '#contracts';
import { loadConfig } from '#platform';
import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { LogCapture } from '../../../test/support/log-capture.js';
import { parseCodefContracts } from '../src/integrations/insurance-data/codef/codef-contracts.js';
import { analysisPayloadProblems } from './support/coverage-analysis-payload.js';
import {
  nextPhone,
  sharedDeploymentKeys,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import {
  CODEF_FAKE_CONTRACTS_SAMPLE,
  CODEF_FAKE_PATHS,
  CODEF_FAKE_SECURE_NO,
  CODEF_FAKE_SMS_CODE,
  CodefFake,
} from './support/fakes/codef-fake.js';
import { given } from './support/given.js';

/**
 * The coverage analysis on INSURANCE_DATA_ADAPTER=codef, against the CODEF fake over real HTTP: the
 * spec's payload exactly (the checks of coverage-analyses.spec.ts's payload test) for a customer whose
 * contracts come from the fake, in one call and through each second step, on two app instances.
 */
describe('coverage analysis through CODEF (the fake)', () => {
  const logs = new LogCapture();
  let fake: CodefFake;
  let app: CoverageClaimsTestApp;
  let replica: CoverageClaimsTestApp;
  let planner: SignedIn;

  const as = (on: CoverageClaimsTestApp = app) => withToken(on, planner.accessToken);
  const analyse = (body: object, on: CoverageClaimsTestApp = app) => as(on).post('/api/v1/coverage/analyses').send(body);
  const follow = (id: string, body: object, on: CoverageClaimsTestApp = app) =>
    as(on).post(`/api/v1/coverage/analysis-continuations/${id}`).send(body);
  const signIn = { id: 'credit4u-hong', password: `Pw-${randomBytes(9).toString('base64url')}` };

  /** A verified customer of their own phone (the fake scripts customers by phone). */
  async function verified(body: VerificationBody = verificationBody({ name: '이서연', birthDate: '19880412', gender: 'F' })) {
    const { verificationToken, customerId } = await given(app).as(planner).verifiedCustomer(body);
    return { token: verificationToken, customerId, body, phone: body.phone.replace(/\D/g, '') };
  }

  /** The checks of the payload test in coverage-analyses.spec.ts, for a customer whose contracts are CODEF's sample. */
  async function expectSpecPayload(
    response: { body: unknown; headers: Record<string, string> },
    customer: { customerId: string; body: VerificationBody },
  ) {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { seq, analysis } = response.body as CoverageAnalysisResultDto;
    expect(Object.keys(response.body as object).sort()).toEqual(['analysis', 'insights', 'seq']);
    expect(seq).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(analysisPayloadProblems(analysis as unknown as Record<string, unknown>)).toEqual([]);

    const { name, birthDate, gender, phone } = customer.body;
    expect(analysis).toMatchObject({
      customer_name: name,
      phone_number: phone.replace(/\D/g, ''),
      gender,
      date_of_birth: `${birthDate.slice(0, 4)}-${birthDate.slice(4, 6)}-${birthDate.slice(6)}`,
    });
    // Every contract CODEF's sample holds (both lists merged), as the adapter parses them.
    expect(analysis.contracts).toHaveLength(parseCodefContracts(CODEF_FAKE_CONTRACTS_SAMPLE).length);
    expect(analysis.contracts.length).toBeGreaterThan(0);
    const entries = analysis.contracts.flatMap((contract) => contract.coverages);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((entry) => 'coverage_code' in entry)).toBe(true);
    const { number } = (await as().get(`/api/v1/customers/${customer.customerId}`).expect(200)).body as CustomerDto;
    expect(new Set(entries.map((entry) => entry.customer_id))).toEqual(new Set([number]));
    // Read again: the same {seq, analysis}.
    expect((await as().get(`/api/v1/coverage/analyses/${seq}`).expect(200)).body).toEqual(response.body);
    return analysis;
  }

  beforeAll(async () => {
    fake = await CodefFake.start();
    const env = {
      ...fake.env(),
      LOG_LEVEL: 'debug',
      INSURANCE_DATA_ADAPTER: 'codef',
      INSURANCE_DATA_TIMEOUT_MS: '200000',
      CODEF_TIMEOUT_MS: '10000',
      ...sharedDeploymentKeys(),
    };
    app = await startCoverageClaims({ env, logDestination: logs });
    replica = await startCoverageClaims({ env, logDestination: logs, databaseUrl: app.databaseUrl });
    planner = await given(app).planner({ organisation: '코드에프 에셋', name: '정설계' });
  });
  afterAll(async () => {
    await replica?.close();
    await app?.close();
    await fake?.close();
  });

  it('needs INSURANCE_DATA_TIMEOUT_MS of at least 180000 and more than CODEF_TIMEOUT_MS with codef (CODEF’s first call waits up to 170 s); up to 300000 for any adapter', () => {
    const codef = { ...fake.env(), INSURANCE_DATA_ADAPTER: 'codef' };
    const refusal = /INSURANCE_DATA_TIMEOUT_MS: must be at least 180000 and more than CODEF_TIMEOUT_MS with INSURANCE_DATA_ADAPTER=codef/;
    expect(() => loadConfig(CoverageClaimsConfig, { ...codef, INSURANCE_DATA_TIMEOUT_MS: '179999', CODEF_TIMEOUT_MS: '120000' })).toThrow(
      refusal,
    );
    expect(() => loadConfig(CoverageClaimsConfig, codef)).toThrow(/INSURANCE_DATA_TIMEOUT_MS/);
    // As long as one CODEF call (180000 by default): the two timers would race.
    expect(() => loadConfig(CoverageClaimsConfig, { ...codef, INSURANCE_DATA_TIMEOUT_MS: '180000' })).toThrow(refusal);
    expect(
      loadConfig(CoverageClaimsConfig, { ...codef, INSURANCE_DATA_TIMEOUT_MS: '180000', CODEF_TIMEOUT_MS: '170000' })
        .INSURANCE_DATA_TIMEOUT_MS,
    ).toBe(180_000);
    expect(loadConfig(CoverageClaimsConfig, { ...codef, INSURANCE_DATA_TIMEOUT_MS: '200000' }).INSURANCE_DATA_TIMEOUT_MS).toBe(200_000);
    // The sandbox keeps its 10 s default; 300 s is the most either may wait.
    expect(loadConfig(CoverageClaimsConfig, {}).INSURANCE_DATA_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig(CoverageClaimsConfig, { INSURANCE_DATA_TIMEOUT_MS: '300000' }).INSURANCE_DATA_TIMEOUT_MS).toBe(300_000);
    expect(() => loadConfig(CoverageClaimsConfig, { INSURANCE_DATA_TIMEOUT_MS: '300001' })).toThrow(/INSURANCE_DATA_TIMEOUT_MS/);
    expect(loadConfig(CoverageClaimsConfig, {}).SANDBOX_INSURANCE_APPROVAL_SECONDS).toBe(3);
  });

  it('answers 201 {seq, analysis} with the spec’s payload for contracts CODEF answers in one call; the password reaches CODEF encrypted', async () => {
    const customer = await verified();
    const response = await analyse({ verificationToken: customer.token, credit4u: signIn }).expect(201);
    const analysis = await expectSpecPayload(response, customer);
    // The sample's split 실손 (상해 and 질병) held as whole-of-care cover: 입원 the smaller 50,000,000; 통원 the
    // smaller of 상해 외래 250,000 and 질병 외래 + 처방조제 300,000.
    const held = Object.fromEntries(analysis.coverages.map((coverage) => [coverage.coverage_code, coverage.amount]));
    expect(held).toMatchObject({ '03_HIN': 50_000_000, '03_HOT': 250_000 });
    const [request] = fake.requestsFor(customer.phone);
    // The fake decrypted it with its private key: what the client sent was RSA-encrypted for CODEF.
    expect(request).toMatchObject({ path: CODEF_FAKE_PATHS.contracts, is2Way: false, code: 'CF-00000' });
    expect(request!.params).toMatchObject({ id: signIn.id, password: signIn.password, userName: customer.body.name, identity: '19880412' });
  });

  it('400 INSURANCE_SIGN_IN_REQUIRED naming credit4u without the sign-in (CODEF is not called)', async () => {
    const customer = await verified();
    const response = await analyse({ verificationToken: customer.token }).expect(400);
    expect(response.body).toMatchObject({ code: 'INSURANCE_SIGN_IN_REQUIRED', errors: [{ field: 'credit4u' }] });
    expect(fake.requestsFor(customer.phone)).toEqual([]);
  });

  it('SMS_CODE: 202, then the code on the other replica: 201 with the spec’s payload', async () => {
    const customer = await verified();
    fake.twoStep(customer.phone, ['smsAuthNo']);
    const first = await analyse({ verificationToken: customer.token, credit4u: signIn }).expect(202);
    const step = first.body as CoverageAnalysisSecondStepDto;
    expect(Object.keys(step).sort()).toEqual(['continuationId', 'expiresAt', 'method']);
    expect(step.method).toBe('SMS_CODE');
    const wrong = await follow(step.continuationId, { credit4u: signIn, code: '000000' }, replica);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'ANALYSIS_STEP_CODE_INVALID', errors: [{ field: 'code' }] });
    const done = await follow(step.continuationId, { credit4u: signIn, code: CODEF_FAKE_SMS_CODE }, replica).expect(201);
    await expectSpecPayload(done, customer);
    const followUp = fake.requestsFor(customer.phone).at(-1)!;
    expect(followUp).toMatchObject({ is2Way: true, code: 'CF-00000' });
    expect(followUp.params).toMatchObject({ smsAuthNo: CODEF_FAKE_SMS_CODE, password: signIn.password });
  });

  it('SECURE_NUMBER: 202 with the image CODEF sent, then its digits: 201 with the spec’s payload', async () => {
    const customer = await verified();
    fake.twoStep(customer.phone, ['secureNo']);
    const step = (await analyse({ verificationToken: customer.token, credit4u: signIn }).expect(202)).body as CoverageAnalysisSecondStepDto;
    expect(step.method).toBe('SECURE_NUMBER');
    expect(step.secureNumberImage).toMatch(/^data:image\/jpeg;base64,/);
    const done = await follow(step.continuationId, { credit4u: signIn, code: CODEF_FAKE_SECURE_NO }).expect(201);
    await expectSpecPayload(done, customer);
  });

  it('APP_APPROVAL: 409 ANALYSIS_STEP_PENDING until the customer approves in the app, then 201 with the spec’s payload', async () => {
    const customer = await verified();
    fake.twoStep(customer.phone, ['simpleAuth'], { approveAfterTries: Infinity });
    const step = (await analyse({ verificationToken: customer.token, credit4u: signIn }).expect(202)).body as CoverageAnalysisSecondStepDto;
    expect(step.method).toBe('APP_APPROVAL');
    expect((await follow(step.continuationId, { credit4u: signIn }).expect(409)).body.code).toBe('ANALYSIS_STEP_PENDING');
    fake.approve(customer.phone);
    const done = await follow(step.continuationId, { credit4u: signIn }, replica).expect(201);
    await expectSpecPayload(done, customer);
  });

  it('a cancellation in the app is 410 ANALYSIS_CONTINUATION_EXPIRED', async () => {
    const customer = await verified();
    fake.twoStep(customer.phone, ['simpleAuth'], { cancel: true });
    const step = (await analyse({ verificationToken: customer.token, credit4u: signIn }).expect(202)).body as CoverageAnalysisSecondStepDto;
    expect((await follow(step.continuationId, { credit4u: signIn }).expect(410)).body.code).toBe('ANALYSIS_CONTINUATION_EXPIRED');
  });

  it('CODEF refusing the keys (CF-00004) is 503 INSURANCE_DATA_MISCONFIGURED, never a customer error', async () => {
    const customer = await verified(verificationBody({ phone: nextPhone() }));
    fake.failNext('CF-00004');
    const response = await analyse({ verificationToken: customer.token, credit4u: signIn }).expect(503);
    expect(response.body.code).toBe('INSURANCE_DATA_MISCONFIGURED');
  });

  it('never stores or logs the sign-in on this path either', async () => {
    // Its own flows, whatever ran before: an analysis in one call, and a second step left open.
    const done = await verified();
    await analyse({ verificationToken: done.token, credit4u: signIn }).expect(201);
    const open = await verified();
    fake.twoStep(open.phone, ['smsAuthNo']);
    const step = (await analyse({ verificationToken: open.token, credit4u: signIn }).expect(202)).body as CoverageAnalysisSecondStepDto;
    expect(await app.dataSource.query(`SELECT 1 FROM two_step_sign_ins WHERE id = $1`, [step.continuationId])).toHaveLength(1);
    const columns = await app.dataSource.query<Array<{ table: string; column: string }>>(
      `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
         JOIN pg_tables t ON t.tablename = c.table_name AND t.schemaname = c.table_schema WHERE c.table_schema = 'public'`,
    );
    const found: string[] = [];
    for (const { table, column } of columns) {
      const [{ n }] = await app.dataSource.query<Array<{ n: string }>>(
        `SELECT count(*) AS n FROM "${table}" WHERE "${column}"::text LIKE ANY($1::text[])`,
        [[signIn.password, signIn.id, Buffer.from(signIn.password).toString('hex')].map((needle) => `%${needle}%`)],
      );
      if (Number(n) > 0) found.push(`${table}.${column}`);
    }
    expect(found).toEqual([]);
    expect(logs.raw.length).toBeGreaterThan(10);
    expect(logs.raw.join('\n')).not.toContain(signIn.password);
    expect(logs.raw.join('\n')).not.toContain(signIn.id);
  });
});
