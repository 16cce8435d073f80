import request from 'supertest';
import type {
  AdminClaimInsurerListDto,
  BankListDto,
  ClaimInsurerDto,
  ClaimInsurerListDto,
  JobCodeListDto,
  PostalCenterListDto,
  TermListDto,
} from '#contracts';
import { loadClaimReference } from '../src/claim-reference/catalogue/claim-reference-loader.js';
import { CLAIM_REFERENCE_2026_11 } from '../src/claim-reference/catalogue/v2026-11/index.js';
import { loadInsurerClaimDetails } from '../src/insurers/catalogue/insurers-loader.js';
import { asOperator, startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { given } from './support/given.js';

const LISTS = ['insurers', 'banks', 'postal-centers', 'job-codes', 'terms'] as const;

describe('claim reference lists', () => {
  let app: CoverageClaimsTestApp;
  let accessToken: string;

  beforeAll(async () => {
    app = await startCoverageClaims();
    accessToken = await given(app).planner({ organisation: '청구 에셋' }).token();
  });
  afterAll(() => app.close());

  const get = (list: string) => withToken(app, accessToken).get(`/api/v1/claim/${list}`);

  it('lists the insurers of the coverage catalogue (one code set) with type, logo and where claims go, life insurers first', async () => {
    const body = (await get('insurers').expect(200)).body as ClaimInsurerListDto;
    expect(body.version).toBe('2026.11');
    const catalogueCodes = ((await app.dataSource.query(`SELECT code FROM insurers ORDER BY code`)) as { code: string }[]).map(
      (row) => row.code,
    );
    expect(body.data.map((insurer) => insurer.code).sort()).toEqual(catalogueCodes);
    expect(body.data.map((insurer) => insurer.code)).toEqual(CLAIM_REFERENCE_2026_11.insurers.map((insurer) => insurer.code));
    expect(body.data.find((insurer) => insurer.code === 'N03')).toEqual({
      code: 'N03',
      name: 'DB손해보험',
      type: 'NON_LIFE',
      logoUrl: '/assets/insurers/N03.png',
      claimsFax: null,
      claimsAddress: '서울특별시 강남구 테헤란로 432 DB손해보험 장기보험 보상 담당',
    });
    expect(body.data.filter((insurer) => insurer.type === 'LIFE').map((insurer) => insurer.code)).toEqual([
      'L01',
      'L02',
      'L03',
      'L04',
      'L05',
      'L06',
      'L07',
    ]);
  });

  it('lists banks by their 금융결제원 codes, banks before second-tier institutions', async () => {
    const body = (await get('banks').expect(200)).body as BankListDto;
    expect(body.version).toBe('2026.11');
    const byCode = new Map(body.data.map((bank) => [bank.code, bank]));
    expect(byCode.get('004')).toEqual({ code: '004', name: 'KB국민은행', kind: 'BANK' });
    expect(byCode.get('090')).toEqual({ code: '090', name: '카카오뱅크', kind: 'BANK' });
    expect(byCode.get('045')).toEqual({ code: '045', name: '새마을금고', kind: 'SECOND_TIER' });
    expect(byCode.get('071')).toEqual({ code: '071', name: '우체국', kind: 'SECOND_TIER' });
    for (const bank of body.data) expect(bank.code).toMatch(/^\d{3}$/);
    const kinds: string[] = body.data.map((bank) => bank.kind);
    expect(kinds.lastIndexOf('BANK')).toBeLessThan(kinds.indexOf('SECOND_TIER'));
    expect(new Set(body.data.map((bank) => bank.code)).size).toBe(body.data.length);
  });

  it('lists the postal payment centres, which between them serve each of the 17 시·도 once', async () => {
    const body = (await get('postal-centers').expect(200)).body as PostalCenterListDto;
    expect(body.data).toHaveLength(9);
    expect(body.data[3]).toEqual({ code: 'P04', name: '충청지방우정청', seat: '대전', regions: ['대전', '세종', '충북', '충남'] });
    const served = body.data.flatMap((center) => center.regions);
    expect(served.sort()).toEqual(
      [
        '서울',
        '부산',
        '대구',
        '인천',
        '광주',
        '대전',
        '울산',
        '세종',
        '경기',
        '강원',
        '충북',
        '충남',
        '전북',
        '전남',
        '경북',
        '경남',
        '제주',
      ].sort(),
    );
  });

  it('lists job codes with a risk grade from 1 to 3', async () => {
    const body = (await get('job-codes').expect(200)).body as JobCodeListDto;
    expect(body.data.length).toBe(CLAIM_REFERENCE_2026_11.jobCodes.length);
    expect(body.data.find((job) => job.code === '31')).toEqual({ code: '31', name: '경영 및 회계 관련 사무직', riskGrade: 1 });
    expect(body.data.find((job) => job.code === '87')).toEqual({ code: '87', name: '운전 및 운송 관련직', riskGrade: 3 });
    for (const job of body.data) expect([1, 2, 3]).toContain(job.riskGrade);
  });

  it('lists the claim terms in force, all required, apart from the coverage-analysis terms', async () => {
    const { data } = (await get('terms').expect(200)).body as TermListDto;
    expect(data.map((term) => [term.id, term.required])).toEqual([
      ['claim-privacy-collection-v1', true],
      ['claim-sensitive-data-v1', true],
      ['claim-third-party-provision-v1', true],
    ]);
    for (const term of data) expect(term.body).toContain('동의를 거부할 권리');
  });

  it.each(LISTS)(
    'answers %s with a strong ETag and private, no-cache, and If-None-Match with that ETag with 304 and no body',
    async (list) => {
      const first = await get(list).expect(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await get(list).expect(200);
      expect(again.headers.etag).toBe(etag);

      const notModified = await get(list).set('If-None-Match', etag).expect(304);
      expect(notModified.text).toBe('');
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('private, no-cache');

      // One of several tags, the weak form of it and * all match; another tag does not.
      await get(list).set('If-None-Match', `"other", W/${etag}`).expect(304);
      await get(list).set('If-None-Match', '*').expect(304);
      const stale = await get(list).set('If-None-Match', '"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"').expect(200);
      expect(stale.body).toEqual(first.body);
    },
  );

  it('needs a signed-in user for every list, even with an If-None-Match', async () => {
    for (const list of LISTS) {
      const response = await request(app.url).get(`/api/v1/claim/${list}`).set('If-None-Match', '*').expect(401);
      expect(response.body.code).toBe('TOKEN_MISSING');
      expect(response.headers.etag).toBeUndefined();
    }
  });

  describe('an operator changes where an insurer’s claims are faxed', () => {
    const patch = (code: string, body: unknown) =>
      asOperator(app)
        .patch(`/api/v1/admin/claim/insurers/${code}`)
        .send(body as object);

    it('sets the fax (hyphens dropped) at once: the list shows it under a new ETag, and an old ETag gets the new list', async () => {
      const before = await get('insurers').expect(200);
      const updated = (await patch('N05', { claimsFax: '0505-021-3400' }).expect(200)).body as ClaimInsurerDto;
      expect(updated).toMatchObject({ code: 'N05', name: '메리츠화재', claimsFax: '05050213400' });

      const after = await get('insurers')
        .set('If-None-Match', before.headers.etag as string)
        .expect(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((after.body as ClaimInsurerListDto).data.find((insurer) => insurer.code === 'N05')?.claimsFax).toBe('05050213400');
      const [row] = (await app.dataSource.query(`SELECT claims_fax_updated_at FROM insurers WHERE code = 'N05'`)) as {
        claims_fax_updated_at: Date | null;
      }[];
      expect(row.claims_fax_updated_at).toBeInstanceOf(Date);
    });

    it('accepts Seoul, 시·도, 070 and 050x numbers and null (no fax until one is set)', async () => {
      for (const [given, stored] of [
        ['02-3140-1234', '0231401234'],
        ['031 123 4567', '0311234567'],
        ['070-1234-5678', '07012345678'],
        ['0504-1234-5678', '050412345678'],
      ]) {
        expect(((await patch('L02', { claimsFax: given }).expect(200)).body as ClaimInsurerDto).claimsFax).toBe(stored);
      }
      expect(((await patch('L02', { claimsFax: null }).expect(200)).body as ClaimInsurerDto).claimsFax).toBeNull();
    });

    it.each([
      ['a mobile number', '010-1234-5678'],
      ['an area code that does not exist', '034-123-4567'],
      ['too few digits', '02-123-456'],
      ['letters', '02-FAX-1234'],
      ['a number', 231401234],
    ])('refuses %s with a 400 naming claimsFax and changes nothing', async (_case, claimsFax) => {
      await patch('L03', { claimsFax: '02-1588-1001' }).expect(200);
      const response = await patch('L03', { claimsFax }).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.errors).toEqual([{ field: 'claimsFax', message: expect.stringContaining('Korean fax number') }]);
      const [row] = (await app.dataSource.query(`SELECT claims_fax FROM insurers WHERE code = 'L03'`)) as { claims_fax: string }[];
      expect(row.claims_fax).toBe('0215881001');
    });

    it('refuses a body without claimsFax, or with another field, naming it', async () => {
      expect((await patch('L03', {}).expect(400)).body.errors).toEqual([{ field: 'claimsFax', message: expect.any(String) }]);
      expect((await patch('L03', { claimsFax: null, name: '다른 이름' }).expect(400)).body.errors).toEqual([
        { field: 'name', message: expect.any(String) },
      ]);
    });

    it('answers 404 INSURER_NOT_FOUND for an unknown code and 400 naming code for one that cannot be a code', async () => {
      expect((await patch('Z99', { claimsFax: null }).expect(404)).body.code).toBe('INSURER_NOT_FOUND');
      expect((await patch('n03%00', { claimsFax: null }).expect(400)).body.errors).toEqual([
        { field: 'code', message: expect.any(String) },
      ]);
    });

    it('lists the insurers for operators, paged in the planners’ order, with each fax and when an operator set it', async () => {
      await patch('N08', { claimsFax: '02-3786-0000' }).expect(200);
      const all = (await asOperator(app).get('/api/v1/admin/claim/insurers').query({ limit: 100 }).expect(200))
        .body as AdminClaimInsurerListDto;
      const planners = (await get('insurers').expect(200)).body as ClaimInsurerListDto;
      expect(all.data.map((insurer) => insurer.code)).toEqual(planners.data.map((insurer) => insurer.code));
      expect(all.pagination).toEqual({ page: 1, limit: 100, total: planners.data.length, totalPages: 1 });
      expect(all.data.find((insurer) => insurer.code === 'N08')).toEqual({
        ...planners.data.find((insurer) => insurer.code === 'N08'),
        claimsFax: '0237860000',
        claimsFaxUpdatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(all.data.find((insurer) => insurer.code === 'L01')?.claimsFaxUpdatedAt).toBeNull();

      const second = (await asOperator(app).get('/api/v1/admin/claim/insurers').query({ page: 2, limit: 5 }).expect(200))
        .body as AdminClaimInsurerListDto;
      expect(second.data.map((insurer) => insurer.code)).toEqual(all.data.slice(5, 10).map((insurer) => insurer.code));
      expect(second.pagination).toMatchObject({ page: 2, limit: 5, total: all.data.length });
    });

    it('searches the operators’ list by name or code, in any case, wildcards taken literally', async () => {
      const search = async (term: string) =>
        ((await asOperator(app).get('/api/v1/admin/claim/insurers').query({ search: term }).expect(200)).body as AdminClaimInsurerListDto)
          .data;
      expect((await search('DB손해')).map((insurer) => insurer.code)).toEqual(['N03']);
      expect((await search('n03')).map((insurer) => insurer.name)).toEqual(['DB손해보험']);
      expect(await search('%')).toEqual([]);
      const bad = await asOperator(app)
        .get('/api/v1/admin/claim/insurers')
        .query({ search: 'x'.repeat(51) })
        .expect(400);
      expect(bad.body.errors).toEqual([{ field: 'search', message: expect.any(String) }]);
    });

    it('is refused to planners (their token is no operator key) and to a wrong key', async () => {
      const asPlanner = await withToken(app, accessToken)
        .patch('/api/v1/admin/claim/insurers/N01')
        .send({ claimsFax: '0212345678' })
        .expect(401);
      expect(asPlanner.body.code).toBe('API_KEY_MISSING');
      const wrongKey = await request(app.url)
        .patch('/api/v1/admin/claim/insurers/N01')
        .set('X-API-Key', `op_${'x'.repeat(40)}`)
        .send({ claimsFax: '0212345678' })
        .expect(401);
      expect(wrongKey.body.code).toBe('API_KEY_INVALID');
      expect((await withToken(app, accessToken).get('/api/v1/admin/claim/insurers').expect(401)).body.code).toBe('API_KEY_MISSING');
      const [row] = (await app.dataSource.query(`SELECT claims_fax FROM insurers WHERE code = 'N01'`)) as { claims_fax: string | null }[];
      expect(row.claims_fax).toBeNull();
    });
  });

  describe('a later reference version', () => {
    // As a version's migration does (LoadClaimReferenceLists): the insurers' claim details, then the lists.
    const load = async (data: typeof CLAIM_REFERENCE_2026_11) => {
      const queryRunner = app.dataSource.createQueryRunner();
      await queryRunner.startTransaction();
      try {
        await loadInsurerClaimDetails(queryRunner, data.version, data.insurers);
        await loadClaimReference(queryRunner, data);
        await queryRunner.commitTransaction();
      } catch (error) {
        await queryRunner.rollbackTransaction();
        throw error;
      } finally {
        await queryRunner.release();
      }
    };

    it('replaces the lists and the faxes of the version, but keeps a fax an operator set', async () => {
      await asOperator(app).patch('/api/v1/admin/claim/insurers/N07').send({ claimsFax: '02-3455-0000' }).expect(200);
      await load({
        ...CLAIM_REFERENCE_2026_11,
        version: '2026.12-test',
        insurers: CLAIM_REFERENCE_2026_11.insurers.map((insurer) => ({ ...insurer, claimsFax: '0212340000' })),
        banks: CLAIM_REFERENCE_2026_11.banks.filter((bank) => bank.code !== '027'),
      });
      const insurers = (await get('insurers').expect(200)).body as ClaimInsurerListDto;
      expect(insurers.version).toBe('2026.12-test');
      expect(insurers.data.find((insurer) => insurer.code === 'N07')?.claimsFax).toBe('0234550000');
      expect(insurers.data.find((insurer) => insurer.code === 'N06')?.claimsFax).toBe('0212340000');
      expect(((await get('banks').expect(200)).body as BankListDto).data.map((bank) => bank.code)).not.toContain('027');
    });

    it('fails, changing nothing, when it names an insurer the coverage catalogue does not have', async () => {
      const version = ((await get('insurers').expect(200)).body as ClaimInsurerListDto).version;
      await expect(
        load({ ...CLAIM_REFERENCE_2026_11, version: 'broken', insurers: [{ code: 'X01', claimsFax: null, claimsAddress: '어딘가' }] }),
      ).rejects.toThrow('names insurers the coverage catalogue lacks: X01');
      expect(((await get('insurers').expect(200)).body as ClaimInsurerListDto).version).toBe(version);
    });
  });
});
