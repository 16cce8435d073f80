import {
  type CoverageAnalysisResultDto,
  type CoverageAnalysisSecondStepDto,
  type CoverageInsightsDto,
  type CoverageReportDto,
} from '#contracts';
import { FieldCipher } from '#platform';
import { koreaDate } from '../src/common/calendar.js';
import { SANDBOX_MAGIC_PHONE_ENDINGS } from '../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
import { analysisPayloadProblems } from './support/coverage-analysis-payload.js';
import {
  nextPhone,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
} from './support/coverage-claims.js';
import { given } from './support/given.js';
import { pdfText } from '../../../test/support/pdf-text.js';

// `insights` beside the analysis, over real HTTP on the sandbox's showcase portfolio (a magic phone
// ending: docs/decisions/coverage-analysis.md), which holds every case the insights speak of.

// The showcase is made for a customer aged 30 to 54 on the inquiry date: this one is 44 or 45, whatever
// the year the suite runs in.
const BIRTH_YEAR = koreaDate(new Date()).year - 45;
const CUSTOMER = { name: '정하늘', birthDate: `${BIRTH_YEAR}0705`, gender: 'F' };
const INCOME = 4_000_000;

describe('coverage insights (beside the analysis)', () => {
  let app: CoverageClaimsTestApp;
  let planner: SignedIn;
  let admin: SignedIn;

  const as = (user: SignedIn) => withToken(app, user.accessToken);
  // a new phone each time (one-time numbers are rate limited per phone), ending in the showcase's digits
  const showcasePhone = () => `010${nextPhone().slice(-4)}${SANDBOX_MAGIC_PHONE_ENDINGS.showcase}`;

  /** A verified showcase customer's verification token. */
  async function showcaseToken(): Promise<string> {
    const { verificationToken } = await given(app)
      .as(planner)
      .verifiedCustomer(verificationBody({ ...CUSTOMER, phone: showcasePhone() }));
    return verificationToken;
  }

  const analyse = (body: object) => as(planner).post('/api/v1/coverage/analyses').send(body);

  let answer: CoverageAnalysisResultDto;
  let insights: CoverageInsightsDto;

  beforeAll(async () => {
    app = await startCoverageClaims();
    ({ planner, admin } = await given(app).team('인사이트 에셋'));
    answer = (await analyse({ verificationToken: await showcaseToken(), monthlyIncome: INCOME }).expect(201))
      .body as CoverageAnalysisResultDto;
    insights = answer.insights!;
  });
  afterAll(() => app.close());

  it('answers {seq, analysis, insights}: the payload the spec’s, field for field, and the insights beside it', () => {
    expect(Object.keys(answer).sort()).toEqual(['analysis', 'insights', 'seq']);
    expect(analysisPayloadProblems(answer.analysis as unknown as Record<string, unknown>)).toEqual([]);
    expect(insights.version).toMatch(/^\d{4}\.\d{2}$/);
  });

  it('finds the customer’s duplicate 실손 and the surplus premium, and a family member’s single one', () => {
    const { indemnity } = insights;
    expect(indemnity.duplicated).toBe(true);
    expect(indemnity.message).toContain('비례보상');
    const [customer, ...others] = indemnity.people;
    expect(customer!.insuredPerson).toBe(CUSTOMER.name);
    expect(customer!.duplicate).toBe(true);
    expect(customer!.contracts.length).toBeGreaterThanOrEqual(2);
    expect(customer!.contracts.filter((contract) => contract.kept)).toHaveLength(1);
    // the kept one began first; the surplus is the others' (실손-only) monthly premium
    const starts = customer!.contracts.map((contract) => contract.startDate);
    expect(customer!.contracts.find((contract) => contract.kept)!.startDate).toBe([...starts].sort()[0]);
    const surplus = customer!.contracts
      .filter((contract) => !contract.kept && contract.indemnityOnly)
      .reduce((sum, contract) => sum + contract.monthlyPremium!, 0);
    expect(customer!.surplusMonthlyPremium).toBe(surplus);
    expect(surplus).toBeGreaterThan(0);
    const family = others.find((person) => person.insuredPerson !== CUSTOMER.name)!;
    expect(family).toMatchObject({ duplicate: false, surplusMonthlyPremium: 0 });
    expect(indemnity.surplusMonthlyPremium).toBe(indemnity.people.reduce((sum, person) => sum + person.surplusMonthlyPremium, 0));
    // every contract named is one of the analysis' active contracts, by its contract_id
    for (const contract of indemnity.people.flatMap((person) => person.contracts)) {
      const listed = answer.analysis.contracts[contract.contractId - 1]!;
      expect(listed).toMatchObject({ product_name: contract.productName, state: '정상', insured_person: contract.insuredPerson });
    }
  });

  it('splits the monthly premium by purpose, equal to the analysis’ premium, paid and remaining equal to its totals', () => {
    const { premiums } = insights;
    const { analysis } = answer;
    expect(premiums.monthly.total).toBe(analysis.premium);
    expect(premiums.monthly.protection + premiums.monthly.savings + premiums.monthly.pension).toBe(premiums.monthly.total);
    expect(premiums.monthly.pension).toBeGreaterThan(0);
    expect(premiums.monthly.savings).toBeGreaterThan(0);
    expect(premiums.paidPremium).toBe(analysis.paid_premium);
    expect(premiums.remainingPremium).toBe(analysis.future_premium);
    // the timeline holds what is left, year by year, from the inquiry year on
    expect(premiums.timeline.reduce((sum, year) => sum + year.premium, 0)).toBe(premiums.remainingPremium);
    expect(premiums.timeline[0]!.year).toBe(Number(analysis.inquiry_time.slice(0, 4)));
    // a paid-up contract costs nothing a month and is said to be paid up
    const paidUp = premiums.contracts.find((contract) => contract.paidUp)!;
    expect(paidUp).toMatchObject({ monthlyPremium: 0, paymentsLeft: 0, remainingPremium: 0 });
    // a 20-year monthly contract part paid: months paid and left make its 240 months
    const twentyYears = premiums.contracts.find(
      (contract) => contract.monthsPaid !== null && contract.monthsPaid + contract.monthsLeft! === 240 && !contract.paidUp,
    )!;
    expect(twentyYears.monthsPaid).toBeGreaterThan(0);
    expect(twentyYears.monthsLeft).toBeGreaterThan(0);
    // the income share, to one decimal, with its references and the guide
    expect(premiums.income).toMatchObject({ monthlyIncome: INCOME, percent: Math.round((analysis.premium / INCOME) * 1000) / 10 });
    expect(premiums.income!.references.length).toBeGreaterThan(0);
    for (const reference of premiums.income!.references) expect(reference.source).not.toBe('');
    expect(premiums.income!.guide).not.toBe('');
  });

  it('tells where cover falls off with age: the rider of the 종신 contract ends at 65, the 종신 cover never', () => {
    const { coverByAge } = insights;
    expect(coverByAge.age).toBe(answer.analysis.age);
    const steps = coverByAge.categories.flatMap((category) => category.coverages.map((coverage) => ({ category, coverage })));
    const at65 = steps.filter(({ coverage }) => coverage.steps.some((step) => step.age === 65));
    expect(at65.length).toBeGreaterThan(0);
    for (const { coverage } of at65) {
      const index = coverage.steps.findIndex((step) => step.age === 65);
      // the day it changes is the 65th birthday's day after the rider's end, and the amount falls
      expect(coverage.steps[index]!.date).toBe(`${BIRTH_YEAR + 65}-07-06`);
      expect(coverage.steps[index]!.amount).toBeLessThan(coverage.steps[index - 1]!.amount);
    }
    for (const { coverage } of steps) {
      expect(coverage.steps[0]!.age).toBe(coverByAge.age);
      for (let index = 1; index < coverage.steps.length; index++) {
        expect(coverage.steps[index]!.age).toBeGreaterThanOrEqual(coverage.steps[index - 1]!.age);
        expect(coverage.steps[index]!.date > coverage.steps[index - 1]!.date).toBe(true);
        expect(coverage.steps[index]!.amount).not.toBe(coverage.steps[index - 1]!.amount);
      }
    }
    // the amount now is what the analysis holds (no rider of the showcase has ended), but for 실손:
    // three 5,000만원 limits pay a bill once, so the largest counts, where the payload adds them up
    for (const { coverage } of steps) {
      const held = answer.analysis.coverages.find((entry) => entry.coverage_code === coverage.code)?.amount ?? 0;
      if (coverage.code === '03_HIN') expect([coverage.steps[0]!.amount, held]).toEqual([50_000_000, 150_000_000]);
      else if (coverage.code !== '03_HOT') expect(coverage.steps[0]!.amount).toBe(held);
    }
    expect(coverByAge.shortfalls.map((shortfall) => shortfall.age)).toEqual([60, 70, 80].filter((age) => age > coverByAge.age));
  });

  it('lists the renewals ahead: a rider renewing every 3 years, with its next date and count in 10 years', () => {
    const { renewals } = insights;
    expect(renewals.horizonYears).toBe(10);
    // the 간병인 rider of the health contract (the 2011 실손 renews every 3 years too, as a whole contract)
    const everyThree = renewals.items.find((item) => item.cycleYears === 3 && !item.wholeContract)!;
    expect(everyThree.coverageNames).toEqual(['간병인사용일당(요양병원제외)(3년갱신형)']);
    expect(everyThree.nextRenewalDate! > answer.analysis.inquiry_time).toBe(true);
    expect(everyThree.renewalsInHorizon).toBeGreaterThanOrEqual(3);
    expect(everyThree.renewalsInHorizon).toBeLessThanOrEqual(4);
    expect(renewals.renewalsInHorizon).toBe(renewals.items.reduce((sum, item) => sum + (item.renewalsInHorizon ?? 0), 0));
    const dates = renewals.items.flatMap((item) => (item.nextRenewalDate === null ? [] : [item.nextRenewalDate]));
    expect(dates).toEqual([...dates].sort());
  });

  it('reads the same {seq, analysis, insights} again with GET, for the planner and an ORG_ADMIN', async () => {
    expect((await as(planner).get(`/api/v1/coverage/analyses/${answer.seq}`).expect(200)).body).toEqual(answer);
    expect((await as(admin).get(`/api/v1/coverage/analyses/${answer.seq}`).expect(200)).body).toEqual(answer);
  });

  it('puts the insights in the JSON report with the insured persons’ names masked, and their sections in the PDF', async () => {
    const report = (await as(planner).post(`/api/v1/coverage/analyses/${answer.seq}/report`).set('Accept', 'application/json').expect(200))
      .body as CoverageReportDto;
    expect(report.insights!.premiums.monthly).toEqual(insights.premiums.monthly);
    expect(report.insights!.renewals.items.length).toBe(insights.renewals.items.length);
    const names = report.insights!.indemnity.people.map((person) => person.insuredPerson);
    expect(names[0]).toBe('정*늘');
    expect(JSON.stringify(report)).not.toContain(CUSTOMER.name);

    const pdf = await as(planner)
      .post(`/api/v1/coverage/analyses/${answer.seq}/report`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('실손');
    expect(text).toContain('갱신');
    expect(text).not.toContain(CUSTOMER.name);
  });

  it('carries the monthly income through a second step, sealed while it waits', async () => {
    const step = (
      await analyse({
        verificationToken: await showcaseToken(),
        monthlyIncome: 2_500_000,
        credit4u: { id: 'sandbox-sms', password: 'any' },
      }).expect(202)
    ).body as CoverageAnalysisSecondStepDto;
    // while it waits, the continuation holds the income sealed with its row's key (it opens to the income, reads as nothing)
    const [waiting] = await app.dataSource.query<Array<{ key_id: string; monthly_income_ciphertext: Buffer }>>(
      'SELECT key_id, context_ciphertext AS monthly_income_ciphertext FROM two_step_sign_ins WHERE id = $1',
      [step.continuationId],
    );
    expect(waiting!.monthly_income_ciphertext.includes(Buffer.from('2500000'))).toBe(false);
    expect(app.app.get(FieldCipher).open({ keyId: waiting!.key_id, ciphertext: waiting!.monthly_income_ciphertext })).toBe('2500000');
    const done = (
      await as(planner)
        .post(`/api/v1/coverage/analysis-continuations/${step.continuationId}`)
        .send({ credit4u: { id: 'sandbox-sms', password: 'any' }, code: '123456' })
        .expect(201)
    ).body as CoverageAnalysisResultDto;
    expect(done.insights!.premiums.income!.monthlyIncome).toBe(2_500_000);
    // the continuation is gone with the step; the analysis holds its insights sealed (they name the family member)
    expect(await app.dataSource.query('SELECT 1 FROM two_step_sign_ins WHERE id = $1', [step.continuationId])).toEqual([]);
    const [row] = await app.dataSource.query<Array<{ insights_ciphertext: Buffer }>>(
      'SELECT insights_ciphertext FROM coverage_analyses WHERE id = $1',
      [done.seq],
    );
    expect(row!.insights_ciphertext.includes(Buffer.from(done.insights!.indemnity.people[1]!.insuredPerson))).toBe(false);
  });

  it('answers insights.premiums.income null without an income (absent or null)', async () => {
    for (const body of [{}, { monthlyIncome: null }]) {
      const plain = (await analyse({ verificationToken: await showcaseToken(), ...body }).expect(201)).body as CoverageAnalysisResultDto;
      expect(plain.insights!.premiums.income).toBeNull();
      expect(plain.insights!.premiums.monthly).toEqual(insights.premiums.monthly);
    }
  });

  it.each([[0], [-1], [1.5], ['4000000'], [10_000_000_001], [{}]])(
    'refuses monthlyIncome %p with 400 naming monthlyIncome',
    async (monthlyIncome) => {
      const token = await showcaseToken();
      const response = await analyse({ verificationToken: token, monthlyIncome }).expect(400);
      const errors = (response.body as { errors: Array<{ field: string }> }).errors;
      expect([...new Set(errors.map((error) => error.field))]).toEqual(['monthlyIncome']);
    },
  );

  it('answers insights: null for an analysis stored before insights existed, in GET and the report', async () => {
    const { seq, analysis } = (await analyse({ verificationToken: await showcaseToken() }).expect(201)).body as CoverageAnalysisResultDto;
    await app.dataSource.query('UPDATE coverage_analyses SET insights_ciphertext = NULL WHERE id = $1', [seq]);
    expect((await as(planner).get(`/api/v1/coverage/analyses/${seq}`).expect(200)).body).toEqual({ seq, analysis, insights: null });
    const report = (await as(planner).post(`/api/v1/coverage/analyses/${seq}/report`).set('Accept', 'application/json').expect(200))
      .body as CoverageReportDto;
    expect(report.insights).toBeNull();
    await as(planner).post(`/api/v1/coverage/analyses/${seq}/report`).expect(200).expect('content-type', 'application/pdf');
  });

  it('lets the analysis answer be sent to set-analysis as it is (insights accepted and ignored)', async () => {
    await as(planner).post('/api/v1/medical-bojang/set-analysis').send(answer).expect(200);
    const report = (await as(planner).post('/api/v1/medical-bojang/report/json').send({ seq: answer.seq }).expect(200)).body as {
      analysisSource: string;
    };
    // the report reads the payload sent (not the stored one), and nothing of the insights
    expect(report.analysisSource).toBe('SET_ANALYSIS');
  });
});
