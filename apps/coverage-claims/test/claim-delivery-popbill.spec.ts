import { LIMITS_OUT_OF_THE_WAY } from '../../../test/support/rate-limits.js';
import { freePort, spawnService, waitUntilReady, type ServiceProcess } from '../../../test/support/service-process.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { deliveryState, fileClaim, waitForDelivery } from './support/claim-delivery.js';
import { PopbillFake, popbillFakeEnv } from './support/fakes/popbill-fake.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const INSURER = { code: 'N03', fax: '05051811234' };

/**
 * Claims faxed through Popbill (its faithful fake) by the real outbox worker, and a worker process
 * killed (SIGKILL: no shutdown, nothing recorded after) between the hand-over and the result. Whoever
 * takes the claim next asks Popbill about the attempt's request number and never sends it again.
 */
describe('claim delivery through Popbill: a worker killed between the hand-over and the result sends the claim exactly once', () => {
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
    await given(filing).insurerFax(INSURER.code, INSURER.fax);
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
  const startWorkerProcess = async (resultPollMs: number): Promise<ServiceProcess> => {
    const port = await freePort();
    const worker = spawnService('coverage-claims', {
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
    });
    workers.push(worker);
    await waitUntilReady(`http://127.0.0.1:${port}/health/ready`, worker);
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
});
