import type { CoverageInsightsDto } from '#contracts';
import { daysInMonth, parseIsoDate } from '../../src/common/calendar.js';
import { SeededRandom } from '../../src/common/seeded-random.js';
import { buildCoverageInsights, type CoverageInsightsInput } from '../../src/coverage-analysis/insights/coverage-insights.js';
import {
  ContractPurpose,
  ContractState,
  LIFETIME_END_DATE,
  PaymentCycle,
  type InsuranceDataCustomer,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import { analysisOf, catalogue, contract, customer, INDEMNITY, insights } from '../support/coverage-insights.js';

describe('coverage insights', () => {
  it('answers every part empty for a customer without an active contract', () => {
    const result = insights(
      [contract({ state: ContractState.Lapsed, coverages: INDEMNITY.map((coverage) => ({ ...coverage, renewal: { cycleYears: 1 } })) })],
      {
        monthlyIncome: 3_000_000,
      },
    );
    expect(result.version).toBe('2026.11');
    expect(result.indemnity).toEqual({ duplicated: false, people: [], surplusMonthlyPremium: 0, message: null });
    expect(result.premiums).toMatchObject({
      monthly: { protection: 0, savings: 0, pension: 0, total: 0 },
      paidPremium: 0,
      remainingPremium: 0,
      contracts: [],
      timeline: [],
      income: { monthlyIncome: 3_000_000, percent: 0 },
    });
    expect(result.renewals).toEqual({ horizonYears: 10, items: [], renewalsInHorizon: 0 });
    // nothing held: every recommended coverage at 0, and short at every checkpoint
    const coverages = result.coverByAge.categories.flatMap((category) => category.coverages);
    expect(coverages.every((coverage) => coverage.steps.length === 1 && coverage.steps[0]!.amount === 0)).toBe(true);
    for (const at of result.coverByAge.shortfalls) {
      const short = at.categories.flatMap((category) => category.coverages);
      expect(short.map((coverage) => coverage.code)).toEqual(
        catalogue.recommendationsFor(at.age, 'M').map((recommendation) => recommendation.code),
      );
      expect(short.every((coverage) => coverage.held === 0)).toBe(true);
    }
  });

  it('holds its invariants over many random portfolios, and is pure', () => {
    const random = new SeededRandom(Buffer.from('coverage-insights-invariants-v01'));
    const seen = { duplicates: 0, laterSteps: 0, shortfalls: 0, timelineYears: 0, renewals: 0, incomeShares: 0 };
    for (let run = 0; run < 300; run++) {
      const input = randomInput(random);
      const frozen = JSON.stringify(input.contracts);
      const result = buildCoverageInsights(input);
      expect(JSON.stringify(input.contracts)).toBe(frozen);
      expect(buildCoverageInsights(input)).toEqual(result);
      expect(invariantProblems(input, result)).toEqual([]);
      seen.duplicates += Number(result.indemnity.duplicated);
      seen.laterSteps += result.coverByAge.categories
        .flatMap((category) => category.coverages)
        .filter((coverage) => coverage.steps.length > 1).length;
      seen.shortfalls += result.coverByAge.shortfalls.length;
      seen.timelineYears += result.premiums.timeline.length;
      seen.renewals += result.renewals.renewalsInHorizon;
      seen.incomeShares += Number(result.premiums.income !== null);
    }
    // the portfolios exercise every part
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(30);
  });
});

const NAMES = [
  '일반사망',
  '질병사망',
  '암진단비',
  '암진단비(갱신형)',
  '유사암진단비',
  '뇌졸중진단비',
  '급성심근경색증진단비',
  '질병입원일당(1일이상)',
  '상해수술비',
  '실손의료비(입원)',
  '실손의료비(통원)',
  '골절진단비',
  '운전자벌금(대인)',
  '치아보존치료비',
];

function randomDate(random: SeededRandom, fromYear: number, toYear: number): string {
  const year = random.int(fromYear, toYear);
  const month = random.int(1, 12);
  const day = random.int(1, daysInMonth(year, month));
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

function randomInput(random: SeededRandom): CoverageInsightsInput {
  const someone: InsuranceDataCustomer = {
    ...customer,
    birthDate: randomDate(random, 1935, 2020),
    gender: random.pick(['M', 'F'] as const),
  };
  const cycles = [
    PaymentCycle.Monthly,
    PaymentCycle.Monthly,
    PaymentCycle.Quarterly,
    PaymentCycle.SemiAnnual,
    PaymentCycle.Annual,
    PaymentCycle.LumpSum,
    null,
  ];
  const contracts = Array.from({ length: random.int(0, 20) }, () => {
    const cycle = random.pick(cycles);
    const startDate = randomDate(random, 1995, 2028);
    return contract({
      startDate,
      endDate: random.chance(0.3) ? LIFETIME_END_DATE : randomDate(random, 2027, 2110),
      insuredPerson: random.pick([someone.name, someone.name, '김서연', '김하준']),
      state: random.pick([ContractState.Active, ContractState.Active, ContractState.Active, ContractState.Lapsed, ContractState.Expired]),
      premium: random.int(1, 300) * random.pick([100, 1_000, 3_333]),
      paymentCycle: cycle,
      paymentCount: cycle === PaymentCycle.LumpSum ? 1 : random.chance(0.1) ? null : random.int(1, 480),
      purpose: random.pick([ContractPurpose.Protection, ContractPurpose.Protection, ContractPurpose.Savings, ContractPurpose.Pension]),
      coverages: Array.from({ length: random.int(0, 40) }, () => ({
        name: random.pick(NAMES),
        amount: random.int(0, 100) * 1_000_000,
        startDate: random.chance(0.8) ? startDate : randomDate(random, 1995, 2030),
        endDate: random.chance(0.3) ? LIFETIME_END_DATE : randomDate(random, 2000, 2110),
        renewal: random.chance(0.3) ? { cycleYears: random.pick([1, 3, 5, 10, 20, null]) } : null,
        indemnity: random.chance(0.2),
      })),
    });
  });
  const inquiryDate = parseIsoDate(
    `${random.int(2024, 2030)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
  );
  return { customer: someone, contracts, catalogue, inquiryDate, monthlyIncome: random.chance(0.5) ? random.int(1, 20_000_000) : null };
}

/** What must hold of any portfolio's insights; one line per breach. */
function invariantProblems(input: CoverageInsightsInput, result: CoverageInsightsDto): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const analysis = analysisOf([...input.contracts], input);
  const inquiry = analysis.inquiry_time;
  const { premiums, coverByAge, renewals, indemnity } = result;
  const active = analysis.contracts.filter((entry) => entry.state === '정상').length;

  const { protection, savings, pension, total } = premiums.monthly;
  check(protection + savings + pension === total, 'split does not sum to its total');
  check(
    [protection, savings, pension].every((part) => part >= 0 && Number.isInteger(part)),
    'split part negative or fractional',
  );
  check(total === analysis.premium, 'total is not the analysis premium');
  check(
    premiums.paidPremium === analysis.paid_premium && premiums.remainingPremium === analysis.future_premium,
    'paid or remaining differ',
  );
  check(premiums.contracts.length === active, 'not every active contract in premiums');
  const remaining = premiums.contracts.reduce((sum, entry) => sum + (entry.remainingPremium ?? 0), 0);
  check(remaining === premiums.remainingPremium, 'contracts’ remaining premiums do not sum to the total');
  check(premiums.timeline.reduce((sum, year) => sum + year.premium, 0) === premiums.remainingPremium, 'timeline does not sum to remaining');
  premiums.timeline.forEach((year, index) => {
    check(year.year === input.inquiryDate.year + index, 'timeline years not contiguous from the inquiry year');
    check(year.contracts <= active && year.premium > 0 === year.contracts > 0, 'timeline year inconsistent');
  });
  for (const entry of premiums.contracts) {
    check(entry.paidUp === (entry.paymentsLeft === 0), 'paidUp disagrees with payments left');
    if (entry.paidUp) check(entry.monthlyPremium === 0, 'a paid-up contract costs something a month');
  }
  if (premiums.income) {
    const tenths = premiums.income.percent * 10;
    check(tenths >= 0 && Math.abs(tenths - Math.round(tenths)) < 1e-9, 'percent not to one decimal');
  }

  for (const category of coverByAge.categories) {
    check(category.coverages.length > 0, 'empty category');
    for (const coverage of category.coverages) {
      const [first, ...later] = coverage.steps;
      check(first!.age === coverByAge.age && first!.date === inquiry, 'first step is not now');
      let previous = first!;
      for (const step of later) {
        // only a change before the next birthday shares the current age (the first step's)
        check(
          (step.age > previous.age || (step.age === coverByAge.age && previous === first)) &&
            step.date > previous.date &&
            step.amount !== previous.amount,
          `steps not strictly changing: ${coverage.code}`,
        );
        check(step.date > inquiry, 'a step before the inquiry date');
        previous = step;
      }
    }
  }
  for (const at of coverByAge.shortfalls) {
    check(at.age > coverByAge.age && [60, 70, 80].includes(at.age), 'shortfall age not ahead');
    for (const category of at.categories) {
      check(category.coverages.length > 0, 'empty shortfall category');
      for (const coverage of category.coverages) check(coverage.held < coverage.recommended, 'a shortfall that is not short');
    }
  }

  let previousRank = 0;
  let previousDate = '';
  for (const item of renewals.items) {
    const rank = item.nextRenewalDate !== null ? 0 : item.cycleYears !== null ? 1 : 2;
    check(rank > previousRank || (rank === previousRank && (item.nextRenewalDate ?? '') >= previousDate), 'renewals out of order');
    [previousRank, previousDate] = [rank, item.nextRenewalDate ?? ''];
    if (item.nextRenewalDate !== null) check(item.nextRenewalDate > inquiry, 'a renewal not ahead');
    check((item.cycleYears === null) === (item.renewalsInHorizon === null), 'renewal count null without an unknown cycle');
  }
  check(renewals.renewalsInHorizon === renewals.items.reduce((sum, item) => sum + (item.renewalsInHorizon ?? 0), 0), 'renewals total');

  check(indemnity.duplicated === indemnity.people.some((person) => person.contracts.length > 1), 'duplicated');
  check((indemnity.message !== null) === indemnity.duplicated, 'message without a duplicate');
  check(
    indemnity.surplusMonthlyPremium === indemnity.people.reduce((sum, person) => sum + person.surplusMonthlyPremium, 0),
    'surplus total',
  );
  for (const person of indemnity.people)
    check(person.contracts.filter((entry) => entry.kept).length === 1 && person.contracts[0]!.kept, 'kept');
  return problems;
}
