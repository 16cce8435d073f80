import { setTimeout as sleep } from 'node:timers/promises';
import { PgProxy } from '../../../test/support/pg-proxy.js';
import { given } from './support/given.js';
import { leadInput, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';

const LEASE_SECONDS = 2;

// The service runs through a proxy the test cuts, on the database of a second app (the owner) that
// reaches PostgreSQL directly and reads what was committed.
describe('a database outage during a registration with Idempotency-Key', () => {
  let owner: LeadDistributionTestApp;
  let app: LeadDistributionTestApp;
  let proxy: PgProxy;
  let productId: string;
  let providerKey: string;

  beforeAll(async () => {
    owner = await startLeadDistribution();
    const database = new URL(owner.databaseUrl);
    proxy = await PgProxy.start({ host: database.hostname, port: Number(database.port || 5432) });
    app = await startLeadDistribution({
      databaseUrl: proxy.urlFor(owner.databaseUrl),
      env: { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) },
    });
    ({
      providerKey,
      product: { id: productId },
    } = await given(owner).provider().product());
  });
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await owner.close();
  });

  const register = (key: string, body: ReturnType<typeof leadInput>) =>
    withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', key).send(body);

  async function leadsWithPhone(phone: string): Promise<string[]> {
    const rows = await owner.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM leads WHERE product_id = $1 AND phone_last4 = $2 ORDER BY id`,
      [productId, phone.slice(-4)],
    );
    return rows.map((row) => row.id);
  }

  async function claimsOf(key: string): Promise<number> {
    const [row] = await owner.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM idempotency_records WHERE idempotency_key = $1 AND status_code IS NULL`,
      [key],
    );
    return row!.n;
  }

  async function until(done: () => Promise<boolean>): Promise<void> {
    for (let tries = 0; !(await done()); tries++) {
      if (tries > 100) throw new Error('gave up waiting');
      await sleep(50);
    }
  }

  /** Sends the registration while the proxy waits for `trigger`; restores the database once it is answered. */
  async function registerThroughOutage(key: string, body: ReturnType<typeof leadInput>, trigger: Parameters<PgProxy['cutWhen']>[0]) {
    const cut = proxy.cutWhen(trigger);
    const answer = await register(key, body);
    await cut;
    proxy.restore();
    return answer;
  }

  it('answers 503 with Retry-After when the connection dies after the lead committed, and the retry replays the one lead', async () => {
    const body = leadInput(productId);
    const cutOff = await registerThroughOutage('outage-after-commit', body, { afterCommitOf: 'register_leads_v5' });
    expect(cutOff.status).toBe(503);
    expect(cutOff.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(cutOff.headers['retry-after']).toBe(String(LEASE_SECONDS));

    const committed = await leadsWithPhone(body.phone);
    expect(committed).toHaveLength(1);

    const retried = await register('outage-after-commit', body).expect(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body.id).toBe(committed[0]);
    const again = await register('outage-after-commit', body).expect(201);
    expect(again.body).toEqual(retried.body);
    expect(await leadsWithPhone(body.phone)).toEqual(committed);
  });

  it('answers 503 when the connection dies before the lead is stored; the retry after Retry-After registers it once', async () => {
    const body = leadInput(productId);
    const cutOff = await registerThroughOutage('outage-before-commit', body, { beforeStatement: 'register_leads_v5' });
    expect(cutOff.status).toBe(503);
    expect(cutOff.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(cutOff.headers['retry-after']).toBe(String(LEASE_SECONDS));
    expect(await leadsWithPhone(body.phone)).toEqual([]);
    // The key could not be released (the release met the same outage): it is still claimed.
    const [record] = await owner.dataSource.query<Array<{ statusCode: number | null }>>(
      `SELECT status_code AS "statusCode" FROM idempotency_records WHERE idempotency_key = 'outage-before-commit'`,
    );
    expect(record).toEqual({ statusCode: null });

    const early = await register('outage-before-commit', body).expect(409);
    expect(early.body.code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    const wait = Number(early.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(LEASE_SECONDS);

    await sleep(wait * 1000);
    const retried = await register('outage-before-commit', body).expect(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await leadsWithPhone(body.phone)).toEqual([retried.body.id]);
    const again = await register('outage-before-commit', body).expect(201);
    expect(again.body).toEqual(retried.body);
    expect(await leadsWithPhone(body.phone)).toEqual([retried.body.id]);
  });

  it('keeps the key of a request that runs past its lease: a repeat is 409 with Retry-After, and one lead', async () => {
    const body = leadInput(productId);
    // The registration waits on a lock of the leads table for longer than the key's lease.
    const holder = owner.dataSource.createQueryRunner();
    await holder.startTransaction();
    await holder.query('LOCK TABLE leads IN EXCLUSIVE MODE');
    try {
      const first = register('runs-long', body).then((response) => response);
      await sleep(LEASE_SECONDS * 1000 * 2);
      // The running request renewed its claim: the repeat waits its turn, it does not take the key.
      const repeat = await register('runs-long', body);
      expect(repeat.status).toBe(409);
      expect(repeat.body.code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      expect(Number(repeat.headers['retry-after'])).toBeGreaterThan(0);
      await holder.commitTransaction();
      const firstAnswer = await first;
      expect(firstAnswer.status).toBe(201);
      expect(await leadsWithPhone(body.phone)).toEqual([firstAnswer.body.id]);
      const replay = await register('runs-long', body).expect(201);
      expect(replay.body).toEqual(firstAnswer.body);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('commits one lead when a lapsed claim is taken over while its request still runs: the first request stores nothing', async () => {
    const body = leadInput(productId);
    const holder = owner.dataSource.createQueryRunner();
    await holder.startTransaction();
    await holder.query('LOCK TABLE leads IN EXCLUSIVE MODE');
    try {
      const first = register('taken-over', body).then((response) => response);
      await until(async () => (await claimsOf('taken-over')) === 1);
      // The first claim's renewals stop, as when its replica loses the database: its lease lapses
      // (another token, an old time), and the repeat takes the key over.
      await owner.dataSource.query(
        `UPDATE idempotency_records SET claim_token = gen_random_uuid(), created_at = now() - interval '1 hour'
          WHERE idempotency_key = 'taken-over'`,
      );
      const second = register('taken-over', body).then((response) => response);
      await sleep(300);
      await holder.commitTransaction();
      const [firstAnswer, secondAnswer] = await Promise.all([first, second]);
      expect(secondAnswer.status).toBe(201);
      expect(firstAnswer.status).toBe(409);
      expect(await leadsWithPhone(body.phone)).toEqual([secondAnswer.body.id]);
      const replay = await register('taken-over', body).expect(201);
      expect(replay.body).toEqual(secondAnswer.body);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  });
});
