import { CoverageStatusCode, type MedicalReportDto } from '#contracts';
import {
  nextPhone,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
} from './support/coverage-claims.js';
import { pdfText } from '../../../test/support/pdf-text.js';
import { given, type AnalysedCustomer } from './support/given.js';

describe('medical reports (POST /api/v1/medical-bojang/report/pdf and /report/json)', () => {
  let app: CoverageClaimsTestApp;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsiderAdmin: SignedIn;
  /** An analysed customer whose check-ups were looked up through the NHIS sandbox. */
  let withCheckups: AnalysedCustomer;

  const as = (user: SignedIn) => withToken(app, user.accessToken);
  const json = (seq: unknown, user: SignedIn = planner) => as(user).post('/api/v1/medical-bojang/report/json').send({ seq });
  const pdf = (seq: unknown, user: SignedIn = planner) =>
    as(user)
      .post('/api/v1/medical-bojang/report/pdf')
      .send({ seq })
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
  // One line: the phrases checked may wrap.
  const reportText = async (body: Buffer) => (await pdfText(body)).replace(/\s+/g, ' ');

  /** The customer's check-ups looked up as a planner does: NHIS simple authentication (approved at once here), then the lookup. */
  async function lookUpCheckups(customerId: string, user: SignedIn = planner): Promise<number> {
    const auth = (
      await as(user)
        .post('/api/v1/medical-bojang/nhis-auth')
        .send({ customerId, provider: 'KAKAO', agreedTermIds: ['medical-health-checkup-v1'] })
        .expect(201)
    ).body as { id: string };
    await as(user).post(`/api/v1/medical-bojang/nhis-auth/${auth.id}/complete`).expect(200);
    const result = (await as(user).post('/api/v1/medical-bojang/checkups').send({ nhisAuthId: auth.id }).expect(200)).body as {
      checkups: unknown[];
    };
    return result.checkups.length;
  }

  /** A stored coverage analysis of a fresh customer, run by `user` through the real operations. */
  const analysedCustomer = (user: SignedIn, body = verificationBody()) => given(app).as(user).verifiedCustomer(body).analysis();

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { NHIS_SANDBOX_APPROVAL_SECONDS: '0' } });
    ({ planner, otherPlanner, admin, outsiderAdmin } = await given(app).team('리포트 에셋'));
    withCheckups = await analysedCustomer(planner, verificationBody({ name: '홍길동', birthDate: '19700315' }));
    expect(await lookUpCheckups(withCheckups.customerId)).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the JSON report: the customer masked, the stored check-ups, six groups, ranked open risks, the matrix and the charts', async () => {
    const response = await json(withCheckups.seq).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.body as MedicalReportDto;
    expect(Object.keys(report).sort()).toEqual(
      [
        'analysisReceivedAt',
        'analysisSource',
        'charts',
        'checkups',
        'coverageTable',
        'customer',
        'generatedAt',
        'groups',
        'inquiryDate',
        'matrix',
        'openRisks',
        'ruleVersion',
        'seq',
        'title',
      ].sort(),
    );
    expect(report).toMatchObject({
      seq: withCheckups.seq,
      ruleVersion: '2026.11',
      analysisSource: 'STORED_ANALYSIS',
      analysisReceivedAt: null,
    });
    expect(report.customer).toMatchObject({ name: '홍*동', birthDate: '1970-03-15' });
    expect(JSON.stringify(report)).not.toContain(withCheckups.analysis.phone_number);
    expect(report.checkups.count).toBeGreaterThan(0);
    expect(report.checkups.notice).toBeNull();
    expect(report.groups.map((group) => group.code)).toEqual(['CEREBROVASCULAR', 'CARDIAC', 'CANCER', 'METABOLIC', 'LIVER', 'KIDNEY']);
    expect(report.groups.every((group) => group.level !== 'UNKNOWN' && group.drivers.length > 0)).toBe(true);
    expect(report.charts.length).toBeGreaterThan(5);
    expect(report.charts[0]!.series.map((point) => point.year)).toEqual(report.checkups.years);
    expect(report.openRisks.map((risk) => risk.rank)).toEqual(report.openRisks.map((_, index) => index + 1));
    // the coverage is the analysis's
    expect(report.coverageTable.flatMap((category) => category.coverages).length).toBe(withCheckups.analysis.coverages.length);
  });

  it('shows a planner only the check-ups they retrieved: another planner analysing the same person gets their own customer, without them', async () => {
    // Planner B verifies the person planner A looked up check-ups for and runs their own analysis: B's
    // customer is B's own (a planner's customers are theirs), and B never authenticated with the NHIS.
    const body = verificationBody({ name: '공유고객', birthDate: '19750505', phone: nextPhone() });
    const ofA = await analysedCustomer(planner, body);
    expect(await lookUpCheckups(ofA.customerId)).toBeGreaterThan(0);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE customer_id = $1`, [
      ofA.customerId,
    ]);
    const ofB = await analysedCustomer(otherPlanner, body);
    expect(ofB.customerId).not.toBe(ofA.customerId);

    const seenByB = (await json(ofB.seq, otherPlanner).expect(200)).body as MedicalReportDto;
    expect(seenByB.checkups.count).toBe(0);
    expect(seenByB.charts).toEqual([]);
    // A sees them in their report, and so does an ORG_ADMIN in A's; B's report has none for anyone.
    expect(((await json(ofA.seq).expect(200)).body as MedicalReportDto).checkups.count).toBeGreaterThan(0);
    expect(((await json(ofA.seq, admin).expect(200)).body as MedicalReportDto).checkups.count).toBeGreaterThan(0);
    expect(((await json(ofB.seq, admin).expect(200)).body as MedicalReportDto).checkups.count).toBe(0);
  });

  it('answers the PDF report as an attachment: open risks first, Korean text, masked name', async () => {
    const response = await pdf(withCheckups.seq).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="medical-report-${withCheckups.analysis.inquiry_time}.pdf"`);
    const body = response.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await reportText(body);
    expect(text.indexOf('주요 보장 공백')).toBeGreaterThan(0);
    expect(text.indexOf('주요 보장 공백')).toBeLessThan(text.indexOf('위험도 × 보장 매트릭스'));
    expect(text).toContain('건강검진 추이');
    expect(text).toContain('홍*동 고객님');
    expect(text).not.toContain('홍길동');
  });

  it('reads the payload sent with set-analysis instead of the stored analysis: every coverage held in full leaves no open risk', async () => {
    const customer = await analysedCustomer(planner);
    await lookUpCheckups(customer.customerId);
    const full = {
      ...customer.analysis,
      coverages: customer.analysis.coverages.map((coverage) => ({
        ...coverage,
        amount: coverage.recommend,
        status_code: CoverageStatusCode.Good,
        status_name: '적절',
      })),
    };
    const sent = (await as(planner).post('/api/v1/medical-bojang/set-analysis').send({ seq: customer.seq, analysis: full }).expect(200))
      .body as {
      receivedAt: string;
    };
    const report = (await json(customer.seq).expect(200)).body as MedicalReportDto;
    expect(report).toMatchObject({ analysisSource: 'SET_ANALYSIS', analysisReceivedAt: sent.receivedAt, openRisks: [] });
    expect(report.matrix.rows.flatMap((row) => row.cells).every((cell) => !cell.open)).toBe(true);
  });

  it('reports for a customer without check-ups: the report says so, with no charts and no open risks, in JSON and in the PDF', async () => {
    const customer = await analysedCustomer(planner);
    const report = (await json(customer.seq).expect(200)).body as MedicalReportDto;
    expect(report.checkups).toMatchObject({ count: 0, years: [], latestExaminedOn: null });
    expect(report.checkups.notice).toMatch(/건강검진 기록이 없어/);
    expect(report.charts).toEqual([]);
    expect(report.openRisks).toEqual([]);
    expect(report.groups.every((group) => group.level === 'UNKNOWN')).toBe(true);
    const text = await reportText((await pdf(customer.seq).expect(200)).body as Buffer);
    expect(text).toContain('건강검진 기록이 없어 질병군별 위험도를 판정하지 못했습니다');
    expect(text).toContain('건강검진 기록이 없어 추이 그래프가 없습니다.');
  });

  it('reports for a customer the NHIS holds no check-up of (sandbox phone ending 0014) the same way', async () => {
    const customer = await analysedCustomer(planner, verificationBody({ phone: `${nextPhone().slice(0, 7)}0014` }));
    expect(await lookUpCheckups(customer.customerId)).toBe(0);
    const report = (await json(customer.seq).expect(200)).body as MedicalReportDto;
    expect(report.checkups.count).toBe(0);
    expect(report.checkups.notice).not.toBeNull();
  });

  it('returns 404 ANALYSIS_NOT_FOUND for another organisation’s seq, for both reports', async () => {
    const outsider = await analysedCustomer(outsiderAdmin);
    for (const response of [await json(outsider.seq).expect(404), await pdf(outsider.seq).expect(404)]) {
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await json(withCheckups.seq, outsiderAdmin).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
  });

  it('returns 404 to a planner for another planner’s seq; an ORG_ADMIN of the organisation gets the report', async () => {
    expect((await json(withCheckups.seq, otherPlanner).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
    expect(((await json(withCheckups.seq, admin).expect(200)).body as MedicalReportDto).seq).toBe(withCheckups.seq);
  });

  it('returns 400 naming seq when it is missing or malformed', async () => {
    for (const seq of [undefined, 'abc', 12]) {
      const response = await json(seq).expect(400);
      expect((response.body.errors as Array<{ field: string }>).map((error) => error.field)).toEqual(['seq']);
    }
  });

  it('returns 404 once the customer is deleted (the report is not kept anywhere)', async () => {
    const customer = await analysedCustomer(planner);
    await json(customer.seq).expect(200);
    await as(planner).delete(`/api/v1/customers/${customer.customerId}`).expect(204);
    expect((await json(customer.seq).expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
  });
});
