import { LIMITS_OUT_OF_THE_WAY } from '../../../test/support/rate-limits.js';
import { startService, type ServiceProcess } from '../../../test/support/service-process.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { deliveryState, fileClaim, waitForDelivery } from './support/claim-delivery.js';
import { PopbillFake, popbillFakeEnv } from './support/fakes/popbill-fake.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const INSURER = { code: 'N03', fax: '05051811234' };
/** Insurers whose numbers the fake's carrier fails: not a number in service, and a line always busy. */
const WRONG_NUMBER = { code: 'N04', fax: '05051810003' };
const BUSY_LINE = { code: 'N01', fax: '05051810001' };

/**
 * Claims faxed through Popbill (its faithful fake) by the real outbox worker in processes of its own:
 * a worker killed (SIGKILL: no shutdown, nothing recorded after) between the hand-over and the result,
 * whose claim the next one finds by request number and never sends again; and the failures Popbill
 * reports, ending the claims as the sandbox's do.
 */
describe('claim delivery through Popbill: exactly once across a killed worker, and the failures it reports', () => {
  const fake = new PopbillFake({ stepMs: 60_000 });
  let popbillEnv: Record<string, string>;
  let filing: CoverageClaimsTestApp;
  let planner: string;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    const url = await fake.start();
    popbillEnv = popbillFakeEnv(url);
    filing = await startCoverageClaims({ env: { CLAIM_DELIVERY_ENABLED: 'false' } });
    planner = await given(filing).planner({ organisation: '팝빌 에셋', name: '유설계' }).token();
    for (const { code, fax } of [INSURER, WRONG_NUMBER, BUSY_LINE]) await given(filing).insurerFax(code, fax);
    fake.setOutcome(WRONG_NUMBER.fax, 'invalid');
    fake.setOutcome(BUSY_LINE.fax, 'busy');
  });
  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await fake.close();
    await filing.close();
  });

  /**
   * A worker process of its own on the filing replica's database and files, faxing through the fake
   * and checking a handed-over fax's result after `resultPollMs`. (Processes, not test apps: the
   * filing app must stay the last started in this process, whose Bearer strategy is the last one's.)
   */
  const startWorkerProcess = async (resultPollMs: number, env: Record<string, string> = {}): Promise<ServiceProcess> => {
    const { service: worker } = await startService('coverage-claims', ([port]) => ({
      ...LIMITS_OUT_OF_THE_WAY,
      ...popbillEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: filing.databaseUrl,
      DATA_DIR: filing.config.DATA_DIR,
      MIGRATIONS_RUN: 'false',
      CLAIM_DELIVERY_POLL_MS: '50',
      CLAIM_DELIVERY_RESULT_POLL_MS: String(resultPollMs),
      ...env,
    }));
    workers.push(worker);
    return worker;
  };

  const until = async (what: string, done: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  const stop = async (worker: ServiceProcess, signal: 'SIGKILL' | 'SIGTERM') => {
    worker.child.kill(signal);
    const code = await worker.exited;
    expect(code).toBe(signal === 'SIGKILL' ? null : 0);
    workers.splice(workers.indexOf(worker), 1);
  };

  it('killed after Popbill gave its receipt: the next replica finds the result, SENT with that receipt, one transmission', async () => {
    const doomed = await startWorkerProcess(60_000);
    const claimId = await fileClaim(filing, planner, claimBody(INSURER.code));
    await waitForDelivery(filing, claimId, (state) => state.receiptId !== null, 60_000);
    await stop(doomed, 'SIGKILL');

    const { requestId, receiptId, attempts, status } = await deliveryState(filing, claimId);
    expect({ attempts, status }).toEqual({ attempts: 1, status: 'SENDING' });
    expect(fake.transmissionsOf(requestId!)).toBe(1);

    // Popbill finishes the fax; another replica takes the claim (its result check due now).
    fake.stepMs = 0;
    const next = await startWorkerProcess(50);
    await filing.dataSource.query('UPDATE claim_deliveries SET next_attempt_at = now() WHERE claim_id = $1', [claimId]);
    expect(await waitForDelivery(filing, claimId)).toMatchObject({ status: 'SENT', faxJobId: receiptId, attempts: null });
    expect(fake.transmissionsOf(requestId!)).toBe(1);
    expect(fake.sends.filter((send) => send.requestNum === requestId)).toHaveLength(1);
    await stop(next, 'SIGTERM');
    fake.stepMs = 60_000;
  });

  it('killed while Popbill held the fax but had not answered: the next replica asks by request number, finds it, and does not send it again', async () => {
    const sendsBefore = fake.sends.length;
    // Popbill keeps the fax at once and answers the hand-over only after a minute.
    fake.answerSlowly(60_000, 'send');
    const doomed = await startWorkerProcess(60_000);
    const claimId = await fileClaim(filing, planner, claimBody(INSURER.code));
    await until('Popbill holds the fax', () => fake.sends.length > sendsBefore);
    const { requestId, receiptId } = await deliveryState(filing, claimId);
    expect(requestId).toMatch(new RegExp(`^c${claimId}-1-[0-9a-f]{12}$`));
    expect(receiptId).toBeNull();
    await stop(doomed, 'SIGKILL');
    fake.answerSlowly(0);

    fake.stepMs = 0;
    const next = await startWorkerProcess(50);
    await filing.dataSource.query('UPDATE claim_deliveries SET next_attempt_at = now() WHERE claim_id = $1', [claimId]);
    const state = await waitForDelivery(filing, claimId);
    expect(state).toMatchObject({ status: 'SENT', attempts: null, faxJobId: expect.any(String) });
    expect(fake.transmissionsOf(requestId!)).toBe(1);
    expect(fake.sends.filter((send) => send.requestNum === requestId)).toHaveLength(1);
    await stop(next, 'SIGTERM');
  });

  it('ends a claim Popbill cannot deliver FAILED with the reason: a wrong number at once, a busy line after its attempts, each under a new request number', async () => {
    fake.stepMs = 0;
    const worker = await startWorkerProcess(50, { CLAIM_DELIVERY_MAX_ATTEMPTS: '2', CLAIM_DELIVERY_RETRY_BASE_MS: '50' });
    const wrong = await fileClaim(filing, planner, claimBody(WRONG_NUMBER.code));
    const busy = await fileClaim(filing, planner, claimBody(BUSY_LINE.code));

    const wrongState = await waitForDelivery(filing, wrong, undefined, 60_000);
    expect(wrongState).toMatchObject({ status: 'FAILED', attempts: null, faxJobId: null, sentAt: null });
    expect(wrongState.statusReason).toMatch(/^INVALID_NUMBER: /);
    expect(fake.transmissionsTo(WRONG_NUMBER.fax)).toBe(1);

    const busyState = await waitForDelivery(filing, busy, undefined, 60_000);
    expect(busyState).toMatchObject({ status: 'FAILED', attempts: null, faxJobId: null });
    expect(busyState.statusReason).toMatch(/^BUSY: .*\(gave up after 2 attempts\)$/);
    const busySends = fake.sends.filter((send) => send.receivers.includes(BUSY_LINE.fax));
    expect(busySends).toHaveLength(2);
    expect(new Set(busySends.map((send) => send.requestNum))).toEqual(
      new Set([expect.stringMatching(new RegExp(`^c${busy}-1-`)), expect.stringMatching(new RegExp(`^c${busy}-2-`))]),
    );
    await stop(worker, 'SIGTERM');
  });
});
