import { WebhookRetentionSweep } from '../src/webhooks/webhook-retention.sweep.js';
import { given } from './support/given.js';
import { deliverLead, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { insertEndpoint } from './support/webhooks.js';

describe('the webhook delivery log is kept WEBHOOK_RETENTION_DAYS', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ env: { WEBHOOK_WORKER_CONCURRENCY: '0', WEBHOOK_RETENTION_DAYS: '30' } });
  });
  afterAll(() => app.close());

  const eventsOf = async (leadIds: string[]) =>
    (
      await app.dataSource.query<Array<{ subject_id: string }>>(
        `SELECT subject_id FROM webhook_events WHERE subject_id = ANY($1::uuid[])`,
        [leadIds],
      )
    )
      .map((row) => row.subject_id)
      .sort();

  it('removes old events whose deliveries all ended, with their deliveries and attempts; keeps pending and recent ones', async () => {
    const { product } = await given(app).provider().product('보존 기간 상품');
    const partner = await given(app).partner('보존 대리점');
    const endpoint = await insertEndpoint(app, partner.id, 'https://hooks.example.com/leads');
    const [oldDelivered, oldFailed, oldPending, recentDelivered] = [
      await deliverLead(app, product.id, partner.id),
      await deliverLead(app, product.id, partner.id),
      await deliverLead(app, product.id, partner.id),
      await deliverLead(app, product.id, partner.id),
    ];
    const setDelivery = (leadId: string, status: string, ageDays: number) =>
      app.dataSource.query(
        `WITH ev AS (UPDATE webhook_events SET occurred_at = now() - make_interval(days => $3) WHERE subject_id = $1 RETURNING id)
         UPDATE webhook_deliveries d SET status = $2 FROM ev WHERE d.event_id = ev.id`,
        [leadId, status, ageDays],
      );
    await setDelivery(oldDelivered, 'DELIVERED', 31);
    await setDelivery(oldFailed, 'FAILED', 45);
    await setDelivery(oldPending, 'PENDING', 40);
    await setDelivery(recentDelivered, 'DELIVERED', 29);
    const attempted = await app.dataSource.query<Array<{ id: string }>>(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [
      endpoint.id,
    ]);
    expect(attempted).toHaveLength(4);
    await app.dataSource.query(
      `INSERT INTO background_attempts (id, work, item_id, attempted_at, outcome, status_code, latency_ms)
       SELECT gen_random_uuid(), 'webhook-delivery', d.id::text, now(), 'SUCCESS', 200, 5 FROM webhook_deliveries d WHERE d.endpoint_id = $1`,
      [endpoint.id],
    );

    await app.app.get(WebhookRetentionSweep).sweep();

    expect(await eventsOf([oldDelivered, oldFailed, oldPending, recentDelivered])).toEqual([oldPending, recentDelivered].sort());
    const [{ deliveries, attempts }] = await app.dataSource.query<Array<{ deliveries: number; attempts: number }>>(
      `SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE endpoint_id = $1) AS deliveries,
              (SELECT count(*)::int FROM background_attempts WHERE work = 'webhook-delivery' AND item_id = ANY($2::text[])) AS attempts`,
      [endpoint.id, attempted.map((delivery) => delivery.id)],
    );
    // The attempts of the deliveries that went are gone from the attempt log; those of the kept ones stay.
    expect({ deliveries, attempts }).toEqual({ deliveries: 2, attempts: 2 });
  });

  it('fails the deliveries waiting for an endpoint disabled longer than the log is kept, not those of one disabled lately', async () => {
    const { product } = await given(app).provider().product('보존 비활성 상품');
    const partner = await given(app).partner('보존 비활성 대리점');
    const long = await insertEndpoint(app, partner.id, 'https://hooks.example.com/long');
    const lately = await insertEndpoint(app, partner.id, 'https://hooks.example.com/lately');
    await deliverLead(app, product.id, partner.id);
    await app.dataSource.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'test',
              disabled_at = CASE WHEN id = $1 THEN now() - interval '31 days' ELSE now() - interval '29 days' END
        WHERE id = ANY($2::uuid[])`,
      [long.id, [long.id, lately.id]],
    );

    await app.app.get(WebhookRetentionSweep).sweep();

    const rows = await app.dataSource.query<Array<{ endpoint_id: string; status: string }>>(
      `SELECT endpoint_id, status FROM webhook_deliveries WHERE endpoint_id = ANY($1::uuid[])`,
      [[long.id, lately.id]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.endpoint_id, row.status]))).toEqual({ [long.id]: 'FAILED', [lately.id]: 'PENDING' });
  });

  it('erases a rotated-out secret once its overlap is over, and keeps one still signing', async () => {
    const partner = await given(app).partner('회전 대리점');
    const expired = await insertEndpoint(app, partner.id, 'https://hooks.example.com/a');
    const current = await insertEndpoint(app, partner.id, 'https://hooks.example.com/b');
    await app.dataSource.query(
      `UPDATE webhook_endpoints SET previous_secret_ciphertext = secret_ciphertext, previous_secret_key_id = secret_key_id,
              previous_secret_expires_at = CASE WHEN id = $1 THEN now() - interval '1 minute' ELSE now() + interval '1 hour' END
        WHERE id = ANY($2::uuid[])`,
      [expired.id, [expired.id, current.id]],
    );

    await app.app.get(WebhookRetentionSweep).sweep();

    const rows = await app.dataSource.query<Array<{ id: string; kept: boolean }>>(
      `SELECT id, previous_secret_ciphertext IS NOT NULL AND previous_secret_expires_at IS NOT NULL AS kept FROM webhook_endpoints WHERE id = ANY($1::uuid[])`,
      [[expired.id, current.id]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.kept]))).toEqual({ [expired.id]: false, [current.id]: true });
  });
});
