import { readFile } from 'node:fs/promises';
import { UserRole, type CoverageAnalysisResultDto, type CustomerDto, type OrganisationWithSecretDto } from '#contracts';
import type { UserPrincipal } from '../src/auth/principal.js';
import { AnalysesService } from '../src/coverage-analysis/analyses.service.js';
import { sandboxInquiryDate } from '../src/integrations/insurance-data/sandbox/sandbox-dates.js';
import { sandboxPortfolio } from '../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { ANALYSIS_PAYLOAD_SPEC, analysisPayloadProblems } from './support/coverage-analysis-payload.js';
import {
  nextPhone,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import { given } from './support/given.js';

const TIMEOUT_MS = 400;

describe('coverage analyses', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let otherOrganisation: OrganisationWithSecretDto;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsiderAdmin: SignedIn;

  const as = (user: SignedIn) => withToken(app, user.accessToken);
  const analyse = (verificationToken: unknown, user: SignedIn = planner) =>
    as(user).post('/api/v1/coverage/analyses').send({ verificationToken });
  const read = (seq: string, user: SignedIn = planner) => as(user).get(`/api/v1/coverage/analyses/${seq}`);

  /** Verifies a customer through the sandbox SMS as `user`: the verification token and the customer's id. */
  async function verified(body: VerificationBody = verificationBody(), user: SignedIn = planner) {
    const { verificationToken, customerId, verification } = await given(app).as(user).verifiedCustomer(body);
    return { token: verificationToken, customerId, verificationId: verification.id };
  }

  /** A stored analysis of a fresh customer, run by `user`. */
  const analysed = (user: SignedIn = planner, body: VerificationBody = verificationBody()) =>
    given(app).as(user).verifiedCustomer(body).analysis();

  /** A sandbox phone ending in one of the documented magic endings (0001 none, 0002 slow, 0003 fails). */
  const magicPhone = (ending: '0001' | '0002' | '0003') => `${nextPhone().slice(0, 7)}${ending}`;

  const count = async (table: string, customerId: string) =>
    Number(
      (await app.dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [customerId]))[0]!.n,
    );

  beforeAll(async () => {
    // The slow magic phone answers after 5 s; the analysis gives up after TIMEOUT_MS.
    app = await startCoverageClaims({ env: { INSURANCE_DATA_TIMEOUT_MS: String(TIMEOUT_MS), SANDBOX_INSURANCE_DELAY_MS: '5000' } });
    ({ organisation, planner, otherPlanner, admin, otherOrganisation, outsiderAdmin } = await given(app).team('분석 에셋'));
  });
  afterAll(() => app.close());

  it('answers 201 {seq, analysis} with every field of the spec, with its JSON type, at every level, for a portfolio of at least 10 contracts', async () => {
    const person = { name: '이서연', birthDate: '19880412', gender: 'F' as const };
    // the first sandbox customer (from a fixed list of phones) whose portfolio has 10 contracts or more
    const phone = Array.from({ length: 200 }, (_, index) => `0107755${String(index).padStart(4, '0')}`)
      .filter((candidate) => !/000\d$/.test(candidate))
      .find((candidate) => sandboxPortfolio({ ...person, phone: candidate }, sandboxInquiryDate(Date.now())).length >= 10)!;
    const { token, customerId } = await verified(verificationBody({ ...person, phone }));

    const response = await analyse(token).expect(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { seq, analysis } = response.body as CoverageAnalysisResultDto;
    expect(Object.keys(response.body as object).sort()).toEqual(['analysis', 'insights', 'seq']);
    expect(seq).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(analysisPayloadProblems(analysis as unknown as Record<string, unknown>)).toEqual([]);

    expect(analysis.contracts.length).toBeGreaterThanOrEqual(10);
    expect(analysis).toMatchObject({ customer_name: '이서연', phone_number: phone, gender: 'F', date_of_birth: '1988-04-12' });
    const entries = analysis.contracts.flatMap((contract) => contract.coverages);
    expect(entries.some((entry) => 'coverage_code' in entry)).toBe(true);
    expect(entries.some((entry) => !('coverage_code' in entry))).toBe(true);
    // customer_id is the customer's integer number
    const customer = (await as(planner).get(`/api/v1/customers/${customerId}`).expect(200)).body as CustomerDto;
    expect(new Set(entries.map((entry) => entry.customer_id))).toEqual(new Set([customer.number]));
  });

  it('reads an analysis again with GET: the same {seq, analysis}, for the planner who ran it', async () => {
    const { seq, analysis, insights } = await analysed();
    expect((await read(seq).expect(200)).body).toEqual({ seq, analysis, insights });
  });

  it('stores a new analysis on every call with the same token while it is valid', async () => {
    const { token } = await verified();
    const first = (await analyse(token).expect(201)).body as CoverageAnalysisResultDto;
    const second = (await analyse(token).expect(201)).body as CoverageAnalysisResultDto;
    expect(second.seq).not.toBe(first.seq);
    // the same portfolio, retrieved again (create_time is when)
    const portfolio = ({ analysis }: CoverageAnalysisResultDto) =>
      analysis.contracts.map((contract) => ({
        ...contract,
        coverages: contract.coverages.map(({ create_time: _, ...coverage }) => coverage),
      }));
    expect(portfolio(second)).toEqual(portfolio(first));
    expect((await read(first.seq).expect(200)).body).toEqual(first);
  });

  it('returns 400 VALIDATION_FAILED naming verificationToken when the analysis request has none', async () => {
    const response = await as(planner).post('/api/v1/coverage/analyses').send({}).expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(new Set((response.body.errors as Array<{ field: string }>).map((error) => error.field))).toEqual(new Set(['verificationToken']));
    expect((await analyse(42).expect(400)).body.errors).toContainEqual({ field: 'verificationToken', message: 'must be a string' });
  });

  it('returns 400 VERIFICATION_TOKEN_INVALID naming verificationToken for an expired token', async () => {
    const { token, verificationId } = await verified();
    await app.dataSource.query(`UPDATE customer_verifications SET token_expires_at = now() - interval '1 second' WHERE id = $1`, [
      verificationId,
    ]);
    const response = await analyse(token).expect(400);
    expect(response.body).toMatchObject({ code: 'VERIFICATION_TOKEN_INVALID', errors: [{ field: 'verificationToken' }] });
  });

  it('returns 400 VERIFICATION_TOKEN_INVALID for another organisation’s token, even to its ORG_ADMIN, and for an unknown one', async () => {
    const { token } = await verified();
    expect((await analyse(token, outsiderAdmin).expect(400)).body.code).toBe('VERIFICATION_TOKEN_INVALID');
    expect((await analyse(`vt_${'A'.repeat(43)}`).expect(400)).body.code).toBe('VERIFICATION_TOKEN_INVALID');
  });

  it('returns 400 VERIFICATION_TOKEN_INVALID for another planner’s token of the same organisation, and analyses it for its ORG_ADMIN', async () => {
    const { token } = await verified();
    expect((await analyse(token, otherPlanner).expect(400)).body).toMatchObject({
      code: 'VERIFICATION_TOKEN_INVALID',
      errors: [{ field: 'verificationToken' }],
    });
    await analyse(token, admin).expect(201);
  });

  it('returns 404 ANALYSIS_NOT_FOUND to a planner reading another planner’s analysis', async () => {
    const { seq } = await analysed(planner);
    const response = await read(seq, otherPlanner).expect(404);
    expect(response.body).toMatchObject({ code: 'ANALYSIS_NOT_FOUND', status: 404 });
  });

  it('lets an ORG_ADMIN read any analysis of the organisation (200)', async () => {
    const { seq, analysis, insights } = await analysed(planner);
    expect((await read(seq, admin).expect(200)).body).toEqual({ seq, analysis, insights });
  });

  it('returns 404 ANALYSIS_NOT_FOUND for another organisation’s seq, even to its ORG_ADMIN, exactly as for an unknown seq', async () => {
    const { seq } = await analysed(planner);
    const other = await read(seq, outsiderAdmin).expect(404);
    const unknown = await read('019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b', outsiderAdmin).expect(404);
    expect(other.body.code).toBe('ANALYSIS_NOT_FOUND');
    expect(unknown.body.code).toBe('ANALYSIS_NOT_FOUND');
  });

  it('returns 400 VALIDATION_FAILED naming seq for a malformed seq', async () => {
    for (const seq of ['42', 'not-a-seq', '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7']) {
      const response = await read(seq).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'seq', message: 'must be a UUID' }] });
    }
  });

  it('returns 502 INSURANCE_DATA_UNAVAILABLE when the insurance data source fails (phone ending 0003), storing nothing', async () => {
    const { token, customerId } = await verified(verificationBody({ phone: magicPhone('0003') }));
    const response = await analyse(token).expect(502);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({ code: 'INSURANCE_DATA_UNAVAILABLE', status: 502, title: 'Bad Gateway' });
    expect(await count('coverage_analyses', customerId)).toBe(0);
  });

  it('returns 504 INSURANCE_DATA_TIMEOUT when the source does not answer within INSURANCE_DATA_TIMEOUT_MS (phone ending 0002)', async () => {
    const { token, customerId } = await verified(verificationBody({ phone: magicPhone('0002') }));
    const started = Date.now();
    const response = await analyse(token).expect(504);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    expect(response.body).toMatchObject({ code: 'INSURANCE_DATA_TIMEOUT', status: 504, title: 'Gateway Timeout' });
    expect(await count('coverage_analyses', customerId)).toBe(0);
  });

  it('analyses a customer the source knows no contract of (phone ending 0001): zero contracts, every coverage bad, no premium', async () => {
    const { seq, analysis, insights } = await analysed(planner, verificationBody({ phone: magicPhone('0001') }));
    expect(analysisPayloadProblems(analysis as unknown as Record<string, unknown>)).toEqual([]);
    expect(analysis.contracts).toEqual([]);
    expect(analysis.coverage_count).toBeGreaterThan(0);
    expect(analysis.coverages.every((coverage) => coverage.status_code === 'bad' && coverage.amount === 0)).toBe(true);
    expect(analysis).toMatchObject({
      coverage_bad_count: analysis.coverage_count,
      coverage_good_count: 0,
      coverage_good_names: '',
      premium: 0,
      paid_premium: 0,
      total_premium: 0,
      future_premium: 0,
    });
    expect(analysis.coverage_bad_names.split(',')).toEqual(analysis.coverages.map((coverage) => coverage.coverage_name));
    expect((await read(seq).expect(200)).body).toEqual({ seq, analysis, insights });
  });

  it('stores the analysis encrypted at rest: no plain name, phone or birth date in coverage_analyses', async () => {
    const body = verificationBody({ name: '암호분석', birthDate: '19660606', phone: '010-4321-8766' });
    const { analysis } = await analysed(planner, body);
    expect(analysis.customer_name).toBe('암호분석');

    const rows = await app.dataSource.query<Array<{ row: string }>>(`SELECT t::text AS row FROM coverage_analyses t`);
    const dump = rows.map(({ row }) => row).join('\n');
    expect(dump.length).toBeGreaterThan(1000);
    const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
    for (const plain of ['암호분석', '01043218766', '4321-8766', '19660606', '1966-06-06']) {
      expect(dump).not.toContain(plain);
      expect(dump).not.toContain(hex(plain));
    }
  });

  it('deletes the customer’s analyses with the customer: the seq and its reports are 404 afterwards', async () => {
    const { seq, customerId } = await analysed(planner);
    await analyse((await verified()).token).expect(201); // another customer's analysis stays
    const before = Number((await app.dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM coverage_analyses`))[0]!.n);
    expect(await count('coverage_analyses', customerId)).toBe(1);

    await as(planner).delete(`/api/v1/customers/${customerId}`).expect(204);
    expect(await count('coverage_analyses', customerId)).toBe(0);
    expect(Number((await app.dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM coverage_analyses`))[0]!.n)).toBe(
      before - 1,
    );
    expect((await read(seq).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
    expect((await read(seq, admin).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
    // Reports are rendered from the stored analysis on demand, never kept: none is left to fetch.
    for (const accept of ['application/pdf', 'application/json']) {
      const report = await as(planner).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', accept).expect(404);
      expect(report.body.code).toBe('ANALYSIS_NOT_FOUND');
    }
  });

  describe('the report (POST /api/v1/coverage/analyses/{seq}/report)', () => {
    const report = (seq: string, accept: string | undefined, user: SignedIn = planner) => {
      const call = as(user)
        .post(`/api/v1/coverage/analyses/${seq}/report`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      return accept === undefined ? call : call.set('Accept', accept);
    };

    it('answers the PDF by default: A4 pages with the Korean font subset embedded, as an attachment, the contact masked', async () => {
      const person = { name: '홍길동', birthDate: '19850315', gender: 'M' as const };
      const { seq } = await analysed(planner, verificationBody(person));
      for (const accept of [undefined, '*/*', 'application/pdf']) {
        const response = await report(seq, accept).expect(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers.vary).toMatch(/accept/i);
        expect(response.headers['content-disposition']).toMatch(/^attachment; filename="coverage-report-\d{4}-\d{2}-\d{2}\.pdf"$/);
        const pdf = response.body as Buffer;
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const text = pdf.toString('latin1');
        expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKR/);
        expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      }
    });

    it('answers the same content as JSON for Accept: application/json, with the name and phone masked', async () => {
      const person = { name: '홍길동', birthDate: '19850315', gender: 'M' as const };
      const body = verificationBody(person);
      const { seq, analysis } = await analysed(planner, body);
      const response = await as(planner).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/json').expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body.customer).toMatchObject({
        name: '홍*동',
        phone: `${body.phone.slice(0, 3)}-****-${body.phone.slice(-4)}`,
      });
      expect(JSON.stringify(response.body)).not.toContain(body.phone);
      expect(JSON.stringify(response.body)).not.toContain('홍길동');
      expect(response.body.contracts).toHaveLength(analysis.contracts.length);
    });

    it('answers 406 REPORT_NOT_ACCEPTABLE for an Accept that takes neither format, and 404 for another planner’s analysis', async () => {
      const { seq } = await analysed();
      const refused = await as(planner).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'text/html').expect(406);
      expect(refused.body.code).toBe('REPORT_NOT_ACCEPTABLE');
      const hidden = await as(otherPlanner).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/json').expect(404);
      expect(hidden.body.code).toBe('ANALYSIS_NOT_FOUND');
      await as(admin).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/json').expect(200);
      await as(outsiderAdmin).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/json').expect(404);
    });
  });

  describe('AnalysesService.getVisible (what reports read)', () => {
    const principalOf = (user: SignedIn, role = UserRole.Planner, organisationId = organisation.id): UserPrincipal => ({
      userId: user.userId,
      organisationId,
      role,
    });

    it('gives the stored analysis with its customer (name, birth date, gender, masked phone) within the visibility rules', async () => {
      const body = verificationBody({ name: '보고서', birthDate: '19790101', gender: 'M', phone: '010-2468-1357' });
      const { seq, analysis, insights, customerId } = await analysed(planner, body);
      const service = app.app.get(AnalysesService);
      const { number } = (await as(planner).get(`/api/v1/customers/${customerId}`).expect(200)).body as CustomerDto;

      for (const user of [principalOf(planner), principalOf(admin, UserRole.OrgAdmin)]) {
        const visible = await service.getVisible(user, seq);
        expect(visible).toEqual({
          seq,
          analysis,
          insights,
          organisationId: organisation.id,
          plannerId: planner.userId,
          catalogueVersion: expect.any(String),
          createdAt: expect.any(Date),
          customer: {
            id: customerId,
            number,
            name: '보고서',
            birthDate: '19790101',
            gender: 'M',
            maskedPhone: '010-****-1357',
          },
        });
      }
      for (const user of [principalOf(otherPlanner), principalOf(outsiderAdmin, UserRole.OrgAdmin, otherOrganisation.id)]) {
        await expect(service.getVisible(user, seq)).rejects.toMatchObject({ code: 'ANALYSIS_NOT_FOUND' });
      }
    });
  });

  it('documents both operations and every field of the analysis payload, with its spec type, in the OpenAPI document', async () => {
    type Schema = {
      type?: string;
      format?: string;
      nullable?: boolean;
      $ref?: string;
      allOf?: Schema[];
      items?: Schema;
      properties?: Record<string, Schema>;
      required?: string[];
      description?: string;
    };
    const document = JSON.parse(await readFile('openapi/coverage-claims.json', 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, Schema> };
    };
    // 429: every operation is rate limited (docs/operations/rate-limits.md).
    expect(Object.keys(document.paths['/api/v1/coverage/analyses']!.post!.responses).sort()).toEqual(
      ['201', '202', '400', '401', '403', '413', '415', '423', '429', '500', '502', '503', '504'].sort(),
    );
    expect(Object.keys(document.paths['/api/v1/coverage/analyses/{seq}']!.get!.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '429', '500', '503'].sort(),
    );

    const schemas = document.components.schemas;
    const resolve = (schema: Schema): Schema => {
      const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
      return ref ? schemas[ref.replace('#/components/schemas/', '')]! : schema;
    };
    const result = schemas.CoverageAnalysisResultDto!;
    expect(result.required?.sort()).toEqual(['analysis', 'insights', 'seq']);
    expect(result.properties!.seq).toMatchObject({ type: 'string' });

    const found: string[] = [];
    const check = (schema: Schema, table: Record<string, string>, where: string) => {
      const properties = schema.properties ?? {};
      const names = Object.keys(table).map((name) => name.replace(/\?$/, ''));
      for (const name of Object.keys(properties)) if (!names.includes(name)) found.push(`${where}.${name}: not in the spec`);
      for (const [key, type] of Object.entries(table)) {
        const name = key.replace(/\?$/, '');
        const property = properties[name];
        if (!property) {
          found.push(`${where}.${name}: not documented`);
          continue;
        }
        const required = schema.required?.includes(name) ?? false;
        if (required === key.endsWith('?')) found.push(`${where}.${name}: ${required ? 'required' : 'optional'} against the spec`);
        const [base, nullable] = type.split('|');
        if ((property.nullable ?? false) !== (nullable === 'null')) found.push(`${where}.${name}: nullable is ${property.nullable}`);
        const expected: Partial<Schema> =
          base === 'date-time' ? { type: 'string', format: 'date-time' } : base === 'object' ? {} : { type: base as string };
        // enums and nested objects are references to named schemas
        const actual = resolve(property);
        if (base === 'object' && !actual.properties) found.push(`${where}.${name}: not an object schema`);
        for (const [field, value] of Object.entries(expected))
          if (actual[field as keyof Schema] !== value)
            found.push(`${where}.${name}: ${field} ${String(actual[field as keyof Schema])}, not ${value}`);
      }
    };
    const analysis = resolve(result.properties!.analysis!);
    check(analysis, ANALYSIS_PAYLOAD_SPEC.analysis, 'analysis');
    check(resolve(analysis.properties!.coverages!.items!), ANALYSIS_PAYLOAD_SPEC.coverage, 'coverages[]');
    const contract = resolve(analysis.properties!.contracts!.items!);
    check(contract, ANALYSIS_PAYLOAD_SPEC.contract, 'contracts[]');
    check(resolve(contract.properties!.company!), ANALYSIS_PAYLOAD_SPEC.company, 'contracts[].company');
    check(resolve(contract.properties!.coverages!.items!), ANALYSIS_PAYLOAD_SPEC.contractCoverage, 'contracts[].coverages[]');
    expect(found).toEqual([]);
  });
});
