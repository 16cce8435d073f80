import type { CoverageAnalysisDto, SetAnalysisResultDto } from '#contracts';
import { FieldCipher } from '#platform';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp, type SignedIn } from './support/coverage-claims.js';
import { given } from './support/given.js';

type FieldErrors = Array<{ field: string; message: string }>;
/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- a payload broken on purpose, field by field */
type Json = any;

describe('medical set-analysis (POST /api/v1/medical-bojang/set-analysis)', () => {
  let app: CoverageClaimsTestApp;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsiderAdmin: SignedIn;
  let seq: string;
  let analysis: CoverageAnalysisDto;
  let customerId: string;

  const setAnalysis = (body: unknown, user: SignedIn = planner) =>
    withToken(app, user.accessToken)
      .post('/api/v1/medical-bojang/set-analysis')
      .send(body as object);
  /** A deep copy of the analysis with `change` applied to it. */
  const changed = (change: (copy: Json) => void): Record<string, unknown> => {
    const copy = structuredClone(analysis) as Json;
    change(copy);
    return copy;
  };
  const fieldErrors = async (body: unknown) => {
    const response = await setAnalysis(body).expect(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    return response.body.errors as FieldErrors;
  };
  const fields = (errors: FieldErrors) => errors.map((error) => error.field);
  const storedRows = async () =>
    app.dataSource.query<Array<{ sent_by: string; key_id: string; payload_ciphertext: Buffer; received_at: Date }>>(
      `SELECT sent_by, key_id, payload_ciphertext, received_at FROM medical_set_analyses WHERE analysis_id = $1`,
      [seq],
    );

  beforeAll(async () => {
    app = await startCoverageClaims();
    ({ planner, otherPlanner, admin, outsiderAdmin } = await given(app).team('메디컬 에셋'));
    ({ seq, analysis, customerId } = await given(app).as(planner).verifiedCustomer().analysis());
    expect(analysis.contracts.length).toBeGreaterThan(0);
  });
  afterAll(() => app.close());

  it('answers 200 {seq, receivedAt} and stores the payload sealed, exactly as received', async () => {
    const response = await setAnalysis({ seq, analysis }).expect(200);
    const body = response.body as SetAnalysisResultDto;
    expect(Object.keys(body).sort()).toEqual(['receivedAt', 'seq']);
    expect(body.seq).toBe(seq);
    expect(Math.abs(Date.parse(body.receivedAt) - Date.now())).toBeLessThan(60_000);

    const [row] = await storedRows();
    expect(row!.sent_by).toBe(planner.userId);
    expect(row!.received_at.toISOString()).toBe(body.receivedAt);
    // sealed: no personal data in clear, and it opens to what was sent
    expect(row!.payload_ciphertext.includes(Buffer.from(analysis.customer_name))).toBe(false);
    expect(row!.payload_ciphertext.includes(Buffer.from(analysis.phone_number))).toBe(false);
    const opened = JSON.parse(app.app.get(FieldCipher).open({ keyId: row!.key_id, ciphertext: row!.payload_ciphertext })) as unknown;
    expect(opened).toEqual(analysis);
  });

  it('replaces the payload when set-analysis is sent again for the same seq (one row per analysis), and an ORG_ADMIN may send it', async () => {
    const edited = changed((copy) => {
      copy.coverages[0].amount = 123_456;
    });
    const first = (await setAnalysis({ seq, analysis }).expect(200)).body as SetAnalysisResultDto;
    const second = (await setAnalysis({ seq, analysis: edited }, admin).expect(200)).body as SetAnalysisResultDto;
    expect(Date.parse(second.receivedAt)).toBeGreaterThanOrEqual(Date.parse(first.receivedAt));
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_by).toBe(admin.userId);
    const opened = JSON.parse(
      app.app.get(FieldCipher).open({ keyId: rows[0]!.key_id, ciphertext: rows[0]!.payload_ciphertext }),
    ) as CoverageAnalysisDto;
    expect(opened.coverages[0]!.amount).toBe(123_456);
  });

  it('returns 422 ANALYSIS_CUSTOMER_MISMATCH naming each field when the payload is of another person, and keeps the payload stored before', async () => {
    await setAnalysis({ seq, analysis }).expect(200);
    const before = await storedRows();
    const other = await given(app).as(planner).verifiedCustomer().analysis();
    const response = await setAnalysis({ seq, analysis: other.analysis }).expect(422);
    expect(response.body).toMatchObject({ code: 'ANALYSIS_CUSTOMER_MISMATCH', status: 422 });
    expect(fields(response.body.errors as FieldErrors)).toEqual(
      expect.arrayContaining(
        ['analysis.customer_name', 'analysis.phone_number', 'analysis.date_of_birth'].filter((field) => {
          const key = field.slice('analysis.'.length) as 'customer_name' | 'phone_number' | 'date_of_birth';
          return other.analysis[key] !== analysis[key];
        }),
      ),
    );
    const birthOnly = await setAnalysis({ seq, analysis: changed((copy) => (copy.date_of_birth = '1901-01-01')) }).expect(422);
    expect(birthOnly.body.errors).toEqual([{ field: 'analysis.date_of_birth', message: 'is not the customer of the analysis seq names' }]);
    expect(await storedRows()).toEqual(before);
  });

  it('returns 404 ANALYSIS_NOT_FOUND for another organisation’s seq, even for its admin, and stores nothing', async () => {
    const outsider = await given(app).as(outsiderAdmin).verifiedCustomer().analysis();
    const response = await setAnalysis({ seq: outsider.seq, analysis }).expect(404);
    expect(response.body).toMatchObject({ code: 'ANALYSIS_NOT_FOUND', status: 404 });
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    // and the other organisation's admin cannot set ours
    expect((await setAnalysis({ seq, analysis: outsider.analysis }, outsiderAdmin).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
    const rows = await app.dataSource.query(`SELECT 1 FROM medical_set_analyses WHERE analysis_id = $1`, [outsider.seq]);
    expect(rows).toHaveLength(0);
  });

  it('returns 404 ANALYSIS_NOT_FOUND to a planner for another planner’s seq of the same organisation, and for an unknown seq', async () => {
    expect((await setAnalysis({ seq, analysis }, otherPlanner).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
    expect((await setAnalysis({ seq: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b', analysis }).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
  });

  it('returns 400 naming seq when it is missing or not a UUID', async () => {
    expect(fields(await fieldErrors({ analysis }))).toEqual(['seq']);
    expect(fields(await fieldErrors({ seq: 'abc', analysis }))).toEqual(['seq']);
    expect(fields(await fieldErrors({ seq: 42, analysis }))).toEqual(['seq']);
  });

  it('returns 400 naming analysis when it is missing or not an object', async () => {
    expect(fields(await fieldErrors({ seq }))).toContain('analysis');
    expect(fields(await fieldErrors({ seq, analysis: [] }))).toContain('analysis');
    expect(fields(await fieldErrors({ seq, analysis: 'x' }))).toContain('analysis');
  });

  it('names the path of a wrong type at every level: analysis.age, analysis.coverages.3.amount, analysis.contracts.0.coverages.0.contract_id, analysis.contracts.0.company.intial', async () => {
    const body = {
      seq,
      analysis: changed((copy) => {
        copy.age = '41';
        copy.coverages[3].amount = '30000000';
        copy.contracts[0].coverages[0].contract_id = 1.5;
        copy.contracts[0].company.intial = 7;
      }),
    };
    const errors = await fieldErrors(body);
    expect(new Set(fields(errors))).toEqual(
      new Set([
        'analysis.age',
        'analysis.coverages.3.amount',
        'analysis.contracts.0.coverages.0.contract_id',
        'analysis.contracts.0.company.intial',
      ]),
    );
    // each with its type rule (range rules of the field are listed too, as everywhere in the service)
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'analysis.age', message: 'must be an integer number' },
        { field: 'analysis.coverages.3.amount', message: 'must be a number conforming to the specified constraints' },
        { field: 'analysis.contracts.0.coverages.0.contract_id', message: 'must be an integer number' },
        { field: 'analysis.contracts.0.company.intial', message: 'must be a string' },
      ]),
    );
  });

  it('names the path of a missing required field at every level, with the spec’s spelling (comapny_code, intial, insuAge)', async () => {
    const body = {
      seq,
      analysis: changed((copy) => {
        delete copy.insuAge;
        delete copy.coverages[1].status_code;
        delete copy.contracts[0].comapny_code;
        delete copy.contracts[0].company.intial;
        delete copy.contracts[0].coverages[0].create_time;
      }),
    };
    expect(new Set(fields(await fieldErrors(body)))).toEqual(
      new Set([
        'analysis.insuAge',
        'analysis.coverages.1.status_code',
        'analysis.contracts.0.comapny_code',
        'analysis.contracts.0.company.intial',
        'analysis.contracts.0.coverages.0.create_time',
      ]),
    );
  });

  it('refuses values of the right type that break the payload’s rules: status_code, gender, dates, negative amounts, a non-object array item', async () => {
    const body = {
      seq,
      analysis: changed((copy) => {
        copy.gender = 'X';
        copy.date_of_birth = '1985-02-30';
        copy.inquiry_time = '20261121';
        copy.coverages[0].status_code = 'excellent';
        copy.coverages[2].recommend = -1;
        copy.contracts[0].start_date = '2019-03-15';
        copy.contracts[0].company = 'N01';
      }),
    };
    expect(new Set(fields(await fieldErrors(body)))).toEqual(
      new Set([
        'analysis.gender',
        'analysis.date_of_birth',
        'analysis.inquiry_time',
        'analysis.coverages.0.status_code',
        'analysis.coverages.2.recommend',
        'analysis.contracts.0.start_date',
        'analysis.contracts.0.company',
      ]),
    );
    expect(fields(await fieldErrors({ seq, analysis: changed((copy) => void (copy.coverages[4] = 17)) }))).toEqual([
      'analysis.coverages.4',
    ]);
  });

  it('takes null for the nullable contract fields but requires them present', async () => {
    const nulls = changed((copy) => {
      copy.contracts[0].payment_cycle_code = null;
      copy.contracts[0].payment_number = null;
      copy.contracts[0].payment_cycle = null;
    });
    await setAnalysis({ seq, analysis: nulls }).expect(200);
    const missing = changed((copy) => {
      delete copy.contracts[0].payment_number;
    });
    const errors = await fieldErrors({ seq, analysis: missing });
    expect(new Set(fields(errors))).toEqual(new Set(['analysis.contracts.0.payment_number']));
    expect(errors).toContainEqual({ field: 'analysis.contracts.0.payment_number', message: 'must be a number or null' });
  });

  it('refuses unknown fields at every level, naming them (the service’s whitelist)', async () => {
    const body = {
      seq,
      extra: 1,
      analysis: changed((copy) => {
        copy.note = 'x';
        copy.coverages[0].note = 'x';
        copy.contracts[0].company.note = 'x';
      }),
    };
    expect(
      (await fieldErrors(body))
        .filter((error) => error.message === 'is not an accepted field')
        .map((error) => error.field)
        .sort(),
    ).toEqual(['analysis.contracts.0.company.note', 'analysis.coverages.0.note', 'analysis.note', 'extra']);
  });

  it('is deleted with the customer (through the analysis)', async () => {
    const other = await given(app).as(planner).verifiedCustomer().analysis();
    await setAnalysis({ seq: other.seq, analysis: other.analysis }).expect(200);
    await withToken(app, planner.accessToken).delete(`/api/v1/customers/${other.customerId}`).expect(204);
    expect(await app.dataSource.query(`SELECT 1 FROM medical_set_analyses WHERE analysis_id = $1`, [other.seq])).toHaveLength(0);
    expect(customerId).not.toBe(other.customerId);
  });
});
