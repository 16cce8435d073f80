import { CoverageStatusCode, PremiumExclusionReason, type CoverageAnalysisDto, type CoverageInsightsDto } from '#contracts';
import { ContractState, PaymentCycle, type InsuranceContract } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { REPORT_STATUSES, reportContentOf, reportCustomerOf } from '../../src/coverage-analysis/report/report-content.js';
import { formatAmount, formatDate, formatKoreaTime, formatWon, wrapLines } from '../../src/pdf/pdf-format.js';
import { reportFormatFor } from '../../src/coverage-analysis/report/report-media-type.js';
import {
  GENERATED_AT,
  handMadeInsights,
  insightsAnalysis,
  sandboxAnalysis,
  TWENTY_CONTRACT_CUSTOMER,
} from '../support/coverage-report-fixtures.js';
import { contractOf } from '../support/insurance-contracts.js';

const analysis = sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER);
const customer = { name: '홍길동', birthDate: '19850315', gender: 'M', maskedPhone: '010-****-1027' };

describe('coverage report content', () => {
  const content = reportContentOf(analysis, customer, GENERATED_AT, null);

  it('masks the name like 홍*동 and shows the phone only masked', () => {
    expect(content.customer).toEqual({
      name: '홍*동',
      phone: '010-****-1027',
      birthDate: '1985-03-15',
      gender: 'M',
      genderLabel: '남',
      age: analysis.age,
      insuranceAge: analysis.insuAge,
    });
    const json = JSON.stringify(content);
    expect(json).not.toContain(analysis.phone_number);
    expect(json).not.toContain('홍길동');
  });

  it('masks the phone of the analysis when the summary is taken from it', () => {
    expect(reportCustomerOf(analysis)).toEqual({ name: '홍길동', birthDate: '19850315', gender: 'M', maskedPhone: '010-****-1027' });
    expect(JSON.stringify(reportContentOf(analysis, reportCustomerOf(analysis), GENERATED_AT, null))).not.toContain('01012341027');
  });

  it('carries the inquiry date, the generation time and the title', () => {
    expect(content.title).toBe('보장분석 리포트');
    expect(content.inquiryDate).toBe('2026-11-21');
    expect(content.generatedAt).toBe('2026-11-21T09:30:00.000Z');
  });

  it('groups every coverage under its category, categories and coverages in catalogue order', () => {
    expect(content.categories.map((category) => category.code)).toEqual([
      ...new Set(analysis.coverages.map((coverage) => coverage.category_code)),
    ]);
    expect(content.categories.map((category) => category.name)).toEqual([
      '사망',
      '장해·간병',
      '의료비',
      '입원비',
      '암',
      '뇌',
      '심장',
      '운전자',
      '주택/생활',
      '수술비',
      '치아',
    ]);
    const flattened = content.categories.flatMap((category) =>
      category.coverages.map((coverage) => ({ category: category.code, code: coverage.code })),
    );
    expect(flattened).toEqual(analysis.coverages.map((coverage) => ({ category: coverage.category_code, code: coverage.coverage_code })));
    expect(content.coverageCount).toBe(analysis.coverage_count);
  });

  it('shows held against recommended and limit, with the status, its label and its colour', () => {
    const source = analysis.coverages.find((coverage) => coverage.coverage_code === '05_GEN')!;
    const shown = content.categories.flatMap((category) => category.coverages).find((coverage) => coverage.code === '05_GEN')!;
    expect(shown).toEqual({
      code: '05_GEN',
      name: source.coverage_name,
      held: source.amount,
      recommended: source.recommend,
      limit: source.limit,
      heldPercent: Math.round((source.amount * 100) / source.recommend),
      status: source.status_code,
      statusLabel: source.status_name,
      statusColor: REPORT_STATUSES.find((entry) => entry.status === source.status_code)!.color,
    });
  });

  it('counts the statuses, worst first, with red, amber and green', () => {
    expect(content.statuses.map(({ status, label, color, count }) => ({ status, label, color, count }))).toEqual([
      { status: CoverageStatusCode.Bad, label: '부족', color: '#C62828', count: analysis.coverage_bad_count },
      {
        status: CoverageStatusCode.Normal,
        label: '보통',
        color: '#F0A202',
        count: analysis.coverage_count - analysis.coverage_good_count - analysis.coverage_bad_count,
      },
      { status: CoverageStatusCode.Good, label: '적절', color: '#2E7D32', count: analysis.coverage_good_count },
    ]);
  });

  it('rounds the held percentage to the nearest, never to 100 when short nor to 0 when something is held, and has none when nothing is recommended', () => {
    const coverage = analysis.coverages[0]!;
    const shaped = (amount: number, recommend: number): CoverageAnalysisDto => ({
      ...analysis,
      coverages: [{ ...coverage, amount, recommend, status_code: CoverageStatusCode.Normal, status_name: '보통' }],
    });
    const percentOf = (source: CoverageAnalysisDto) =>
      reportContentOf(source, customer, GENERATED_AT, null).categories[0]!.coverages[0]!.heldPercent;
    expect(percentOf(shaped(20_000_000, 30_000_000))).toBe(67);
    expect(percentOf(shaped(29_990_000, 30_000_000))).toBe(99);
    expect(percentOf(shaped(30_000_000, 30_000_000))).toBe(100);
    expect(percentOf(shaped(10_000, 30_000_000))).toBe(1);
    expect(percentOf(shaped(0, 30_000_000))).toBe(0);
    expect(percentOf(shaped(30_000_000, 60_000_000))).toBe(50);
    expect(percentOf(shaped(5_000_000, 0))).toBeNull();
  });

  it('lists every contract in the analysis order with ISO dates, its state and whether it is in force', () => {
    expect(content.contracts).toHaveLength(20);
    expect(content.activeContractCount).toBe(analysis.contracts.filter((contract) => contract.state === '정상').length);
    content.contracts.forEach((shown, index) => {
      const source = analysis.contracts[index]!;
      expect(shown).toEqual({
        number: index + 1,
        insurerName: source.company_name,
        productName: source.product_name,
        type: source.type,
        startDate: `${source.start_date.slice(0, 4)}-${source.start_date.slice(4, 6)}-${source.start_date.slice(6)}`,
        endDate: `${source.end_date.slice(0, 4)}-${source.end_date.slice(4, 6)}-${source.end_date.slice(6)}`,
        state: source.state,
        active: source.state === '정상',
        premium: source.premium,
        paymentCycle: source.payment_cycle,
        paymentPeriodYears: source.period,
      });
    });
  });

  it('totals the premiums as the analysis does: monthly, paid, future and total', () => {
    expect(content.premiums).toEqual({
      monthly: analysis.premium,
      paid: analysis.paid_premium,
      future: analysis.future_premium,
      total: analysis.total_premium,
      excluded: expect.any(Array),
    });
    expect(content.premiums.paid + content.premiums.future).toBe(content.premiums.total);
  });

  it('totals premiums over active contracts only', () => {
    const base = contractOf({ insurerCode: 'N02', insurerName: '현대해상', productName: '현대해상 무배당 건강보험', endDate: '20600115' });
    const report = reportContentOf(
      sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER, [base, { ...base, state: ContractState.Lapsed, premium: 55_000 }]),
      customer,
      GENERATED_AT,
      null,
    );
    // 2020-01-15 to 2026-11-21: 83 monthly payments made, 157 still due.
    expect(report.premiums).toEqual({ monthly: 100_000, paid: 8_300_000, future: 15_700_000, total: 24_000_000, excluded: [] });
    expect(report.contracts.map((contract) => contract.active)).toEqual([true, false]);
    expect(report.activeContractCount).toBe(1);
  });

  it('gives a customer without contracts every coverage 부족 and no contract', () => {
    const report = reportContentOf(sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER, []), customer, GENERATED_AT, null);
    expect(report.contracts).toEqual([]);
    expect(report.statuses.map((status) => status.count)).toEqual([report.coverageCount, 0, 0]);
    expect(report.premiums).toEqual({ monthly: 0, paid: 0, future: 0, total: 0, excluded: [] });
  });
});

describe('the premium summary names what the monthly premium leaves out', () => {
  const excludedOf = (contracts: InsuranceContract[]) =>
    reportContentOf(sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER, contracts), customer, GENERATED_AT, null).premiums;

  it('names a paid-up contract still in force, by its number in the contracts table', () => {
    const report = reportContentOf(insightsAnalysis(), customer, GENERATED_AT, null);
    expect(report.premiums.excluded).toEqual([
      {
        number: 7,
        insurerName: '교보생명',
        productName: '교보생명 무배당 정기보험',
        reason: PremiumExclusionReason.PaidUp,
        reasonLabel: '납입완료',
      },
    ]);
    expect(report.contracts[6]).toMatchObject({ productName: '교보생명 무배당 정기보험', active: true });
  });

  it('names a lump sum and a contract without a payment cycle or count, and leaves out neither a contract still paying nor one not in force', () => {
    const paying = contractOf({ productName: '납입 중', startDate: '20200115' });
    const lumpSum = contractOf({
      productName: '일시납',
      startDate: '20190101',
      paymentCycle: PaymentCycle.LumpSum,
      paymentCount: 1,
      paymentPeriodYears: 0,
    });
    const noCycle = contractOf({ productName: '주기 없음', startDate: '20180101', paymentCycle: null });
    const noCount = contractOf({ productName: '횟수 없음', startDate: '20170101', paymentCount: null });
    const lapsedPaidUp = contractOf({ productName: '실효', startDate: '20000101', paymentCount: 12, state: ContractState.Lapsed });
    const premiums = excludedOf([paying, lumpSum, noCycle, noCount, lapsedPaidUp]);
    expect(premiums.excluded.map(({ number, productName, reason, reasonLabel }) => ({ number, productName, reason, reasonLabel }))).toEqual(
      [
        { number: 2, productName: '일시납', reason: PremiumExclusionReason.LumpSum, reasonLabel: '일시납' },
        { number: 3, productName: '주기 없음', reason: PremiumExclusionReason.PaymentsUnknown, reasonLabel: '납입 정보 없음' },
        { number: 4, productName: '횟수 없음', reason: PremiumExclusionReason.PaymentsUnknown, reasonLabel: '납입 정보 없음' },
      ],
    );
    expect(premiums.monthly).toBe(100_000);
  });

  it('counts a contract whose last payment falls on the inquiry date as paid up, as the monthly premium does', () => {
    // Monthly from 2016-12-21: the 120th payment is due on 2026-11-21, the inquiry date.
    const lastToday = contractOf({ productName: '오늘 납입 완료', startDate: '20161221', paymentCount: 120 });
    const oneLeft = contractOf({ productName: '한 번 남음', startDate: '20161222', paymentCount: 120, premium: 30_000 });
    const premiums = excludedOf([lastToday, oneLeft]);
    expect(premiums.excluded.map((contract) => contract.productName)).toEqual(['오늘 납입 완료']);
    expect(premiums.monthly).toBe(30_000);
  });

  it('takes a payload set from outside as it is: a cycle it does not know or a date that is not one is 납입 정보 없음, not an error', () => {
    const source = insightsAnalysis();
    source.contracts[0] = { ...source.contracts[0]!, payment_cycle_code: 'WEEKLY' };
    source.contracts[1] = { ...source.contracts[1]!, start_date: '20210231' };
    const { excluded } = reportContentOf(source, customer, GENERATED_AT, null).premiums;
    expect(excluded.map(({ number, reason }) => ({ number, reason }))).toEqual([
      { number: 1, reason: PremiumExclusionReason.PaymentsUnknown },
      { number: 2, reason: PremiumExclusionReason.PaymentsUnknown },
      { number: 7, reason: PremiumExclusionReason.PaidUp },
    ]);
  });
});

describe('the report’s insights', () => {
  const insights = handMadeInsights();
  const report = reportContentOf(insightsAnalysis(), customer, GENERATED_AT, insights);

  it('masks every insured person’s name, and leaves no name of the analysis in clear', () => {
    expect(report.insights!.indemnity.people.map((person) => person.insuredPerson)).toEqual(['홍*동', '김*희']);
    expect(report.insights!.indemnity.people.flatMap((person) => person.contracts.map((contract) => contract.insuredPerson))).toEqual([
      '홍*동',
      '홍*동',
      '김*희',
    ]);
    expect(new Set(report.insights!.premiums.contracts.map((contract) => contract.insuredPerson))).toEqual(new Set(['홍*동', '김*희']));
    expect(new Set(report.insights!.renewals.items.map((item) => item.insuredPerson))).toEqual(new Set(['홍*동', '김*희']));
    const json = JSON.stringify(report);
    expect(json).not.toContain('홍길동');
    expect(json).not.toContain('김영희');
    expect(json).not.toContain('01012341027');
  });

  it('carries everything else of the insights as they are, and leaves the analysis’ insights unchanged', () => {
    const withoutNames = (value: CoverageInsightsDto): unknown =>
      JSON.parse(JSON.stringify(value, (key, field: unknown) => (key === 'insuredPerson' ? undefined : field)));
    expect(withoutNames(report.insights!)).toEqual(withoutNames(insights));
    expect(insights).toEqual(handMadeInsights());
  });

  it('is null for an analysis stored before insights existed', () => {
    expect(reportContentOf(insightsAnalysis(), customer, GENERATED_AT, null).insights).toBeNull();
  });
});

describe('report formatting', () => {
  it.each([
    [50_000_000, '5,000만원'],
    [100_000_000, '1억원'],
    [180_000_000, '1억 8,000만원'],
    [1_250_000_000, '12억 5,000만원'],
    [100_000, '10만원'],
    [30_000, '3만원'],
    [0, '0원'],
    [26_570, '26,570원'],
    [1_234.6, '1,235원'],
  ])('writes the coverage amount %d as %s', (value, text) => {
    expect(formatAmount(value)).toBe(text);
  });

  it('writes premiums in won with separators', () => {
    expect(formatWon(752_067)).toBe('752,067원');
    expect(formatWon(126_848_410)).toBe('126,848,410원');
    expect(formatWon(0)).toBe('0원');
  });

  it('writes dates with dots and the generation time in Korea', () => {
    expect(formatDate('2026-11-21')).toBe('2026.11.21');
    expect(formatKoreaTime(new Date('2026-11-21T15:05:00.000Z'))).toBe('2026.11.22 00:05 (KST)');
  });
});

describe('report format from Accept', () => {
  it.each([
    [undefined, 'pdf'],
    ['', 'pdf'],
    ['application/pdf', 'pdf'],
    ['application/json', 'json'],
    ['*/*', 'pdf'],
    ['application/*', 'pdf'],
    ['application/json, application/pdf', 'pdf'],
    ['application/json, application/pdf;q=0.5', 'json'],
    ['application/json;q=0.9, */*;q=0.1', 'json'],
    ['text/html, */*;q=0.8', 'pdf'],
    ['APPLICATION/JSON', 'json'],
    ['text/html', null],
    ['application/pdf;q=0, application/json;q=0', null],
    ['application/xml', null],
  ])('Accept %j gives %s', (accept, format) => {
    expect(reportFormatFor(accept)).toBe(format);
  });
});

describe('line wrapping of table cells', () => {
  // One unit per character.
  const measure = (text: string) => [...text].length;

  it('breaks at spaces and keeps words whole', () => {
    expect(wrapLines('무배당 삼성화재 다이렉트 착한암보험', 10, measure)).toEqual(['무배당 삼성화재', '다이렉트 착한암보험']);
  });

  it('breaks a word longer than a line between its characters', () => {
    expect(wrapLines('가나다라마바사아자차카', 4, measure)).toEqual(['가나다라', '마바사아', '자차카']);
  });

  it('ends the last allowed line with an ellipsis', () => {
    expect(wrapLines('하나 둘 셋 넷 다섯 여섯', 5, measure, 2)).toEqual(['하나 둘', '셋 넷…']);
    expect(wrapLines('끝'.repeat(10_000), 8, measure, 3)).toEqual(['끝'.repeat(8), '끝'.repeat(8), `${'끝'.repeat(7)}…`]);
  });

  it('gives no line for empty text', () => {
    expect(wrapLines('  ', 10, measure)).toEqual([]);
  });
});
