import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CoverageAnalysisResultDto, CoverageAnalysisSecondStepDto, OrganisationWithSecretDto } from '#contracts';
import { LogCapture } from '../../../test/support/log-capture.js';
import { INSURANCE_DATA, SecondStepError, type InsuranceDataPort } from '../src/integrations/insurance-data/insurance-data.port.js';
import { sandboxSecureNumberOf } from '../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
import { sandboxInquiryDate } from '../src/integrations/insurance-data/sandbox/sandbox-dates.js';
import { sandboxPortfolio } from '../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { TwoStepSweep } from '../src/two-step/two-step.sweep.js';
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
import { given } from './support/given.js';

const TIMEOUT_MS = 1000;
const APPROVAL_SECONDS = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The analysis's sign-in and second step (docs/decisions/coverage-analysis.md, "Sign-in and second
 * step"), through the real AppModule on the sandbox insurance-data adapter, on two app instances
 * sharing one database (and keys), as two replicas do.
 */
describe('coverage analysis: the customer’s sign-in and the second step', () => {
  const logs = new LogCapture();
  let app: CoverageClaimsTestApp;
  let replica: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsiderAdmin: SignedIn;

  const as = (user: SignedIn, on: CoverageClaimsTestApp = app) => withToken(on, user.accessToken);
  const analyse = (body: object, user: SignedIn = planner, on: CoverageClaimsTestApp = app) =>
    as(user, on).post('/api/v1/coverage/analyses').send(body);
  const follow = (id: string, body: object, user: SignedIn = planner, on: CoverageClaimsTestApp = app) =>
    as(user, on).post(`/api/v1/coverage/analysis-continuations/${id}`).send(body);
  const credit4u = (id: string, password = 'pass-word-1') => ({ id, password });

  async function verified(body: VerificationBody = verificationBody(), user: SignedIn = planner) {
    const { verificationToken, customerId, body: sent } = await given(app).as(user).verifiedCustomer(body);
    return { token: verificationToken, customerId, phone: sent.phone };
  }

  /** A verified customer whose analysis the sandbox answers with the second step of `id`: the 202 body. */
  async function started(id: string, user: SignedIn = planner, body: VerificationBody = verificationBody(), password = 'pass-word-1') {
    const customer = await verified(body, user);
    const response = await analyse({ verificationToken: customer.token, credit4u: credit4u(id, password) }, user).expect(202);
    return { ...customer, step: response.body as CoverageAnalysisSecondStepDto };
  }

  const continuations = async (customerId: string) =>
    app.dataSource.query<Array<{ id: string; method: string; wrong_answers: number; held_until: Date | null }>>(
      `SELECT id, method, wrong_answers, held_until FROM two_step_sign_ins WHERE customer_id = $1`,
      [customerId],
    );

  /** How many contracts the sandbox gives the customer of `body` (as many on any inquiry date). */
  const portfolioSize = (body: VerificationBody) =>
    sandboxPortfolio(
      { name: body.name, birthDate: body.birthDate, gender: body.gender as 'M' | 'F', phone: body.phone.replace(/\D/g, '') },
      sandboxInquiryDate(Date.now()),
    ).length;

  beforeAll(async () => {
    // Two replicas: the same database and the same keys (the field cipher's and the lookup hash's).
    const env = {
      LOG_LEVEL: 'debug',
      INSURANCE_DATA_TIMEOUT_MS: String(TIMEOUT_MS),
      SANDBOX_INSURANCE_DELAY_MS: '5000',
      SANDBOX_INSURANCE_APPROVAL_SECONDS: String(APPROVAL_SECONDS),
      ...sharedDeploymentKeys(),
    };
    app = await startCoverageClaims({ env, logDestination: logs });
    replica = await startCoverageClaims({ env, logDestination: logs, databaseUrl: app.databaseUrl });
    ({ organisation, planner, otherPlanner, admin, outsiderAdmin } = await given(app).team('이단계 에셋'));
  });
  afterAll(async () => {
    await replica?.close();
    await app?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  describe('the first call', () => {
    it('answers in one call as before for a sign-in the sandbox has no step for (201 {seq, analysis}, the customer’s portfolio)', async () => {
      const body = verificationBody();
      const { token } = await verified(body);
      const response = await analyse({ verificationToken: token, credit4u: credit4u('my-credit4u-id') }).expect(201);
      const result = response.body as CoverageAnalysisResultDto;
      expect(Object.keys(result).sort()).toEqual(['analysis', 'insights', 'seq']);
      expect(analysisPayloadProblems(result.analysis as unknown as Record<string, unknown>)).toEqual([]);
      expect(result.analysis.contracts).toHaveLength(portfolioSize(body));
    });

    it('answers 202 with the second step: {continuationId, method, expiresAt} (270 s on), nothing else; a continuation is stored', async () => {
      const before = Date.now();
      const { step, customerId } = await started('sandbox-sms');
      expect(Object.keys(step).sort()).toEqual(['continuationId', 'expiresAt', 'method']);
      expect(step.continuationId).toMatch(UUID);
      expect(step.method).toBe('SMS_CODE');
      const expiresIn = Date.parse(step.expiresAt) - before;
      expect(expiresIn).toBeGreaterThan(265_000);
      expect(expiresIn).toBeLessThan(275_000);
      expect(await continuations(customerId)).toEqual([
        { id: step.continuationId, method: 'SMS_CODE', wrong_answers: 0, held_until: null },
      ]);
      expect(await app.dataSource.query(`SELECT 1 FROM coverage_analyses WHERE customer_id = $1`, [customerId])).toEqual([]);
    });

    it('answers SECURE_NUMBER with the image as a data: URL', async () => {
      const { step } = await started('sandbox-secure');
      expect(Object.keys(step).sort()).toEqual(['continuationId', 'expiresAt', 'method', 'secureNumberImage']);
      expect(step.method).toBe('SECURE_NUMBER');
      expect(sandboxSecureNumberOf(step.secureNumberImage!)).toMatch(/^\d{6}$/);
    });

    it('validates credit4u: an object of id and password, strings of sane length, naming credit4u.id / credit4u.password, never echoing them', async () => {
      const { token } = await verified();
      const cases: Array<[unknown, string[]]> = [
        ['sandbox-sms', ['credit4u']],
        [{ id: 'someone' }, ['credit4u.password']],
        [{ password: 'pw' }, ['credit4u.id']],
        [{ id: '', password: 'pw' }, ['credit4u.id']],
        [{ id: 42, password: 'pw' }, ['credit4u.id']],
        [{ id: 'x'.repeat(65), password: 'pw' }, ['credit4u.id']],
        [{ id: 'someone', password: 'p'.repeat(129) }, ['credit4u.password']],
        [{ id: 'someone', password: 'pw', extra: 1 }, ['credit4u.extra']],
      ];
      for (const [value, fields] of cases) {
        const response = await analyse({ verificationToken: token, credit4u: value }).expect(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        expect([...new Set((response.body.errors as Array<{ field: string }>).map((error) => error.field))].sort()).toEqual(fields);
        expect(JSON.stringify(response.body)).not.toContain('p'.repeat(129));
      }
    });

    it('400 INSURANCE_SIGN_IN_INVALID naming credit4u.password for a refused password; 423 INSURANCE_SIGN_IN_LOCKED naming credit4u.id', async () => {
      const { token, customerId } = await verified();
      const wrong = await analyse({ verificationToken: token, credit4u: credit4u('someone', 'wrong') }).expect(400);
      expect(wrong.body).toMatchObject({ code: 'INSURANCE_SIGN_IN_INVALID', errors: [{ field: 'credit4u.password' }] });
      const locked = await analyse({ verificationToken: token, credit4u: credit4u('sandbox-locked') }).expect(423);
      expect(locked.body).toMatchObject({ code: 'INSURANCE_SIGN_IN_LOCKED', status: 423, errors: [{ field: 'credit4u.id' }] });
      expect(await continuations(customerId)).toEqual([]);
    });

    it('503 INSURANCE_DATA_MISCONFIGURED, saying nothing of the customer, logged at error level', async () => {
      const body = verificationBody({ name: '설정오류', phone: nextPhone() });
      const { token } = await verified(body);
      const linesBefore = logs.lines.length;
      const response = await analyse({ verificationToken: token, credit4u: credit4u('sandbox-misconfigured') }).expect(503);
      expect(response.body).toMatchObject({ code: 'INSURANCE_DATA_MISCONFIGURED', status: 503 });
      expect(JSON.stringify(response.body)).not.toMatch(/설정오류|sandbox-misconfigured/);
      expect(JSON.stringify(response.body)).not.toContain(body.phone.replace(/\D/g, '').slice(3));
      const logged = logs.lines.slice(linesBefore);
      // For operators, at error level (the problem itself is logged as a warning, as 502 and 504 are).
      expect(logged.filter((line) => line.level === 'error' && line.context === 'AnalysesService')).toEqual([
        expect.objectContaining({ code: 'INSURANCE_DATA_MISCONFIGURED', error: expect.stringContaining('misconfigured account') }),
      ]);
      expect(JSON.stringify(logged)).not.toMatch(/설정오류|sandbox-misconfigured|pass-word-1/);
    });
  });

  describe('the follow-up (POST /api/v1/coverage/analysis-continuations/{continuationId})', () => {
    it('SMS_CODE: a wrong code is 400 ANALYSIS_STEP_CODE_INVALID naming code (attemptsLeft), no code 400 naming code; the right one 201 {seq, analysis}, and the continuation is gone', async () => {
      const body = verificationBody();
      const { step, customerId } = await started('sandbox-sms', planner, body);
      const wrong = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '000000' }).expect(400);
      expect(wrong.body).toMatchObject({ code: 'ANALYSIS_STEP_CODE_INVALID', attemptsLeft: 4, errors: [{ field: 'code' }] });
      const none = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms') }).expect(400);
      expect(none.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'code' }] });

      const done = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(201);
      const result = done.body as CoverageAnalysisResultDto;
      expect(Object.keys(result).sort()).toEqual(['analysis', 'insights', 'seq']);
      expect(result.seq).toMatch(UUID);
      expect(analysisPayloadProblems(result.analysis as unknown as Record<string, unknown>)).toEqual([]);
      expect(result.analysis.contracts).toHaveLength(portfolioSize(body));
      expect((await as(planner).get(`/api/v1/coverage/analyses/${result.seq}`).expect(200)).body).toEqual(result);
      expect(await continuations(customerId)).toEqual([]);
      // Single use.
      const again = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(404);
      expect(again.body.code).toBe('ANALYSIS_CONTINUATION_NOT_FOUND');
    });

    it('five wrong codes end it: 410 ANALYSIS_CONTINUATION_EXPIRED, then 404', async () => {
      const { step, customerId } = await started('sandbox-sms');
      for (const attemptsLeft of [4, 3, 2, 1]) {
        const wrong = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '999999' }).expect(400);
        expect(wrong.body.attemptsLeft).toBe(attemptsLeft);
      }
      const last = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '999999' }).expect(410);
      expect(last.body.code).toBe('ANALYSIS_CONTINUATION_EXPIRED');
      expect(await continuations(customerId)).toEqual([]);
      await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(404);
    });

    it('SECURE_NUMBER: wrong digits give 202 again (the same continuationId and expiry, a new image); the right ones 201', async () => {
      const { step } = await started('sandbox-secure');
      const again = await follow(step.continuationId, { credit4u: credit4u('sandbox-secure'), code: '0' }).expect(202);
      const next = again.body as CoverageAnalysisSecondStepDto;
      expect(next).toEqual({
        continuationId: step.continuationId,
        method: 'SECURE_NUMBER',
        secureNumberImage: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        expiresAt: step.expiresAt,
      });
      // The first image's digits no longer count: the new step's reference replaced it.
      const digits = sandboxSecureNumberOf(next.secureNumberImage!)!;
      await follow(step.continuationId, { credit4u: credit4u('sandbox-secure'), code: digits }).expect(201);
    });

    it('APP_APPROVAL: 409 ANALYSIS_STEP_PENDING until the customer approves (may be sent again), then 201 — completed on the other replica', async () => {
      const { step, customerId } = await started('sandbox-app');
      expect(step.method).toBe('APP_APPROVAL');
      expect(step).not.toHaveProperty('secureNumberImage');
      const pending = await follow(step.continuationId, { credit4u: credit4u('sandbox-app') }).expect(409);
      expect(pending.body.code).toBe('ANALYSIS_STEP_PENDING');
      await follow(step.continuationId, { credit4u: credit4u('sandbox-app') }, planner, replica).expect(409);
      expect(await continuations(customerId)).toHaveLength(1);
      await sleep(APPROVAL_SECONDS * 1000 + 100);
      const done = await follow(step.continuationId, { credit4u: credit4u('sandbox-app') }, planner, replica).expect(201);
      expect(
        (
          await as(planner)
            .get(`/api/v1/coverage/analyses/${(done.body as CoverageAnalysisResultDto).seq}`)
            .expect(200)
        ).body,
      ).toEqual(done.body);
    });

    it('a cancellation in the app is 410 ANALYSIS_CONTINUATION_EXPIRED and deletes it', async () => {
      const { step, customerId } = await started('sandbox-cancel');
      const cancelled = await follow(step.continuationId, { credit4u: credit4u('sandbox-cancel') }).expect(410);
      expect(cancelled.body.code).toBe('ANALYSIS_CONTINUATION_EXPIRED');
      expect(cancelled.body.detail).toContain('cancelled');
      expect(await continuations(customerId)).toEqual([]);
    });

    it('past expiresAt: 410 ANALYSIS_CONTINUATION_EXPIRED (the database’s clock), and the row is deleted', async () => {
      const { step, customerId } = await started('sandbox-sms');
      await app.dataSource.query(`UPDATE two_step_sign_ins SET expires_at = clock_timestamp() - interval '1 second' WHERE id = $1`, [
        step.continuationId,
      ]);
      const expired = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(410);
      expect(expired.body.code).toBe('ANALYSIS_CONTINUATION_EXPIRED');
      expect(await continuations(customerId)).toEqual([]);
    });

    it('a refused sign-in on the follow-up is 400 naming credit4u.password and keeps the continuation; a missing one 400 naming credit4u', async () => {
      const { step } = await started('sandbox-sms');
      const wrong = await follow(step.continuationId, { credit4u: credit4u('sandbox-sms', 'wrong'), code: '123456' }).expect(400);
      expect(wrong.body).toMatchObject({ code: 'INSURANCE_SIGN_IN_INVALID', errors: [{ field: 'credit4u.password' }] });
      const missing = await follow(step.continuationId, { code: '123456' }).expect(400);
      expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'credit4u' }] });
      await follow(step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(201);
    });

    it('the source failing (502) or slow (504, within INSURANCE_DATA_TIMEOUT_MS) keeps the continuation, free for another follow-up', async () => {
      const failing = await started('sandbox-sms', planner, verificationBody({ phone: `${nextPhone().slice(0, 7)}0003` }));
      const failed = await follow(failing.step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(502);
      expect(failed.body.code).toBe('INSURANCE_DATA_UNAVAILABLE');
      expect(await continuations(failing.customerId)).toMatchObject([{ held_until: null }]);

      const slow = await started('sandbox-sms', planner, verificationBody({ phone: `${nextPhone().slice(0, 7)}0002` }));
      const started_ = Date.now();
      const timedOut = await follow(slow.step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(504);
      expect(Date.now() - started_).toBeLessThan(TIMEOUT_MS + 1500);
      expect(timedOut.body.code).toBe('INSURANCE_DATA_TIMEOUT');
      expect(await continuations(slow.customerId)).toMatchObject([{ held_until: null }]);
      await follow(slow.step.continuationId, { credit4u: credit4u('sandbox-sms'), code: '123456' }).expect(504);
    });

    it('two concurrent follow-ups, one on each replica: only one reaches the source; the other is 409 ANALYSIS_CONTINUATION_BUSY', async () => {
      const { step } = await started('sandbox-sms');
      const calls: string[] = [];
      for (const [name, instance] of [
        ['app', app],
        ['replica', replica],
      ] as const) {
        const port = instance.app.get<InsuranceDataPort>(INSURANCE_DATA);
        const original = port.continueLookup.bind(port);
        jest.spyOn(port, 'continueLookup').mockImplementation(async (...args) => {
          calls.push(name);
          await sleep(300);
          return original(...args);
        });
      }
      const body = { credit4u: credit4u('sandbox-sms'), code: '123456' };
      const answers = await Promise.all([
        follow(step.continuationId, body, planner, app),
        follow(step.continuationId, body, planner, replica),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('ANALYSIS_CONTINUATION_BUSY');
      expect(calls).toHaveLength(1);
    });

    it('a follow-up with the source when the continuation expires still completes it: neither the sweep nor another follow-up deletes it meanwhile', async () => {
      const { step } = await started('sandbox-sms');
      const port = app.app.get<InsuranceDataPort>(INSURANCE_DATA);
      const original = port.continueLookup.bind(port);
      let reached!: () => void;
      const atSource = new Promise<void>((resolve) => (reached = resolve));
      jest.spyOn(port, 'continueLookup').mockImplementation(async (...args) => {
        reached();
        await sleep(400);
        return original(...args);
      });
      const body = { credit4u: credit4u('sandbox-sms'), code: '123456' };
      // supertest sends on then(): start it now.
      const pending = follow(step.continuationId, body).then((response) => response);
      await atSource;
      await app.dataSource.query(`UPDATE two_step_sign_ins SET expires_at = clock_timestamp() - interval '1 second' WHERE id = $1`, [
        step.continuationId,
      ]);
      // The sweep deletes expired ones; another follow-up finds it expired.
      await replica.app.get(TwoStepSweep).sweep();
      expect((await follow(step.continuationId, body, planner, replica).expect(410)).body.code).toBe('ANALYSIS_CONTINUATION_EXPIRED');
      expect((await pending).status).toBe(201);
    });

    it('a follow-up that outlived its hold lets go of nothing: the next follow-up’s hold stands until that one is done', async () => {
      const { step } = await started('sandbox-app');
      const heldUntil = async () =>
        (
          await app.dataSource.query<Array<{ held_until: string | null }>>(
            `SELECT held_until::text AS held_until FROM two_step_sign_ins WHERE id = $1`,
            [step.continuationId],
          )
        )[0]!.held_until;
      const gate = () => {
        let open!: () => void;
        const opened = new Promise<void>((resolve) => (open = resolve));
        let reach!: () => void;
        const reached = new Promise<void>((resolve) => (reach = resolve));
        return { open, opened, reach, reached };
      };
      const first = gate();
      const second = gate();
      jest.spyOn(app.app.get<InsuranceDataPort>(INSURANCE_DATA), 'continueLookup').mockImplementation(async () => {
        first.reach();
        await first.opened;
        throw new SecondStepError('PENDING', 'not yet');
      });
      jest.spyOn(replica.app.get<InsuranceDataPort>(INSURANCE_DATA), 'continueLookup').mockImplementation(async () => {
        second.reach();
        await second.opened;
        return { contracts: [] };
      });
      const body = { credit4u: credit4u('sandbox-app') };
      const late = follow(step.continuationId, body).then((response) => response);
      await first.reached;
      // Its hold runs out while it is still with the source; the next follow-up holds the row.
      await app.dataSource.query(`UPDATE two_step_sign_ins SET held_until = clock_timestamp() - interval '1 second' WHERE id = $1`, [
        step.continuationId,
      ]);
      const next = follow(step.continuationId, body, planner, replica).then((response) => response);
      await second.reached;
      const nextHold = await heldUntil();
      expect(nextHold).not.toBeNull();
      first.open();
      expect((await late).status).toBe(409);
      expect(await heldUntil()).toBe(nextHold);
      // So a third follow-up meanwhile is told the continuation is busy, and reaches no source.
      expect((await follow(step.continuationId, body).expect(409)).body.code).toBe('ANALYSIS_CONTINUATION_BUSY');
      second.open();
      expect((await next).status).toBe(201);
    });

    it('expired continuations are swept (every minute, on every replica) but one a follow-up holds, which that follow-up settles', async () => {
      const spent = await started('sandbox-sms');
      const held = await started('sandbox-sms');
      await app.dataSource.query(`UPDATE two_step_sign_ins SET expires_at = clock_timestamp() - interval '1 second' WHERE id = ANY($1)`, [
        [spent.step.continuationId, held.step.continuationId],
      ]);
      await app.dataSource.query(`UPDATE two_step_sign_ins SET held_until = clock_timestamp() + interval '1 minute' WHERE id = $1`, [
        held.step.continuationId,
      ]);
      expect(await replica.app.get(TwoStepSweep).sweep()).toBeGreaterThanOrEqual(1);
      expect(await continuations(spent.customerId)).toEqual([]);
      expect(await continuations(held.customerId)).toHaveLength(1);
    });

    it('visibility: another planner’s or organisation’s continuation is 404 like an unknown one; an ORG_ADMIN of the organisation completes it', async () => {
      const { step } = await started('sandbox-sms');
      const body = { credit4u: credit4u('sandbox-sms'), code: '123456' };
      for (const user of [otherPlanner, outsiderAdmin]) {
        expect((await follow(step.continuationId, body, user).expect(404)).body.code).toBe('ANALYSIS_CONTINUATION_NOT_FOUND');
      }
      expect((await follow('019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b', body).expect(404)).body.code).toBe('ANALYSIS_CONTINUATION_NOT_FOUND');
      const malformed = await follow('not-an-id', body).expect(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'continuationId' }] });
      const done = (await follow(step.continuationId, body, admin).expect(201)).body as CoverageAnalysisResultDto;
      expect((await as(admin).get(`/api/v1/coverage/analyses/${done.seq}`).expect(200)).body).toEqual(done);
      expect(organisation.id).toBeDefined();
    });

    it('deleting the customer deletes their continuations: the follow-up is 404', async () => {
      const { step, customerId } = await started('sandbox-app');
      expect(await continuations(customerId)).toHaveLength(1);
      await as(planner).delete(`/api/v1/customers/${customerId}`).expect(204);
      expect(await continuations(customerId)).toEqual([]);
      await follow(step.continuationId, { credit4u: credit4u('sandbox-app') }).expect(404);
    });
  });

  it('never stores or logs the sign-in: no text column of any table, no log line holds the id or the password', async () => {
    const password = `Pw-${randomBytes(9).toString('base64url')}`;
    const id = `id-${randomBytes(6).toString('hex')}`;
    // One call with an ordinary id, a two-step flow with the same password, and a refused follow-up.
    const { token } = await verified();
    await analyse({ verificationToken: token, credit4u: credit4u(id, password) }).expect(201);
    const { step } = await started('sandbox-sms', planner, verificationBody(), password);
    await follow(step.continuationId, { credit4u: credit4u('sandbox-sms', password), code: '000000' }).expect(400);
    await follow(step.continuationId, { credit4u: credit4u(id, password), code: '123456' }, planner, replica).expect(201);
    await analyse({ verificationToken: token, credit4u: { id, password: 'x'.repeat(200) } }).expect(400);

    const columns = await app.dataSource.query<Array<{ table: string; column: string }>>(
      `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
         JOIN pg_tables t ON t.tablename = c.table_name AND t.schemaname = c.table_schema WHERE c.table_schema = 'public'`,
    );
    expect(columns.length).toBeGreaterThan(100);
    const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
    const found: string[] = [];
    for (const { table, column } of columns) {
      const [{ n }] = await app.dataSource.query<Array<{ n: string }>>(
        `SELECT count(*) AS n FROM "${table}" WHERE "${column}"::text LIKE ANY($1::text[])`,
        [[password, id, hex(password), hex(id)].map((needle) => `%${needle}%`)],
      );
      if (Number(n) > 0) found.push(`${table}.${column}`);
    }
    expect(found).toEqual([]);
    const logged = logs.raw.join('\n');
    expect(logs.raw.length).toBeGreaterThan(10);
    expect(logged).not.toContain(password);
    expect(logged).not.toContain(id);
  });

  it('documents both operations, the 202 body and every problem in the OpenAPI document', async () => {
    const document = JSON.parse(await readFile('openapi/coverage-claims.json', 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    const first = document.paths['/api/v1/coverage/analyses']!.post!;
    const follow_ = document.paths['/api/v1/coverage/analysis-continuations/{continuationId}']!.post!;
    expect(Object.keys(follow_.responses).sort()).toEqual(
      ['201', '202', '400', '401', '403', '404', '409', '410', '413', '415', '423', '429', '500', '502', '503', '504'].sort(),
    );
    for (const operation of [first, follow_]) {
      expect(operation.responses['202']!.content!['application/json']!.schema.$ref).toBe(
        '#/components/schemas/CoverageAnalysisSecondStepDto',
      );
    }
    const step = document.components.schemas.CoverageAnalysisSecondStepDto!;
    expect(Object.keys(step.properties!).sort()).toEqual(['continuationId', 'expiresAt', 'method', 'secureNumberImage']);
    expect(step.required!.sort()).toEqual(['continuationId', 'expiresAt', 'method']);
    expect(Object.keys(document.components.schemas.Credit4uSignInDto!.properties!).sort()).toEqual(['id', 'password']);
  });
});
