import { randomBytes, randomUUID } from 'node:crypto';
import {
  UserRole,
  type ClaimHistoryRecordDto,
  type ClaimReceiptDto,
  type OrganisationWithSecretDto,
  type ClaimPresignedUploadDto,
  type ProblemDto,
} from '#contracts';
import { downloadSignature, uploadSignature } from '#platform';
import { nextCi, startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { upload } from './support/claim-delivery.js';
import { transparentPng } from './support/hostile-evidence.js';
import { claimBody as validClaimBody } from './support/claim-body.js';
import { given } from './support/given.js';
import { runMigrationStep } from './support/migration-step.js';
import { LegacyClaimColumnsDropped1796614265608 } from '../src/database/migrations/1796614265608-LegacyClaimColumnsDropped.js';

const INSURER = 'N03';
const INSURER_FAX = '05051811234';

/** A complete, valid claim body; tests change one thing at a time. */
const claimBody = (overrides: Record<string, unknown> = {}) => validClaimBody(INSURER, { directDebitAccntYn: true, ...overrides });

const fieldsOf = (body: unknown) => [...new Set(((body as ProblemDto).errors ?? []).map((error) => error.field))].sort();

describe('claims: submission and history', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: string;
  let plannerCi: string;
  let colleague: string;
  let colleagueCi: string;
  let strangerAdmin: string;

  beforeAll(async () => {
    app = await startCoverageClaims();
    organisation = await given(app).organisation('청구 에셋');
    plannerCi = nextCi();
    colleagueCi = nextCi();
    planner = await given(app).planner({ organisation, name: '김설계', fcUserCi: plannerCi }).token();
    colleague = await given(app).planner({ organisation, name: '이설계', fcUserCi: colleagueCi }).token();
    strangerAdmin = await given(app).planner({ organisation: '다른 에셋', role: UserRole.OrgAdmin }).token();
    await given(app).insurerFax(INSURER, '0505-181-1234');
  });
  afterAll(() => app.close());

  /** Presigns a file as `token` and, unless told not to, uploads its bytes. */
  async function evidence(token = planner, upload = true): Promise<ClaimPresignedUploadDto & { bytes: Buffer }> {
    const bytes = randomBytes(1200);
    const presigned = (
      await withToken(app, token)
        .post('/api/v1/files/presigned')
        .send({ originalName: '영수증.pdf', mimeType: 'application/pdf', size: bytes.length })
        .expect(200)
    ).body as ClaimPresignedUploadDto;
    if (upload) {
      const put = await fetch(presigned.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: bytes });
      expect(put.status).toBe(204);
    }
    return { ...presigned, bytes };
  }

  /** The shape of a history file URL: this service's signed download route for the file. */
  const downloadUrlOf = (fileId: string) =>
    expect.stringMatching(new RegExp(`^${app.url}/api/v1/files/download/${fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
  const submit = (body: Record<string, unknown>, token = planner) => withToken(app, token).post('/api/v1/claim/requests').send(body);
  const history = (body: Record<string, unknown>, token = planner) => withToken(app, token).post('/api/v1/claim/histories').send(body);
  const idsOf = (records: unknown) => (records as ClaimHistoryRecordDto[]).map((record) => record.claimReqId);

  describe('submission', () => {
    it('files a claim with its evidence: 201 with claimReqId and RECEIVED; the history shows every field of the record', async () => {
      const [first, second] = [await evidence(), await evidence()];
      const receipt = (await submit(claimBody({ fileIds: [second.fileId, first.fileId] })).expect(201)).body as ClaimReceiptDto;
      expect(receipt).toEqual({
        claimReqId: expect.any(Number),
        claimStatusCd: 'RECEIVED',
        claimStatus: '접수',
        claimDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });

      const found = await history({ clientTel: '01012345678' }).expect(200);
      const record = (found.body as ClaimHistoryRecordDto[]).find((candidate) => candidate.claimReqId === receipt.claimReqId)!;
      expect(record).toEqual({
        claimDate: receipt.claimDate,
        insuCompCd: 'N03',
        insuCompNm: expect.any(String),
        insuLogoUrl: '/assets/insurers/N03.png',
        claimStatus: expect.any(String),
        claimStatusCd: expect.stringMatching(/^(RECEIVED|SENDING|SENT|FAILED)$/),
        fcUserNm: '김설계',
        clientNm: '홍길동',
        clientBirthday: '850314',
        clientTel: '01012345678',
        clientMemo: '',
        jobCd: '11',
        claimReqId: receipt.claimReqId,
        bankCd: '004',
        bankNm: 'KB국민은행',
        bankAccount: '********4567',
        bankAccountHolder: '홍길동',
        fileCnt: 2,
        wellFareYn: false,
        insuFax: INSURER_FAX,
        eventDate: '2026-11-02',
        eventTypeCd: 'INJURY',
        eventType: '상해',
        eventPlace: '서울시 강남구 자택',
        eventText: '계단에서 넘어져 발목 골절, 깁스 치료',
        callbackWho: 'CLIENT',
        callbackName: '홍길동',
        callbackTel: '01012345678',
        directDebitAccntYn: true,
        files: [downloadUrlOf(second.fileId), downloadUrlOf(first.fileId)],
        file_length: 2,
      });
      // The URLs are the caller's to fetch, with no token, until they expire: the files' bytes, in order.
      for (const [url, file] of [
        [record.files[0]!, second],
        [record.files[1]!, first],
      ] as const) {
        const fetched = await fetch(url);
        expect([fetched.status, fetched.headers.get('content-type'), fetched.headers.get('cache-control')]).toEqual([
          200,
          'application/pdf',
          'no-store',
        ]);
        expect(Buffer.from(await fetched.arrayBuffer()).equals(file.bytes)).toBe(true);
      }
      const expires = Number(new URL(record.files[0]!).searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThan(590_000);
      expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    });

    it('refuses a file URL whose signature was changed, is another file’s or an upload’s, or has expired (403); a file never uploaded is 404', async () => {
      const uploaded = await evidence();
      const pending = await evidence(planner, false);
      const secret = app.config.FILE_UPLOAD_SECRET!;
      const url = (fileId: string, expires: number, signature: string) =>
        `${app.url}/api/v1/files/download/${fileId}?${new URLSearchParams({ expires: String(expires), signature })}`;
      const later = Math.floor(Date.now() / 1000) + 600;
      const codeOf = async (target: string) => {
        const response = await fetch(target);
        return [response.status, ((await response.json()) as { code: string }).code];
      };
      expect(await codeOf(url(uploaded.fileId, later, 'f'.repeat(64)))).toEqual([403, 'DOWNLOAD_SIGNATURE_INVALID']);
      expect(await codeOf(url(uploaded.fileId, later, downloadSignature(secret, pending.fileId, later)))).toEqual([
        403,
        'DOWNLOAD_SIGNATURE_INVALID',
      ]);
      expect(await codeOf(url(uploaded.fileId, later, uploadSignature(secret, uploaded.fileId, later)))).toEqual([
        403,
        'DOWNLOAD_SIGNATURE_INVALID',
      ]);
      const past = Math.floor(Date.now() / 1000) - 1;
      expect(await codeOf(url(uploaded.fileId, past, downloadSignature(secret, uploaded.fileId, past)))).toEqual([
        403,
        'DOWNLOAD_URL_EXPIRED',
      ]);
      expect(await codeOf(url(pending.fileId, later, downloadSignature(secret, pending.fileId, later)))).toEqual([404, 'FILE_NOT_FOUND']);
      expect((await fetch(url(uploaded.fileId, later, downloadSignature(secret, uploaded.fileId, later)))).status).toBe(200);
    });

    it('keeps client data and the bank account only encrypted at rest', async () => {
      const receipt = (await submit(claimBody({ clientNm: '암호화확인', bankAccount: '99887766554433' })).expect(201))
        .body as ClaimReceiptDto;
      const [row] = (await app.dataSource.query('SELECT * FROM claims WHERE id = $1', [receipt.claimReqId])) as Record<string, unknown>[];
      // The row as text and the ciphertext's raw bytes: neither holds any secret's UTF-8 bytes.
      const stored = Buffer.concat([Buffer.from(JSON.stringify(row)), Buffer.from(row.data_ciphertext as Buffer)]);
      for (const secret of ['암호화확인', '99887766554433', '01012345678', '19850314', '발목 골절']) {
        expect(stored.includes(Buffer.from(secret))).toBe(false);
      }
    });

    it('queues the fax in the same transaction: one outbox row per claim', async () => {
      const receipt = (await submit(claimBody()).expect(201)).body as ClaimReceiptDto;
      const rows = (await app.dataSource.query(
        `SELECT c.id FROM claims c LEFT JOIN claim_deliveries d ON d.claim_id = c.id WHERE c.id = $1 AND (d.claim_id IS NOT NULL OR c.status <> 'RECEIVED')`,
        [receipt.claimReqId],
      )) as unknown[];
      expect(rows).toHaveLength(1);
    });

    it('refuses an unknown insurer, bank or job code, naming each field', async () => {
      const answer = await submit(claimBody({ insuCompCd: 'X99', bankCd: '998', jobCd: 'ZZ' })).expect(400);
      expect(fieldsOf(answer.body)).toEqual(['bankCd', 'insuCompCd', 'jobCd']);
    });

    it('refuses an insurer with no claims fax number yet: 422 INSURER_FAX_UNKNOWN', async () => {
      const answer = await submit(claimBody({ insuCompCd: 'L07' })).expect(422);
      expect((answer.body as ProblemDto).code).toBe('INSURER_FAX_UNKNOWN');
      expect(fieldsOf(answer.body)).toEqual(['insuCompCd']);
    });

    it.each([
      ['clientBirthday', { clientBirthday: '19850230' }],
      ['clientBirthday', { clientBirthday: '1985-03-14' }],
      ['clientBirthday', { clientBirthday: '20991231' }],
      ['eventDate', { eventDate: '20261102' }],
      ['eventDate', { eventDate: '2099-01-01' }],
      ['eventDate', { eventDate: '1980-01-01' }],
      ['clientTel', { clientTel: '010-12ab-5678' }],
      ['clientTel', { clientTel: '12345' }],
      ['callbackTel', { callbackTel: '+82 10 1234 5678' }],
      ['bankAccount', { bankAccount: '12-ab-34' }],
      ['eventTypeCd', { eventTypeCd: 'FLOOD' }],
      ['callbackWho', { callbackWho: 'NEIGHBOUR' }],
      ['wellFareYn', { wellFareYn: 'N' }],
      ['fileIds', { fileIds: ['not-a-uuid'] }],
    ])('refuses bad dates, digits and enumerations: 400 naming %s (%j)', async (field, change) => {
      const answer = await submit(claimBody(change)).expect(400);
      expect(fieldsOf(answer.body)).toEqual([field]);
    });

    it('takes a claim without an account (bankCd null) and refuses account fields that contradict bankCd', async () => {
      const receipt = (await submit(claimBody({ bankCd: null, bankAccount: null, bankAccountHolder: null })).expect(201))
        .body as ClaimReceiptDto;
      const record = ((await history({ pageSize: 100 }).expect(200)).body as ClaimHistoryRecordDto[]).find(
        (r) => r.claimReqId === receipt.claimReqId,
      )!;
      expect([record.bankCd, record.bankNm, record.bankAccount, record.bankAccountHolder]).toEqual([null, null, null, '']);

      expect(fieldsOf((await submit(claimBody({ bankCd: null })).expect(400)).body)).toEqual(['bankAccount', 'bankAccountHolder']);
      expect(fieldsOf((await submit(claimBody({ bankAccount: null, bankAccountHolder: null })).expect(400)).body)).toEqual([
        'bankAccount',
        'bankAccountHolder',
      ]);
    });

    it('refuses a file that is not uploaded, not the caller’s, listed twice, or unknown, naming fileIds.<index>', async () => {
      const pending = await evidence(planner, false);
      const colleagues = await evidence(colleague);
      const own = await evidence();
      const answer = await submit(claimBody({ fileIds: [pending.fileId, colleagues.fileId, own.fileId, own.fileId, randomUUID()] })).expect(
        400,
      );
      expect((answer.body as ProblemDto).code).toBe('FILE_NOT_USABLE');
      expect(fieldsOf(answer.body)).toEqual(['fileIds.0', 'fileIds.1', 'fileIds.3', 'fileIds.4']);
      expect((await app.dataSource.query('SELECT 1 FROM claim_files WHERE file_id = $1', [own.fileId])) as unknown[]).toHaveLength(0);
    });

    it('refuses a file already in another claim, also when two claims race for it', async () => {
      const file = await evidence();
      await submit(claimBody({ fileIds: [file.fileId] })).expect(201);
      const again = await submit(claimBody({ fileIds: [file.fileId] })).expect(400);
      expect((again.body as ProblemDto).errors).toEqual([{ field: 'fileIds.0', message: 'is already in another claim' }]);

      const contested = await evidence();
      const answers = await Promise.all([1, 2, 3, 4].map(() => submit(claimBody({ fileIds: [contested.fileId] }))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400]);
    });

    it('is idempotent with Idempotency-Key: a repeat answers the first receipt and files nothing more; the key with another body is 422', async () => {
      const key = `claim-${randomUUID()}`;
      const body = claimBody({ clientNm: '멱등고객' });
      const first = (await submit(body).set('Idempotency-Key', key).expect(201)).body as ClaimReceiptDto;
      const repeat = (await submit(body).set('Idempotency-Key', key).expect(201)).body as ClaimReceiptDto;
      expect(repeat).toEqual(first);
      expect(((await history({ clientNm: '멱등고객' }).expect(200)).body as unknown[]).length).toBe(1);

      const reused = await submit(claimBody({ clientNm: '다른고객' }))
        .set('Idempotency-Key', key)
        .expect(422);
      expect((reused.body as ProblemDto).code).toBe('IDEMPOTENCY_KEY_REUSED');
      const [record] = (await app.dataSource.query('SELECT response_body FROM idempotency_records WHERE idempotency_key = $1', [key])) as {
        response_body: unknown;
      }[];
      expect(JSON.stringify(record.response_body)).not.toContain('멱등고객');
    });

    it('refuses at filing an image over the pixel budgets, read from its header: 400 FILE_NOT_USABLE naming fileIds.<index>', async () => {
      // The 8000 × 8000 RGBA PNG of 249 KB whose rendering once took a gigabyte; a 15-megapixel RGBA
      // PNG (57 MiB decoded, which pdfkit would decode); and a 2000 × 2000 one, which fits.
      const bomb = await transparentPng(8000, 8000);
      expect(bomb.length).toBeLessThan(256 * 1024);
      const files = [
        await upload(app, planner, bomb, 'image/png'),
        await upload(app, planner, await transparentPng(3000, 5000), 'image/png'),
        await upload(app, planner, await transparentPng(2000, 2000), 'image/png'),
      ];
      const answer = await submit(claimBody({ fileIds: files })).expect(400);
      expect((answer.body as ProblemDto).code).toBe('FILE_NOT_USABLE');
      expect((answer.body as ProblemDto).errors).toEqual([
        { field: 'fileIds.0', message: 'is 8000 × 8000 pixels (64.0 megapixels); an image may have at most 40.0 megapixels' },
        { field: 'fileIds.1', message: expect.stringMatching(/^is a 3000 × 5000 PNG with transparency or interlacing, 58 MiB decoded; /) },
      ]);
      await submit(claimBody({ fileIds: [files[2]] })).expect(201);
    });

    it('keeps file names and the claim’s job, event and welfare sealed at rest: no row of claims or stored_files holds them in clear', async () => {
      const name = '홍길동_당뇨진단서.pdf';
      const file = (
        await withToken(app, planner)
          .post('/api/v1/files/presigned')
          .send({ originalName: name, mimeType: 'application/pdf', size: 1200 })
          .expect(200)
      ).body as ClaimPresignedUploadDto;
      await fetch(file.uploadUrl, { method: 'PUT', headers: file.uploadHeaders, body: randomBytes(1200) });
      const body = claimBody({
        fileIds: [file.fileId],
        eventDate: '2026-10-19',
        eventTypeCd: 'TRAFFIC_ACCIDENT',
        jobCd: '11',
        wellFareYn: true,
      });
      const { claimReqId } = (await submit(body).expect(201)).body as ClaimReceiptDto;
      const [{ jobName }] = await app.dataSource.query<Array<{ jobName: string }>>(
        `SELECT name AS "jobName" FROM job_codes WHERE code = '11'`,
      );
      const dump = (
        await app.dataSource.query<Array<{ row: string }>>(
          `SELECT c::text AS row FROM claims c WHERE c.id = $1 UNION ALL SELECT f::text FROM stored_files f WHERE f.id = $2`,
          [claimReqId, file.fileId],
        )
      )
        .map(({ row }) => row)
        .join('\n');
      for (const plain of [name, '당뇨', jobName, 'TRAFFIC_ACCIDENT', '2026-10-19']) {
        expect(dump).not.toContain(plain);
        expect(dump).not.toContain(Buffer.from(plain, 'utf8').toString('hex'));
      }
      // Shown in plain to those who may see them.
      expect(
        ((await withToken(app, planner).get(`/api/v1/files/${file.fileId}`).expect(200)).body as { originalName: string }).originalName,
      ).toBe(name);
      const [record] = (await history({ startDate: null, pageSize: 100 }).expect(200)).body as ClaimHistoryRecordDto[];
      expect(record).toMatchObject({ claimReqId, jobCd: '11', eventTypeCd: 'TRAFFIC_ACCIDENT', eventDate: '2026-10-19', wellFareYn: true });
    });

    it('drops the clear columns of claims and file names kept before the rule by a migration, which refuses a database still holding one', async () => {
      const file = await evidence();
      const { claimReqId } = (await submit(claimBody({ fileIds: [file.fileId] })).expect(201)).body as ClaimReceiptDto;
      const run = (step: 'up' | 'down') => runMigrationStep(app, new LegacyClaimColumnsDropped1796614265608(), step);
      const clearColumns = async () =>
        (
          await app.dataSource.query<Array<{ column: string }>>(
            `SELECT table_name || '.' || column_name AS column FROM information_schema.columns
              WHERE table_schema = 'public' AND (table_name, column_name) IN
                (('claims', 'job_code'), ('claims', 'job_name'), ('claims', 'welfare'), ('claims', 'event_type'), ('claims', 'event_date'),
                 ('stored_files', 'original_name'))
              ORDER BY 1`,
          )
        ).map(({ column }) => column);
      const refusal = /^(\d+) claim\(s\) and (\d+) file\(s\) are still as they were before claims belonged to customers/;
      await run('down');
      expect(await clearColumns()).toHaveLength(6);
      const [{ customerId }] = await app.dataSource.query<Array<{ customerId: string }>>(
        `SELECT customer_id AS "customerId" FROM claims WHERE id = $1`,
        [claimReqId],
      );
      // A claim of before the rule (no customer, its job in clear), then a file name in clear: each refused, nothing changed.
      await app.dataSource.query(`UPDATE claims SET customer_id = NULL, job_code = '11' WHERE id = $1`, [claimReqId]);
      await expect(run('up')).rejects.toThrow(refusal);
      await expect(run('up')).rejects.toThrow('1 claim(s) and 0 file(s)');
      await app.dataSource.query(`UPDATE claims SET customer_id = $2, job_code = NULL WHERE id = $1`, [claimReqId, customerId]);
      await app.dataSource.query(`UPDATE stored_files SET original_name = '예전_진단서.pdf' WHERE id = $1`, [file.fileId]);
      await expect(run('up')).rejects.toThrow('0 claim(s) and 1 file(s)');
      expect(await clearColumns()).toHaveLength(6);
      await app.dataSource.query(`UPDATE stored_files SET original_name = NULL WHERE id = $1`, [file.fileId]);
      await run('up');
      expect(await clearColumns()).toEqual([]);
      const [record] = (await history({ startDate: null, pageSize: 100 }).expect(200)).body as ClaimHistoryRecordDto[];
      expect(record).toMatchObject({ claimReqId });
    });
  });

  describe('history', () => {
    let mine: number[];
    let theirs: number[];
    const tokens: Record<'me' | 'other' | 'boss', string> = { me: '', other: '', boss: '' };

    beforeAll(async () => {
      const fresh = await given(app).organisation('이력 에셋');
      Object.assign(tokens, {
        me: await given(app)
          .planner({ organisation: fresh, name: '최설계', fcUserCi: `${plannerCi}-history` })
          .token(),
        other: await given(app).planner({ organisation: fresh, name: '정설계' }).token(),
        boss: await given(app).planner({ organisation: fresh, name: '한관리', role: UserRole.OrgAdmin }).token(),
      });
      mine = [];
      theirs = [];
      const people = [
        { clientNm: '가나다', clientBirthday: '19700101', clientTel: '01011110000' },
        { clientNm: '라마바', clientBirthday: '19800202', clientTel: '01022220000' },
        { clientNm: '가나다', clientBirthday: '19900303', clientTel: '01033330000' },
      ];
      for (let index = 0; index < 7; index += 1)
        mine.push(((await submit(claimBody(people[index % 3]), tokens.me).expect(201)).body as ClaimReceiptDto).claimReqId);
      for (let index = 0; index < 3; index += 1)
        theirs.push(((await submit(claimBody(people[index % 3]), tokens.other).expect(201)).body as ClaimReceiptDto).claimReqId);
      // Spread claim dates: two of mine on 2026-10-15, one of theirs on 2025-11-01, both before any claim filed today.
      await app.dataSource.query(`UPDATE claims SET claim_date = '2026-10-15' WHERE id = ANY($1)`, [mine.slice(0, 2)]);
      await app.dataSource.query(`UPDATE claims SET claim_date = '2025-11-01' WHERE id = $1`, [theirs[0]]);
    });

    it('shows a planner only their own claims, newest claimDate first (then newest id), with X-Total-Count', async () => {
      const answer = await history({}, tokens.me).expect(200);
      expect(answer.headers['x-total-count']).toBe('7');
      expect(idsOf(answer.body)).toEqual([...mine.slice(2).reverse(), mine[1], mine[0]]);
    });

    it('shows an admin the whole organisation and nothing of another; fcUserCi narrows to one user', async () => {
      const all = await history({ pageSize: 100 }, tokens.boss).expect(200);
      expect(all.headers['x-total-count']).toBe('10');
      expect(idsOf(all.body).sort((a, b) => a - b)).toEqual([...mine, ...theirs].sort((a, b) => a - b));
      const one = await history({ fcUserCi: `${plannerCi}-history` }, tokens.boss).expect(200);
      expect(idsOf(one.body).sort((a, b) => a - b)).toEqual(mine);
      const stranger = await history({ pageSize: 100 }, strangerAdmin).expect(200);
      expect(idsOf(stranger.body).filter((id) => mine.includes(id) || theirs.includes(id))).toEqual([]);
      expect(((await history({ clientNm: '가나다' }, strangerAdmin).expect(200)).body as unknown[]).length).toBe(0);
      // A planner naming someone else's fcUserCi learns nothing: their own filter still applies.
      const probing = await history({ fcUserCi: `${plannerCi}-history` }, tokens.other).expect(200);
      expect(probing.headers['x-total-count']).toBe('0');
    });

    it('filters by exact name, birthday, phone and an inclusive date range, and combines them', async () => {
      const count = async (body: Record<string, unknown>, token = tokens.boss) =>
        (await history(body, token).expect(200)).headers['x-total-count'];
      expect(await count({ clientNm: '가나다' })).toBe('7');
      expect(await count({ clientNm: ' 가 나 다 ' })).toBe('7');
      expect(await count({ clientNm: '가나' })).toBe('0');
      expect(await count({ clientBirthday: '19700101' })).toBe('4');
      expect(await count({ clientTel: '010-2222-0000' })).toBe('3');
      expect(await count({ clientNm: '가나다', clientBirthday: '19900303' })).toBe('3');
      expect(await count({ clientNm: '가나다', clientBirthday: '19800202' })).toBe('0');
      expect(await count({ startDate: '20261015', endDate: '20261015' })).toBe('2');
      expect(await count({ endDate: '20261015' })).toBe('3');
      expect(await count({ startDate: '20261016' })).toBe('7');
      expect(await count({ clientNm: '가나다', startDate: '20261001', endDate: '20261031' })).toBe('1');
      expect(await count({ clientNm: '가나다' }, tokens.me)).toBe('5');
    });

    it('pages: page and pageSize slice the same order, X-Total-Count stays the total', async () => {
      const whole = idsOf((await history({ pageSize: 100 }, tokens.boss).expect(200)).body);
      const pages: number[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const answer = await history({ page, pageSize: 3 }, tokens.boss).expect(200);
        expect(answer.headers['x-total-count']).toBe('10');
        pages.push(...idsOf(answer.body));
      }
      expect(pages).toEqual(whole);
      expect((await history({ page: 5, pageSize: 3 }, tokens.boss).expect(200)).body).toEqual([]);
    });

    it.each([
      ['pageSize', { pageSize: 0 }],
      ['pageSize', { pageSize: 101 }],
      ['page', { page: 0 }],
      ['page', { page: '2' }],
      ['clientBirthday', { clientBirthday: '850314' }],
      ['startDate', { startDate: '2026-11-01' }],
      ['endDate', { startDate: '20261101', endDate: '20261031' }],
      ['clientTel', { clientTel: 'abc' }],
    ])('refuses a bad history body: 400 naming %s (%j)', async (field, body) => {
      expect(fieldsOf((await history(body).expect(400)).body)).toEqual([field]);
    });
  });
});
