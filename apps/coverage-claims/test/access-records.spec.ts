import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { accessRecordValues, verifyAccessRecordChain, type RowQuery } from '#platform';
import {
  accessRecords,
  plantAccessRecords,
  rewriteAccessRecordsAsSuperuser,
  sealAccessRecords,
  sweepAccessRecords,
} from '../../../test/support/access-records.js';
import { asOperator, startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';

const run = promisify(execFile);
const DAY_MS = 86_400_000;

/** `npm run access-records:verify -- coverage-claims` on the test app's database: its exit code and output. */
async function verifyScript(app: CoverageClaimsTestApp): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['dist/scripts/access-records-verify.js', 'coverage-claims'], {
      env: { ...process.env, DATABASE_URL: app.databaseUrl },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr };
  }
}

describe('access records (coverage-claims): the hash chain, access-records:verify and the retention sweep', () => {
  let app: CoverageClaimsTestApp;
  const verify = () => verifyAccessRecordChain(((sql: string, params?: unknown[]) => app.dataSource.query(sql, params)) as RowQuery);

  beforeAll(async () => {
    // The sealing job out of the way: the tests seal when they mean to.
    app = await startCoverageClaims({ env: { ACCESS_RECORD_SEAL_INTERVAL_MS: '600000' } });
  });
  afterAll(() => app.close());

  it('sweeps records past ACCESS_RECORD_RETENTION_DAYS (730) and keeps the young; the rest still verifies from its oldest', async () => {
    const now = Date.now();
    const old = await plantAccessRecords(app, [
      { recordedAt: new Date(now - 800 * DAY_MS), subjects: [{ type: 'customer', id: 'old-1' }] },
      { recordedAt: new Date(now - 731 * DAY_MS), subjects: [{ type: 'customer', id: 'old-2' }] },
    ]);
    const young = await plantAccessRecords(app, [
      { recordedAt: new Date(now - 729 * DAY_MS), subjects: [{ type: 'customer', id: 'young-1' }] },
      { recordedAt: new Date(now - 10 * DAY_MS), subjects: [{ type: 'customer', id: 'young-2' }] },
    ]);
    expect(await sealAccessRecords(app)).toBe(4);
    // Unsealed records are never swept: only the chain's sealed prefix goes.
    const unsealed = await plantAccessRecords(app, [{ recordedAt: new Date(now - 900 * DAY_MS) }]);

    expect(await sweepAccessRecords(app)).toBe(2);
    const kept = (await accessRecords(app)).map((record) => record.id);
    expect(kept).toEqual([...young, ...unsealed]);
    expect(kept).not.toEqual(expect.arrayContaining(old));

    const result = await verify();
    expect(result).toMatchObject({ checked: 2, broken: null, unsealed: 1, first: { recordId: young[0], sequence: '3' } });
    expect(await verifyScript(app)).toEqual({ code: 0, out: expect.stringContaining('2 access records verify, from record') });
    expect(await sweepAccessRecords(app)).toBe(0);
  });

  it('seals what operators do through the API, in order, and verify walks it', async () => {
    // Past nine records and over several runs: sequences and ids are ordered as numbers, not as text.
    for (let run = 0; run < 3; run += 1) {
      await plantAccessRecords(
        app,
        Array.from({ length: 7 }, () => ({ recordedAt: new Date() })),
      );
      await sealAccessRecords(app);
    }
    const newestFirst = await asOperator(app).get('/api/v1/admin/access-records?limit=100').expect(200);
    const ids = newestFirst.body.data.map((record: { id: string }) => Number(record.id));
    expect(ids.length).toBeGreaterThan(20);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await asOperator(app).get('/api/v1/admin/access-records?subjectType=customer&subjectId=young-2').expect(200);
    await asOperator(app).get('/api/v1/admin/access-records/review?month=2026-11').expect(200);
    await sealAccessRecords(app);
    const records = await accessRecords(app);
    expect(records.every((record) => record.sequence !== null)).toBe(true);
    expect(records.slice(-2).map((record) => record.operation)).toEqual(['AccessRecordsAdmin_search', 'AccessRecordsAdmin_review']);
    expect(await verify()).toMatchObject({ checked: records.length, broken: null, unsealed: 0 });
  });

  it('passes over no record that commits late: the sealer waits for the appends begun before it, and chains in id order', async () => {
    const values = (id: string) =>
      accessRecordValues({
        actor: { kind: 'operator', id: 'late-operator' },
        address: '198.51.100.7',
        action: 'view',
        operation: 'Test_lateCommit',
        subjects: [{ type: 'customer', id }],
      });
    const append = (query: (sql: string, params: unknown[]) => Promise<unknown>, id: string) =>
      query(`SELECT append_access_records_v1($1::jsonb)`, [JSON.stringify([values(id)])]);
    const late = app.dataSource.createQueryRunner();
    await late.connect();
    let sealed: Promise<number> | undefined;
    try {
      await late.startTransaction();
      await append((sql, params) => late.query(sql, params), 'late-1');
      await append((sql, params) => app.dataSource.query(sql, params), 'early-1');
      let done = false;
      sealed = sealAccessRecords(app).finally(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      await late.commitTransaction();
      expect(await sealed).toBe(2);
    } finally {
      if (late.isTransactionActive) await late.rollbackTransaction();
      await late.release();
      await sealed?.catch(() => undefined);
    }
    const [first] = await accessRecords(app, { subject: { type: 'customer', id: 'late-1' } });
    const [second] = await accessRecords(app, { subject: { type: 'customer', id: 'early-1' } });
    expect(BigInt(first!.id)).toBeLessThan(BigInt(second!.id));
    expect(BigInt(second!.sequence!)).toBe(BigInt(first!.sequence!) + 1n);
    expect(await verify()).toMatchObject({ broken: null, unsealed: 0 });
  });

  it('names the first broken link when a record is changed directly in the database', async () => {
    await request(app.url).get('/api/v1/admin/access-records').expect(401);
    const [, target] = await accessRecords(app);
    await rewriteAccessRecordsAsSuperuser(app, `UPDATE access_records SET actor_id = 'someone-else' WHERE id = $1`, [target!.id]);
    try {
      const result = await verify();
      expect(result.broken).toEqual({ recordId: target!.id, sequence: target!.sequence, problem: expect.stringMatching(/^hash differs/) });
      const script = await verifyScript(app);
      expect(script.code).toBe(1);
      expect(script.out).toContain(`BROKEN at record ${target!.id} (sequence ${target!.sequence}): hash differs`);
    } finally {
      await rewriteAccessRecordsAsSuperuser(app, `UPDATE access_records SET actor_id = $2 WHERE id = $1`, [target!.id, target!.actorId]);
    }
    expect((await verify()).broken).toBeNull();
  });

  it('names a record taken out of the middle of the chain, and a rewritten link', async () => {
    const records = await accessRecords(app);
    const [, second, third] = records;
    await rewriteAccessRecordsAsSuperuser(app, `UPDATE access_record_seals SET prev_hash = $2 WHERE record_id = $1`, [
      third!.id,
      'f'.repeat(64),
    ]);
    expect((await verify()).broken).toEqual({
      recordId: third!.id,
      sequence: third!.sequence,
      problem: expect.stringContaining(`is not the hash of record ${second!.id} before it`),
    });
    await rewriteAccessRecordsAsSuperuser(app, `DELETE FROM access_records WHERE id = $1`, [second!.id]);
    expect((await verify()).broken).toEqual({
      recordId: second!.id,
      sequence: second!.sequence,
      problem: `record ${second!.id}, sealed as ${second!.sequence}, is gone`,
    });
    await rewriteAccessRecordsAsSuperuser(app, `DELETE FROM access_record_seals WHERE record_id = $1`, [second!.id]);
    expect((await verify()).broken).toEqual({
      recordId: third!.id,
      sequence: third!.sequence,
      problem: expect.stringContaining(`records ${second!.sequence} to ${second!.sequence} are missing`),
    });
  });
});
