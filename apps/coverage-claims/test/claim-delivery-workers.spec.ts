import { ClaimDeliveryRepository, type TakenDelivery } from '../src/claims/delivery/claim-delivery.repository.js';
import { ClaimDeliveryService } from '../src/claims/delivery/claim-delivery.service.js';
import { ClaimRenderError, ClaimRenderer } from '../src/claims/delivery/claim-renderer.js';
import { FAX_SENDER, type FaxSender } from '../src/integrations/fax/fax.port.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { deliveryState, fileClaim, fixture, startReplica, transmissionsOf, upload, waitForDelivery } from './support/claim-delivery.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const RECEIVES = { insurer: 'N03', fax: '05051811234' };
const BUSY_TWICE = { insurer: 'N02', fax: '05051810002' };
const RACED_CLAIMS = 30;

/**
 * Several replicas on one database share the outbox: a filing replica whose worker is off, and
 * workers started on its database as the tests need them (each test app is a replica of its own,
 * with its own pool and its own sandbox fax adapter; they share the database, keys and files).
 */
describe('claim delivery across replicas: leases, shutdown, no fax sent twice', () => {
  let filing: CoverageClaimsTestApp;
  const workers: CoverageClaimsTestApp[] = [];
  let planner: string;

  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startReplica(filing, { env: { CLAIM_DELIVERY_RETRY_BASE_MS: '20', CLAIM_DELIVERY_WORKERS: '3', ...env } });
    workers.push(worker);
    return worker;
  };
  const stopWorker = async (worker: CoverageClaimsTestApp) => {
    workers.splice(workers.indexOf(worker), 1);
    await worker.close();
  };
  /** Until the gateway has given its receipt for the claim's fax. */
  const waitForTransmission = (claimId: number) => waitForDelivery(filing, claimId, (state) => state.receiptId !== null, 30_000);
  const outboxRow = async (claimId: number) =>
    (
      (await filing.dataSource.query('SELECT attempts, next_attempt_at <= now() AS due FROM claim_deliveries WHERE claim_id = $1', [
        claimId,
      ])) as Array<{
        attempts: number;
        due: boolean;
      }>
    )[0];

  beforeAll(async () => {
    filing = await startCoverageClaims({ env: { CLAIM_DELIVERY_ENABLED: 'false' } });
    planner = await given(filing).planner({ organisation: '복제 에셋', name: '오설계' }).token();
    await given(filing).insurerFax(RECEIVES.insurer, RECEIVES.fax);
    await given(filing).insurerFax(BUSY_TWICE.insurer, BUSY_TWICE.fax);
  });
  afterAll(async () => {
    for (const worker of [...workers].reverse()) await worker.close();
    await filing.close();
  });

  it('a replica with its worker off leaves filed claims RECEIVED in the outbox', async () => {
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await deliveryState(filing, claimId)).toMatchObject({ status: 'RECEIVED', attempts: 0 });
  });

  it('holds a taken claim by its lease; when the worker died and the lease ran out another takes it, and the dead worker’s late outcome changes nothing', async () => {
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    // A worker takes every due claim with an hour's lease, and dies.
    const dead = filing.app.get(ClaimDeliveryRepository);
    const taken = (await dead.take(100, 3600, 5)).taken.find((delivery) => delivery.claimId === claimId)!;
    expect(taken.attempt).toBe(1);
    expect(await deliveryState(filing, claimId)).toMatchObject({ status: 'SENDING', attempts: 1 });

    const live = await startWorker();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveryState(filing, claimId)).toMatchObject({ status: 'SENDING', attempts: 1 });
    expect(await transmissionsOf(filing, claimId)).toEqual([]);

    // The hour passes (for the other claim the dead worker took, too).
    await filing.dataSource.query('UPDATE claim_deliveries SET next_attempt_at = now()');
    const state = await waitForDelivery(live, claimId);
    expect(state).toMatchObject({ status: 'SENT', attempts: null });
    expect((await transmissionsOf(filing, claimId)).map((transmission) => transmission.result)).toEqual(['SENT']);

    expect(await dead.markFailed(taken, 'LATE: the dead worker’s outcome')).toBe(false);
    expect(await dead.scheduleRetry(taken, 0, 'LATE')).toBe(false);
    expect(await dead.markSent(taken, 'late-job')).toBe(false);
    expect(await deliveryState(filing, claimId)).toEqual(state);
    await stopWorker(live);
  });

  it('a fax handed to the gateway goes on when its worker stops: the next replica asks for its result and does not send it again', async () => {
    // The line takes 1.5 s a page, and a result is checked only after a minute: the worker stops first.
    const slow = await startWorker({ FAX_SANDBOX_MS_PER_PAGE: '1500', CLAIM_DELIVERY_RESULT_POLL_MS: '60000' });
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    await waitForTransmission(claimId);
    const started = Date.now();
    await stopWorker(slow);
    expect(Date.now() - started).toBeLessThan(5_000);
    const row = await deliveryState(filing, claimId);
    expect(row).toMatchObject({
      status: 'SENDING',
      attempts: 1,
      requestId: expect.stringMatching(new RegExp(`^c${claimId}-1-[0-9a-f]{12}$`)),
    });
    expect(row.receiptId).toBe((await transmissionsOf(filing, claimId))[0]!.id);

    // Another replica takes the row when it is due and finds the transmission's result.
    const next = await startWorker();
    await filing.dataSource.query('UPDATE claim_deliveries SET next_attempt_at = now() WHERE claim_id = $1', [claimId]);
    expect(await waitForDelivery(next, claimId)).toMatchObject({ status: 'SENT', faxJobId: row.receiptId });
    expect((await transmissionsOf(filing, claimId)).map((transmission) => transmission.result)).toEqual(['SENT']);
    await stopWorker(next);
  });

  it('gives a handed-over fax with no final result up after CLAIM_DELIVERY_RESULT_MAX_WAIT_HOURS: FAILED (RESULT_UNKNOWN), not sent again', async () => {
    // The line takes a minute a page: the result stays pending.
    const worker = await startWorker({ FAX_SANDBOX_MS_PER_PAGE: '60000', CLAIM_DELIVERY_RESULT_POLL_MS: '60000' });
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    await waitForTransmission(claimId);
    const { requestId } = await deliveryState(filing, claimId);
    // A day passes while the gateway says nothing final.
    await filing.dataSource.query(
      `UPDATE claim_deliveries SET submitted_at = now() - interval '25 hours', next_attempt_at = now() WHERE claim_id = $1`,
      [claimId],
    );
    const state = await waitForDelivery(worker, claimId);
    expect(state).toMatchObject({ status: 'FAILED', attempts: null, faxJobId: null });
    expect(state.statusReason).toBe(
      `RESULT_UNKNOWN: The gateway took the fax (request ${requestId}) but gave no final result in 24 h; not sent again, since it may have arrived`,
    );
    expect(await transmissionsOf(filing, claimId)).toHaveLength(1);
    await stopWorker(worker);
  });

  it('hands a fax the gateway never confirms over again under the same request id, each time an attempt, then FAILED (UNCONFIRMED), never under a new id', async () => {
    const worker = await startWorker({ CLAIM_DELIVERY_MAX_ATTEMPTS: '3' });
    // A gateway that never answers a hand-over and never holds anything.
    const fax = worker.app.get<FaxSender>(FAX_SENDER);
    const handedOver: string[] = [];
    fax.submit = (_document, requestId) => {
      handedOver.push(requestId);
      return Promise.resolve({ outcome: 'UNCONFIRMED', message: 'no answer' });
    };
    fax.resultOf = () => Promise.resolve({ state: 'UNKNOWN' });
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    const state = await waitForDelivery(worker, claimId);
    expect(handedOver).toHaveLength(3);
    expect(new Set(handedOver).size).toBe(1);
    expect(state).toMatchObject({ status: 'FAILED', attempts: null });
    expect(state.statusReason).toBe(
      `UNCONFIRMED: The gateway never confirmed holding the fax (request ${handedOver[0]}) after 3 hand-overs; not sent again, since one may yet arrive`,
    );
    await stopWorker(worker);
  });

  it('cuts a render off at shutdown after CLAIM_DELIVERY_SHUTDOWN_WAIT_MS and releases the attempt uncounted, due at once', async () => {
    const slow = await startWorker({ CLAIM_DELIVERY_SHUTDOWN_WAIT_MS: '100' });
    // The render goes on until it is cut off (the render process's own stop is claim-renderer.spec.ts's).
    slow.app.get(ClaimRenderer).render = (_claimId, _content, _attachments, signal) =>
      new Promise((_resolve, reject) => {
        const cutOff = () => reject(new ClaimRenderError('aborted', 'cut off'));
        if (signal.aborted) cutOff();
        else signal.addEventListener('abort', cutOff, { once: true });
      });
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    await waitForDelivery(slow, claimId, (state) => state.status === 'SENDING');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await stopWorker(slow);
    expect(Date.now() - started).toBeLessThan(5_000);

    expect(await outboxRow(claimId)).toEqual({ attempts: 0, due: true });
    expect(await transmissionsOf(filing, claimId)).toEqual([]);
    // It is sent by the workers of the next test, with every other claim left in the outbox.
  });

  it(`two workers never send one claim twice: ${RACED_CLAIMS} claims filed while two replicas poll, each faxed exactly once`, async () => {
    while (workers.length < 2) await startWorker();
    // The attempts each replica's worker makes (its own service instance, called through).
    const attemptsBy = workers.map((worker) => {
      const made: TakenDelivery[] = [];
      const service = worker.app.get(ClaimDeliveryService);
      const deliver = service.deliver.bind(service);
      service.deliver = (taken, signal) => {
        made.push(taken);
        return deliver(taken, signal);
      };
      return made;
    });
    const photo = await fixture('claim-receipt-photo.jpg');
    const claimIds = await Promise.all(
      Array.from({ length: RACED_CLAIMS }, async (_, index) => {
        const busy = index % 5 === 0;
        const fileIds = index % 3 === 0 ? [await upload(filing, planner, photo, 'image/jpeg')] : [];
        return fileClaim(filing, planner, claimBody(busy ? BUSY_TWICE.insurer : RECEIVES.insurer, { fileIds }));
      }),
    );
    const outbox = (await filing.dataSource.query('SELECT claim_id FROM claim_deliveries')) as Array<{ claim_id: number }>;
    const all = [...new Set([...claimIds, ...outbox.map((row) => row.claim_id)])];
    for (const claimId of all) expect((await waitForDelivery(filing, claimId, undefined, 90_000)).status).toBe('SENT');

    const counts = (await filing.dataSource.query(
      `SELECT reference, count(*) FILTER (WHERE result = 'SENT')::int AS sent, count(*) FILTER (WHERE result = 'BUSY')::int AS busy
       FROM sandbox_fax_transmissions WHERE reference = ANY($1) GROUP BY reference`,
      [claimIds.map((id) => `claim-${id}`)],
    )) as Array<{ reference: string; sent: number; busy: number }>;
    expect(counts).toHaveLength(RACED_CLAIMS);
    for (const count of counts) expect(count.sent).toBe(1);
    const busyTwice = new Set(claimIds.filter((_, index) => index % 5 === 0).map((id) => `claim-${id}`));
    for (const count of counts) expect(count.busy).toBe(busyTwice.has(count.reference) ? 2 : 0);
    expect((await filing.dataSource.query('SELECT count(*)::int AS left FROM claim_deliveries')) as unknown).toEqual([{ left: 0 }]);
    // Both replicas took part: each started attempts, and no attempt was started twice (a take that
    // continues an attempt, to check its result, carries the attempt's request id).
    const attempts = attemptsBy.map((made) => made.filter((taken) => claimIds.includes(taken.claimId) && taken.requestId === null));
    for (const made of attempts) expect(made.length).toBeGreaterThan(0);
    const keys = attempts.flat().map((taken) => `${taken.claimId}/${taken.attempt}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Rendering 30 claims on a shared two-core machine: minutes at worst, not the default 30 s.
  }, 180_000);
});
