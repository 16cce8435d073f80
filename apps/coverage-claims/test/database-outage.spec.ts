import { setTimeout as sleep } from 'node:timers/promises';
import type { ClaimReceiptDto } from '#contracts';
import { PgProxy, type OutageTrigger } from '../../../test/support/pg-proxy.js';
import { claimBody } from './support/claim-body.js';
import { fixture, upload } from './support/claim-delivery.js';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { given } from './support/given.js';

const INSURER = 'N03';
const LEASE_SECONDS = 2;
// The statement that stores the answer in the claim's transaction: the outage starts around it.
const ANSWER_IN_TRANSACTION = 'UPDATE idempotency_records r';

// The service runs through a proxy the test cuts, on the database and files of a second app (the
// owner) that reaches PostgreSQL directly and reads what was committed.
describe('a database outage while a claim is filed with Idempotency-Key', () => {
  let owner: CoverageClaimsTestApp;
  let app: CoverageClaimsTestApp;
  let proxy: PgProxy;
  let planner: string;

  beforeAll(async () => {
    owner = await startCoverageClaims();
    const database = new URL(owner.databaseUrl);
    proxy = await PgProxy.start({ host: database.hostname, port: Number(database.port || 5432) });
    app = await startCoverageClaims({
      databaseUrl: proxy.urlFor(owner.databaseUrl),
      env: { DATA_DIR: owner.config.DATA_DIR, IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) },
    });
    planner = await given(owner).planner({ organisation: '장애 에셋', name: '최설계' }).token();
    await given(owner).insurerFax(INSURER, '0505-181-1234');
  });
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await owner.close();
  });

  const file = (key: string, body: Record<string, unknown>) =>
    withToken(app, planner).post('/api/v1/claim/requests').set('Idempotency-Key', key).send(body);

  async function claimsOf(fileId: string): Promise<number[]> {
    const rows = await owner.dataSource.query<Array<{ id: number }>>(
      `SELECT c.id FROM claims c JOIN claim_files f ON f.claim_id = c.id WHERE f.file_id = $1 ORDER BY c.id`,
      [fileId],
    );
    return rows.map((row) => row.id);
  }

  async function fileThroughOutage(key: string, body: Record<string, unknown>, trigger: OutageTrigger) {
    const cut = proxy.cutWhen(trigger);
    const answer = await file(key, body);
    await cut;
    proxy.restore();
    return answer;
  }

  async function newClaim(): Promise<{ body: Record<string, unknown>; fileId: string }> {
    const fileId = await upload(app, planner, await fixture('claim-receipt-photo.jpg'), 'image/jpeg', '영수증.jpg');
    return { body: claimBody(INSURER, { fileIds: [fileId] }), fileId };
  }

  it('answers 503 with Retry-After when the connection dies as the claim commits; the retry replays its receipt', async () => {
    const { body, fileId } = await newClaim();
    const cutOff = await fileThroughOutage('claim-after-commit', body, { afterCommitOf: ANSWER_IN_TRANSACTION });
    expect(cutOff.status).toBe(503);
    expect(cutOff.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(cutOff.headers['retry-after']).toBe(String(LEASE_SECONDS));
    const committed = await claimsOf(fileId);
    expect(committed).toHaveLength(1);

    const retried = await file('claim-after-commit', body).expect(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect((retried.body as ClaimReceiptDto).claimReqId).toBe(committed[0]);
    expect(await claimsOf(fileId)).toEqual(committed);
  });

  it('answers 503 when the connection dies before the claim commits; the retry after Retry-After files it once', async () => {
    const { body, fileId } = await newClaim();
    const cutOff = await fileThroughOutage('claim-before-commit', body, { beforeStatement: ANSWER_IN_TRANSACTION });
    expect(cutOff.status).toBe(503);
    expect(cutOff.headers['retry-after']).toBe(String(LEASE_SECONDS));
    expect(await claimsOf(fileId)).toEqual([]);

    const early = await file('claim-before-commit', body).expect(409);
    expect(early.body.code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    await sleep(Number(early.headers['retry-after']) * 1000);
    const retried = await file('claim-before-commit', body).expect(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await claimsOf(fileId)).toEqual([(retried.body as ClaimReceiptDto).claimReqId]);
  });
});
