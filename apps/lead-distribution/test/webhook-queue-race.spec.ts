import { setTimeout as sleep } from 'node:timers/promises';
import { uuidv7 } from '#platform';
import { WebhookDeliveriesRepository } from '../src/webhooks/webhook-deliveries.repository.js';
import { AttemptOutcome, DeliveryStatus } from '../src/webhooks/webhook-event-types.js';
import { FAILING_DISABLES_AFTER_MS, planClaims } from '../src/webhooks/webhook-schedule.js';
import { given } from './support/given.js';
import { startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { insertEndpoint } from './support/webhooks.js';

/**
 * The race between a claim and a record on one ordered endpoint, played step by step (the worker is
 * off; the test drives the repository): a claim that saw the queue's head in flight parks the next
 * delivery while the head's attempt is being recorded. Whichever commits first, the next delivery
 * must end due, not parked behind a head that is already delivered.
 */
describe('an ordered endpoint’s next delivery is never left parked behind a delivered head', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution();
  });
  afterAll(() => app.close());

  it('a record waits for a concurrent claim’s park, then wakes what it parked', async () => {
    const repository = app.app.get(WebhookDeliveriesRepository);
    const partner = await given(app).partner('대기열 경합 파트너');
    const endpoint = await insertEndpoint(app, partner.id, 'https://hooks.example.com/queue');
    const [head, next] = [uuidv7(), uuidv7()];
    await app.dataSource.query(
      `WITH ev AS (
         INSERT INTO webhook_events (id, type, partner_id, subject_id, payload)
         SELECT id, 'order.cancelled', $2, $3, json_build_object('id', id) FROM unnest($1::uuid[]) WITH ORDINALITY AS i(id, ord) ORDER BY ord
         RETURNING id, seq)
       INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id) SELECT gen_random_uuid(), id, seq, $3 FROM ev`,
      [[head, next], partner.id, endpoint.id],
    );
    const { claimed } = await repository.claimDue(
      32,
      { slots: 1, maxInFlight: 4, ratePerSecond: 50, perPartner: 1, partnerSending: new Map() },
      60_000,
      planClaims,
    );
    expect(claimed.map((delivery) => delivery.event.id)).toEqual([head]);
    const nextDelivery = async () =>
      (
        await app.dataSource.query<Array<{ due: boolean }>>(
          `SELECT d.next_attempt_at <= now() AS due FROM webhook_deliveries d WHERE d.event_id = $1`,
          [next],
        )
      )[0]!.due;
    // As if the next delivery had come due again while the head is in flight.
    await app.dataSource.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE event_id = $1`, [next]);

    // A second claim: it holds the endpoint, has read the head in flight, and is about to park the next one.
    const claim = app.dataSource.createQueryRunner();
    await claim.connect();
    try {
      await claim.startTransaction();
      await claim.query(`SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR NO KEY UPDATE`, [endpoint.id]);
      const recording = repository.recordAttempt(
        claimed[0]!,
        { attemptedAt: new Date(), outcome: AttemptOutcome.Success, statusCode: 200, latencyMs: 5, responseExcerpt: 'ok', error: null },
        {
          status: DeliveryStatus.Delivered,
          nextAttemptAt: null,
          gone: false,
          goneReason: '',
          failingReason: '',
          failingDisablesAfterMs: FAILING_DISABLES_AFTER_MS,
        },
        4,
      );
      await sleep(300);
      await claim.query(`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '10 minutes' WHERE event_id = $1`, [next]);
      await claim.commitTransaction();
      expect(await recording).toMatchObject({ applied: true, woke: true });
    } finally {
      await claim.release();
    }
    expect(await nextDelivery()).toBe(true);
  });

  it('a worker whose lease ran out cannot record over the claim that took the delivery over, even one of the same attempt number', async () => {
    const repository = app.app.get(WebhookDeliveriesRepository);
    // Claims take the oldest due deliveries of the whole database: nothing of another test may be due.
    await app.dataSource.query(`UPDATE webhook_deliveries SET status = 'DELIVERED', next_attempt_at = NULL WHERE status = 'PENDING'`);
    const partner = await given(app).partner('임대 경합 파트너');
    const endpoint = await insertEndpoint(app, partner.id, 'https://hooks.example.com/lease');
    const eventId = uuidv7();
    await app.dataSource.query(
      `WITH ev AS (INSERT INTO webhook_events (id, type, partner_id, subject_id, payload)
                   VALUES ($1, 'order.cancelled', $2, $3, json_build_object('id', $1::uuid)) RETURNING id, seq)
       INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id) SELECT gen_random_uuid(), id, seq, $3 FROM ev`,
      [eventId, partner.id, endpoint.id],
    );
    const limits = { slots: 1, maxInFlight: 4, ratePerSecond: 50, perPartner: 1, partnerSending: new Map<number, number>() };
    const [stale] = (await repository.claimDue(32, limits, 60_000, planClaims)).claimed;
    // Its worker stalls past the lease; the delivery is given back and claimed again at the same attempt number.
    await app.dataSource.query(
      `UPDATE webhook_deliveries SET lease_until = now() - interval '1 second', next_attempt_at = now() WHERE event_id = $1`,
      [eventId],
    );
    await repository.release([{ ...stale!, leaseId: uuidv7() }], 0);
    await app.dataSource.query(`UPDATE webhook_deliveries SET attempt_count = 0 WHERE event_id = $1`, [eventId]);
    const [current] = (await repository.claimDue(32, limits, 60_000, planClaims)).claimed;
    expect(current!.attemptNumber).toBe(stale!.attemptNumber);
    expect(current!.leaseId).not.toBe(stale!.leaseId);

    const attempt = {
      attemptedAt: new Date(),
      outcome: AttemptOutcome.Success,
      statusCode: 200,
      latencyMs: 5,
      responseExcerpt: 'ok',
      error: null,
    };
    const delivered = {
      status: DeliveryStatus.Delivered,
      nextAttemptAt: null,
      gone: false,
      goneReason: '',
      failingReason: '',
      failingDisablesAfterMs: FAILING_DISABLES_AFTER_MS,
    };
    expect(await repository.recordAttempt(stale!, attempt, delivered, 4)).toMatchObject({ applied: false });
    const [row] = await app.dataSource.query<Array<{ status: string; lease_id: string }>>(
      `SELECT status, lease_id FROM webhook_deliveries WHERE event_id = $1`,
      [eventId],
    );
    expect(row).toEqual({ status: 'PENDING', lease_id: current!.leaseId });
    expect(await repository.recordAttempt(current!, attempt, delivered, 4)).toMatchObject({ applied: true });
  });
});
