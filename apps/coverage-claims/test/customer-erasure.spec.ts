import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import pg from 'pg';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClaimHistoryRecordDto, ClaimReceiptDto, NhisAuthDto, OrganisationWithSecretDto, VerificationDto } from '#contracts';
import {
  sandboxCode,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import { fixture, upload, waitForDelivery } from './support/claim-delivery.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';
import { accessRecords } from '../../../test/support/access-records.js';

const HEALTH_TERM_ID = 'medical-health-checkup-v1';
const INSURER = { code: 'N03', fax: '05051811234' };

/** Every table of the service's schema (so a table added later is counted too), but the migrations' own. */
async function tablesOf(app: CoverageClaimsTestApp): Promise<string[]> {
  const rows = await app.dataSource.query<Array<{ name: string }>>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY tablename`,
  );
  return rows.map((row) => row.name);
}

async function rowCounts(app: CoverageClaimsTestApp, tables: string[]): Promise<Record<string, number>> {
  const counts = await Promise.all(
    tables.map(async (table) => [table, Number((await app.dataSource.query(`SELECT count(*) AS n FROM "${table}"`))[0].n)] as const),
  );
  return Object.fromEntries(counts);
}

/** Rows of any table with a column (text, uuid, json, array...) whose text holds one of `needles`: `table.column`. */
async function columnsHolding(app: CoverageClaimsTestApp, needles: string[]): Promise<string[]> {
  const columns = await app.dataSource.query<Array<{ table: string; column: string }>>(
    `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
       JOIN pg_tables t ON t.tablename = c.table_name AND t.schemaname = c.table_schema
      WHERE c.table_schema = 'public' AND c.data_type NOT IN ('bytea', 'integer', 'bigint', 'smallint', 'boolean', 'timestamp with time zone', 'date', 'numeric')`,
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [{ n }] = await app.dataSource.query(`SELECT count(*) AS n FROM "${table}" WHERE "${column}"::text LIKE ANY($1::text[])`, [
      needles.map((needle) => `%${needle}%`),
    ]);
    if (Number(n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('deleting a customer leaves nothing of them behind (DELETE /api/v1/customers/{id})', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: SignedIn;
  let colleague: SignedIn;

  const as = (user: SignedIn) => withToken(app, user.accessToken);
  const key = () => `erasure-${randomUUID()}`;

  beforeAll(async () => {
    app = await startCoverageClaims({
      env: {
        NHIS_SANDBOX_APPROVAL_SECONDS: '0',
        SANDBOX_INSURANCE_DELAY_MS: '0',
        FAX_SANDBOX_MS_PER_PAGE: '1',
        CLAIM_DELIVERY_POLL_MS: '20',
        STORAGE_DELETION_POLL_MS: '20',
      },
    });
    organisation = await given(app).organisation('삭제 에셋');
    planner = await given(app).planner({ organisation, name: '김설계' });
    colleague = await given(app).planner({ organisation, name: '이설계' });
    await given(app).insurerFax(INSURER.code, INSURER.fax);
  });
  afterAll(() => app.close());

  /**
   * Everything the service keeps of a person, made through its operations (each creating one with an
   * Idempotency-Key where it takes one): a confirmed verification and its consents, a coverage
   * analysis and its medical set-analysis, an analysis waiting for its second step, an NHIS authentication with its check-ups, and two claims
   * (one with a JPEG and a PDF) faxed through the sandbox. Returns the customer's id, their claims and files.
   */
  async function everythingOf(user: SignedIn, body: VerificationBody) {
    const { verification, seq, analysis, verificationToken } = await given(app)
      .as(user)
      .verifiedCustomer(body, { idempotencyKey: key() })
      .analysis();
    await as(user).post('/api/v1/medical-bojang/set-analysis').send({ seq, analysis }).expect(200);
    // An analysis waiting for its second step (the sandbox's app approval): a continuation.
    await as(user)
      .post('/api/v1/coverage/analyses')
      .send({ verificationToken, credit4u: { id: 'sandbox-app', password: 'erasure-pw' } })
      .expect(202);
    const auth = (
      await as(user)
        .post('/api/v1/medical-bojang/nhis-auth')
        .set('Idempotency-Key', key())
        .send({ customerId: verification.customerId, provider: 'KAKAO', agreedTermIds: [HEALTH_TERM_ID] })
        .expect(201)
    ).body as NhisAuthDto;
    await sleep(50);
    await as(user).post(`/api/v1/medical-bojang/nhis-auth/${auth.id}/complete`).send().expect(200);
    await as(user).post('/api/v1/medical-bojang/checkups').send({ nhisAuthId: auth.id }).expect(200);

    const fileIds = [
      await upload(app, user.accessToken, await fixture('claim-receipt-photo.jpg'), 'image/jpeg', `${body.name}_영수증.jpg`),
      await upload(app, user.accessToken, await fixture('claim-diagnosis.pdf'), 'application/pdf', `${body.name}_진단서.pdf`),
    ];
    const client = { clientNm: body.name, clientBirthday: body.birthDate, clientTel: body.phone };
    const claimIds: number[] = [];
    for (const files of [fileIds, []]) {
      const receipt = (
        await as(user)
          .post('/api/v1/claim/requests')
          .set('Idempotency-Key', key())
          .send(claimBody(INSURER.code, { ...client, fileIds: files }))
          .expect(201)
      ).body as ClaimReceiptDto;
      claimIds.push(receipt.claimReqId);
    }
    for (const claimId of claimIds) expect((await waitForDelivery(app, claimId)).status).toBe('SENT');
    const keys = (
      await app.dataSource.query<Array<{ key: string }>>(`SELECT key FROM stored_files WHERE id = ANY($1::uuid[])`, [fileIds])
    ).map((row) => row.key);
    return { customerId: verification.customerId, claimIds, fileIds, keys, phone: body.phone.replace(/\D/g, '') };
  }

  const storedPath = (storageKey: string) => path.join(app.config.DATA_DIR, 'coverage-claims', 'files', ...storageKey.split('/'));
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );

  it('removes every row derived from the customer in every table of the schema, their claims’ stored files, and nothing of anyone else', async () => {
    // Someone else's data, before and after: the same person as the colleague's own customer, and
    // another person of the same planner. None of it may go.
    const person = verificationBody({ name: '지울고객', birthDate: '19810203' });
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '2 minutes'`);
    const colleagues = await everythingOf(colleague, person);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '2 minutes'`);
    const bystander = await everythingOf(planner, verificationBody({ name: '남을고객' }));
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '2 minutes'`);

    // The access records (접속기록) are kept through an erasure: the law asks them kept two years
    // (COMPLIANCE.md §1, art. 8), and they name the customer by an id that, once erased, points at
    // nothing. They are checked on their own below.
    const tables = (await tablesOf(app)).filter((table) => table !== 'access_records');
    expect(tables.length).toBeGreaterThanOrEqual(30);
    const before = await rowCounts(app, tables);
    const erased = await everythingOf(planner, person);
    const during = await rowCounts(app, tables);
    // The person left a trace in these tables (the check below would pass vacuously otherwise).
    const touched = tables.filter((table) => during[table]! > before[table]!);
    expect(touched).toEqual(
      expect.arrayContaining([
        'customers',
        'customer_consents',
        'customer_verifications',
        'coverage_analyses',
        'two_step_sign_ins',
        'medical_set_analyses',
        'customer_checkups',
        'claims',
        'claim_files',
        'stored_files',
        'sandbox_sms_messages',
        'sandbox_fax_transmissions',
        'idempotency_records',
        'background_attempts',
      ]),
    );
    // Each claim's fax attempts are in the attempt log: the hand-over and the SENT.
    const attemptsOf = async (claimIds: number[]) =>
      (
        await app.dataSource.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM background_attempts WHERE work = 'claim-delivery' AND item_id = ANY($1::text[])`,
          [claimIds.map(String)],
        )
      )[0]!.n;
    expect(await attemptsOf(erased.claimIds)).toBe(2 * erased.claimIds.length);
    for (const storageKey of erased.keys) expect(await exists(storedPath(storageKey))).toBe(true);

    await as(planner).delete(`/api/v1/customers/${erased.customerId}`).expect(204);

    // The stored objects go after the commit, through the storage_deletions outbox.
    for (let waited = 0; Number((await app.dataSource.query('SELECT count(*) AS n FROM storage_deletions'))[0].n) > 0; waited += 20) {
      if (waited > 10_000) throw new Error('storage deletions were not worked off');
      await sleep(20);
    }
    expect(await rowCounts(app, tables)).toEqual(before);
    expect(await attemptsOf(erased.claimIds)).toBe(0);
    expect(await attemptsOf([...colleagues.claimIds, ...bystander.claimIds])).toBe(
      2 * (colleagues.claimIds.length + bystander.claimIds.length),
    );
    for (const storageKey of erased.keys) expect(await exists(storedPath(storageKey))).toBe(false);
    // The erasure is itself on record, naming the customer by id only.
    expect(await accessRecords(app, { operation: 'Customers_remove', subject: { type: 'customer', id: erased.customerId } })).toHaveLength(
      1,
    );
    // No text, uuid or json column anywhere else names the customer, their claims or their files.
    expect(
      (
        await columnsHolding(app, [
          erased.customerId,
          ...erased.fileIds,
          ...erased.claimIds.map((id) => `claim-${id}`),
          // jsonb's text form: `{"claimReqId": 5, ...}`.
          ...erased.claimIds.map((id) => `"claimReqId": ${id},`),
        ])
      ).filter((column) => column !== 'access_records.subjects'),
    ).toEqual([]);

    // Everyone else's is all there.
    await as(colleague).get(`/api/v1/customers/${colleagues.customerId}`).expect(200);
    await as(planner).get(`/api/v1/customers/${bystander.customerId}`).expect(200);
    const mine = (await as(planner).post('/api/v1/claim/histories').send({ pageSize: 100 }).expect(200)).body as ClaimHistoryRecordDto[];
    expect(mine.map((record) => record.claimReqId).sort()).toEqual([...bystander.claimIds].sort());
    const theirs = (await as(colleague).post('/api/v1/claim/histories').send({ pageSize: 100 }).expect(200))
      .body as ClaimHistoryRecordDto[];
    expect(theirs.map((record) => record.claimReqId).sort()).toEqual([...colleagues.claimIds].sort());
    for (const storageKey of [...colleagues.keys, ...bystander.keys]) expect(await exists(storedPath(storageKey))).toBe(true);
    const history = theirs.find((record) => record.fileCnt === 2)!;
    expect((await fetch(history.files[0]!)).status).toBe(200);
  });

  it('never deadlocks with the delivery worker, which locks a claim’s outbox row before the claim', async () => {
    const body = verificationBody({ name: '교착고객', birthDate: '19880808' });
    const { claimReqId } = (
      await as(planner)
        .post('/api/v1/claim/requests')
        .send(claimBody(INSURER.code, { clientNm: body.name, clientBirthday: body.birthDate, clientTel: body.phone }))
        .expect(201)
    ).body as ClaimReceiptDto;
    expect((await waitForDelivery(app, claimReqId)).status).toBe('SENT');
    const [{ customerId }] = await app.dataSource.query<Array<{ customerId: string }>>(
      `SELECT customer_id AS "customerId" FROM claims WHERE id = $1`,
      [claimReqId],
    );
    // A worker's retry of it, not yet due, taken by "another replica": its outbox row locked first, then its claim.
    await app.dataSource.query(
      `INSERT INTO claim_deliveries (claim_id, attempts, next_attempt_at) VALUES ($1, 1, now() + interval '1 hour')`,
      [claimReqId],
    );
    const worker = new pg.Client({ connectionString: app.databaseUrl });
    await worker.connect();
    try {
      await worker.query('BEGIN');
      await worker.query('SELECT 1 FROM claim_deliveries WHERE claim_id = $1 FOR UPDATE', [claimReqId]);
      const deletion = as(planner)
        .delete(`/api/v1/customers/${customerId}`)
        .then((response) => response.status);
      await sleep(300);
      await worker.query(`UPDATE claims SET status = 'SENDING' WHERE id = $1`, [claimReqId]);
      await worker.query('COMMIT');
      expect(await deletion).toBe(204);
    } finally {
      await worker.end();
    }
    expect(await app.dataSource.query(`SELECT 1 FROM claims WHERE id = $1`, [claimReqId])).toEqual([]);
  });

  it('files a claim for the planner’s own customer of that person, recording one (without a gender) when there is none', async () => {
    const body = verificationBody({ name: '청구만고객', birthDate: '19750505' });
    const claim = (
      await as(planner)
        .post('/api/v1/claim/requests')
        .send(claimBody(INSURER.code, { clientNm: '청구만 고객', clientBirthday: body.birthDate, clientTel: body.phone }))
        .expect(201)
    ).body as ClaimReceiptDto;
    const [row] = await app.dataSource.query<Array<{ customerId: string }>>(
      `SELECT customer_id AS "customerId" FROM claims WHERE id = $1`,
      [claim.claimReqId],
    );
    const customer = (await as(planner).get(`/api/v1/customers/${row!.customerId}`).expect(200)).body as { gender: string | null };
    expect(customer).toMatchObject({ name: '청구만 고객', birthDate: body.birthDate, phone: body.phone.replace(/\D/g, ''), gender: null });
    // A verification of the same person (name typed without the space) finds that customer and sets the gender.
    const verification = (await as(planner).post('/api/v1/coverage/verifications').send(body).expect(201)).body as VerificationDto;
    expect(verification.customerId).toBe(row!.customerId);
    await as(planner)
      .post(`/api/v1/coverage/verifications/${verification.id}/confirm`)
      .send({ code: await sandboxCode(app, body.phone) })
      .expect(200);
    expect(((await as(planner).get(`/api/v1/customers/${row!.customerId}`).expect(200)).body as { gender: string }).gender).toBe(
      body.gender,
    );
    // A colleague's claim for the same person is theirs: another customer, which the planner cannot see.
    const theirs = (
      await as(colleague)
        .post('/api/v1/claim/requests')
        .send(claimBody(INSURER.code, { clientNm: body.name, clientBirthday: body.birthDate, clientTel: body.phone }))
        .expect(201)
    ).body as ClaimReceiptDto;
    const [their] = await app.dataSource.query<Array<{ customerId: string }>>(
      `SELECT customer_id AS "customerId" FROM claims WHERE id = $1`,
      [theirs.claimReqId],
    );
    expect(their!.customerId).not.toBe(row!.customerId);
    await as(planner).get(`/api/v1/customers/${their!.customerId}`).expect(404);
  });
});
