import { createHash } from 'node:crypto';
import { addMonthsClamped, formatCompactDate, ordinal, parseCompactDate, type LocalDate } from '../../../common/calendar.js';
import { SeededRandom } from '../../../common/seeded-random.js';
import type { InsurerType } from '../../../insurers/entities/insurer.entity.js';
import { INSURERS_2026_11 } from '../../../insurers/catalogue/v2026-11/index.js';
import { indemnityRenewalCycle } from '../indemnity-renewal.js';
import {
  ContractPurpose,
  ContractState,
  ContractType,
  LIFETIME_END_DATE,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
  type CoverageRenewal,
  type InsuranceContract,
  type InsuranceCoverage,
  type InsuranceDataCustomer,
} from '../insurance-data.port.js';

// The sandbox's portfolios: 1–20 contracts made up from the customer's identity alone, so the same
// customer always gets the same contracts. Insurers are those of the insurers list (v2026-11,
// src/insurers); coverage names are written the ways insurers write them, some of which the synonym
// table maps and some (골절진단비, 비급여 riders, …) it deliberately does not.

/** Contract dates are made up relative to this day, not to today, so that a portfolio never changes. */
export const SANDBOX_AS_OF: LocalDate = { year: 2026, month: 1, day: 1 };

const sellersOf = (type: InsurerType) =>
  INSURERS_2026_11.filter((insurer) => insurer.type === type).map((insurer) => [insurer.code, insurer.name] as const);
const LIFE_INSURERS = sellersOf('LIFE');
const NON_LIFE_INSURERS = sellersOf('NON_LIFE');

const MAN = 10_000;

interface CoverageTemplate {
  name: string;
  amounts: readonly number[];
  /** Probability that a contract of the product carries it (default 1). */
  chance?: number;
  /** Sold as 갱신형 with this probability, renewing every one of `cycles` years (only a cycle shorter than the coverage's term). */
  renewal?: { chance: number; cycles: readonly number[] };
  /** Ends at one of these insured ages with this probability, when that falls within the contract (a 종신 contract's rider ending at 65). */
  endsAt?: { chance: number; ages: readonly number[] };
}

/** A rider ending at 60, 65 or 80 on a contract that runs to 100 (the commonest ages insurers write). */
const RIDER_TO_AGE = { chance: 0.6, ages: [60, 65, 80] } as const;
/** A health or cancer rider sold 갱신형. */
const RENEWING = { chance: 0.3, cycles: [10, 20] } as const;
const RENEWING_SHORT = { chance: 0.4, cycles: [3, 5, 10, 20] } as const;

interface ProductTemplate {
  name: string;
  /** Who sells it: life insurers, non-life insurers, or both. */
  sellers: 'LIFE' | 'NON_LIFE' | 'ANY';
  /** Age at the start of the contract. */
  ages: readonly [number, number];
  /** Relative frequency among the products open to the customer. */
  weight: number;
  /** The contract ends at this insured age, or after this many years (then paid over the whole term). */
  term: { toAge: readonly number[] } | { years: readonly number[] };
  /** Payment periods in years, for products ending at an age. */
  paymentYears?: readonly number[];
  /** Monthly premium range at age 30, in KRW. */
  monthlyPremium: readonly [number, number];
  coverages: readonly CoverageTemplate[];
  /** What the premium buys (default PROTECTION). */
  purpose?: ContractPurpose;
  /** 실손의료비: every coverage pays the costs borne and renews as the standard terms of the contract's start say. */
  indemnity?: true;
  /** The whole contract sold 갱신형 with this probability (every coverage renews with it). */
  renewal?: { chance: number; cycles: readonly number[] };
}

const PRODUCTS: readonly ProductTemplate[] = [
  {
    name: '무배당 종신보험',
    sellers: 'LIFE',
    ages: [15, 65],
    weight: 3,
    term: { toAge: [100] },
    paymentYears: [10, 15, 20],
    monthlyPremium: [120_000, 350_000],
    coverages: [
      { name: '사망보험금', amounts: [5_000 * MAN, 10_000 * MAN, 20_000 * MAN] },
      { name: '재해사망특약', amounts: [1_000 * MAN, 3_000 * MAN], chance: 0.6, endsAt: { chance: 0.5, ages: [60, 65, 80] } },
      { name: '암진단비(유사암제외)', amounts: [1_000 * MAN, 2_000 * MAN], chance: 0.5, endsAt: RIDER_TO_AGE, renewal: RENEWING },
      { name: '유사암진단비', amounts: [200 * MAN, 400 * MAN], chance: 0.4, endsAt: RIDER_TO_AGE, renewal: RENEWING },
      { name: '질병입원일당(1일이상)', amounts: [2 * MAN, 3 * MAN], chance: 0.4, endsAt: RIDER_TO_AGE, renewal: RENEWING },
      { name: '질병수술비', amounts: [30 * MAN, 50 * MAN], chance: 0.4, endsAt: RIDER_TO_AGE, renewal: RENEWING },
      { name: '재해장해급여금', amounts: [1_000 * MAN], chance: 0.2, endsAt: { chance: 0.5, ages: [80] } },
      { name: '골절진단비', amounts: [30 * MAN], chance: 0.2, endsAt: RIDER_TO_AGE, renewal: RENEWING },
    ],
  },
  {
    name: '무배당 정기보험',
    sellers: 'LIFE',
    ages: [20, 55],
    weight: 2,
    term: { toAge: [60, 65, 70] },
    paymentYears: [20, 30],
    monthlyPremium: [20_000, 80_000],
    coverages: [
      { name: '정기사망', amounts: [10_000 * MAN, 20_000 * MAN, 30_000 * MAN] },
      { name: '재해사망', amounts: [5_000 * MAN], chance: 0.4 },
    ],
  },
  {
    name: '무배당 암보험',
    sellers: 'ANY',
    ages: [0, 70],
    weight: 3,
    term: { toAge: [80, 90, 100] },
    paymentYears: [10, 20, 30],
    monthlyPremium: [25_000, 90_000],
    coverages: [
      { name: '일반암진단비Ⅱ', amounts: [2_000 * MAN, 3_000 * MAN, 5_000 * MAN] },
      { name: '유사암 진단비', amounts: [400 * MAN, 600 * MAN, 1_000 * MAN] },
      { name: '갑상선암진단비', amounts: [300 * MAN], chance: 0.2, renewal: RENEWING },
      { name: '고액암진단비', amounts: [2_000 * MAN, 5_000 * MAN], chance: 0.4, renewal: { chance: 0.4, cycles: [10, 20] } },
      { name: '암수술비', amounts: [200 * MAN, 300 * MAN], chance: 0.6, renewal: RENEWING_SHORT },
      {
        name: '암입원일당(1일이상)',
        amounts: [5 * MAN, 10 * MAN],
        chance: 0.5,
        renewal: { chance: 0.5, cycles: [3, 5, 10, 20] },
        endsAt: { chance: 0.3, ages: [80] },
      },
      { name: '항암방사선약물치료비', amounts: [200 * MAN], chance: 0.5, renewal: { chance: 0.6, cycles: [3, 5, 10] } },
    ],
  },
  {
    name: '무배당 건강보험',
    sellers: 'NON_LIFE',
    ages: [15, 70],
    weight: 5,
    term: { toAge: [80, 90, 100] },
    paymentYears: [20, 30],
    monthlyPremium: [60_000, 180_000],
    coverages: [
      { name: '일반상해사망', amounts: [1_000 * MAN, 10_000 * MAN] },
      { name: '상해후유장해(3~100%)', amounts: [5_000 * MAN, 10_000 * MAN, 20_000 * MAN] },
      { name: '질병사망', amounts: [1_000 * MAN, 3_000 * MAN, 5_000 * MAN], chance: 0.7, endsAt: { chance: 0.5, ages: [80] } },
      { name: '질병후유장해(80%이상)', amounts: [1_000 * MAN, 3_000 * MAN], chance: 0.5, endsAt: { chance: 0.5, ages: [80] } },
      { name: '일반암진단비Ⅱ(유사암제외)', amounts: [1_000 * MAN, 3_000 * MAN, 5_000 * MAN], renewal: RENEWING },
      { name: '유사암진단비Ⅱ', amounts: [200 * MAN, 600 * MAN, 1_000 * MAN], renewal: RENEWING },
      { name: '뇌혈관질환 진단비', amounts: [1_000 * MAN, 2_000 * MAN], chance: 0.6, renewal: RENEWING },
      { name: '뇌졸중진단비', amounts: [1_000 * MAN, 2_000 * MAN], chance: 0.5, renewal: RENEWING },
      { name: '뇌출혈 진단비', amounts: [1_000 * MAN, 3_000 * MAN], chance: 0.6, renewal: RENEWING },
      { name: '허혈성심장질환 진단비', amounts: [1_000 * MAN, 2_000 * MAN], chance: 0.6, renewal: RENEWING },
      { name: '급성심근경색증 진단비', amounts: [1_000 * MAN, 3_000 * MAN], chance: 0.6, renewal: RENEWING },
      { name: '질병수술비', amounts: [30 * MAN, 50 * MAN], chance: 0.7, renewal: RENEWING_SHORT },
      { name: '상해수술비', amounts: [30 * MAN, 50 * MAN], chance: 0.6, renewal: RENEWING_SHORT },
      { name: '질병1~5종수술비', amounts: [10 * MAN, 30 * MAN], chance: 0.3, renewal: RENEWING_SHORT },
      {
        name: '질병입원일당(1일이상)',
        amounts: [1 * MAN, 2 * MAN, 3 * MAN],
        chance: 0.5,
        renewal: RENEWING_SHORT,
        endsAt: { chance: 0.3, ages: [80] },
      },
      {
        name: '상해입원일당(1일이상)',
        amounts: [1 * MAN, 2 * MAN],
        chance: 0.4,
        renewal: RENEWING_SHORT,
        endsAt: { chance: 0.3, ages: [80] },
      },
      {
        name: '간병인사용일당(요양병원제외)',
        amounts: [5 * MAN, 10 * MAN, 15 * MAN],
        chance: 0.3,
        renewal: { chance: 0.6, cycles: [3, 5, 10] },
        endsAt: { chance: 0.3, ages: [80] },
      },
      { name: '골절진단비(치아파절제외)', amounts: [10 * MAN, 30 * MAN], chance: 0.6, renewal: RENEWING_SHORT },
      { name: '깁스치료비', amounts: [10 * MAN], chance: 0.4, renewal: RENEWING_SHORT },
      { name: '대상포진진단비', amounts: [10 * MAN, 20 * MAN], chance: 0.3, renewal: { chance: 0.5, cycles: [3, 5, 10, 20] } },
      // Liability riders are sold renewing every 3 years almost everywhere.
      { name: '가족일상생활중배상책임Ⅱ', amounts: [10_000 * MAN], chance: 0.4, renewal: { chance: 0.8, cycles: [3] } },
      { name: '화재벌금', amounts: [1_500 * MAN, 2_000 * MAN], chance: 0.2 },
    ],
  },
  {
    name: '실손의료비보험',
    sellers: 'ANY',
    ages: [0, 75],
    weight: 3,
    term: { years: [15] },
    monthlyPremium: [8_000, 40_000],
    indemnity: true,
    coverages: [
      { name: '실손의료비(입원)', amounts: [5_000 * MAN] },
      { name: '실손의료비(통원)', amounts: [20 * MAN] },
      { name: '비급여 도수치료·체외충격파치료·증식치료 실손의료비', amounts: [350 * MAN], chance: 0.5 },
      { name: '비급여 주사료 실손의료비', amounts: [250 * MAN], chance: 0.5 },
      { name: '비급여 자기공명영상진단(MRI/MRA) 실손의료비', amounts: [300 * MAN], chance: 0.5 },
    ],
  },
  {
    name: '무배당 운전자보험',
    sellers: 'NON_LIFE',
    ages: [20, 70],
    weight: 3,
    term: { years: [10, 20] },
    monthlyPremium: [10_000, 35_000],
    coverages: [
      { name: '운전자벌금(대인)', amounts: [2_000 * MAN, 3_000 * MAN] },
      { name: '운전자벌금(대물)', amounts: [500 * MAN], chance: 0.6 },
      { name: '교통사고처리지원금', amounts: [3_000 * MAN, 10_000 * MAN, 20_000 * MAN] },
      { name: '변호사선임비용', amounts: [500 * MAN, 3_000 * MAN, 5_000 * MAN], chance: 0.8 },
      { name: '자동차사고부상치료비(1~14급)', amounts: [30 * MAN], chance: 0.5 },
      { name: '면허정지위로금', amounts: [30 * MAN], chance: 0.3 },
      { name: '상해후유장해(3~100%)', amounts: [1_000 * MAN], chance: 0.3 },
    ],
  },
  {
    name: '무배당 주택화재보험',
    sellers: 'NON_LIFE',
    ages: [25, 80],
    weight: 1,
    term: { years: [3, 5, 10] },
    monthlyPremium: [5_000, 20_000],
    coverages: [
      { name: '화재손해(건물)', amounts: [10_000 * MAN, 20_000 * MAN] },
      { name: '화재벌금', amounts: [1_500 * MAN, 2_000 * MAN] },
      { name: '가족일상생활배상책임', amounts: [10_000 * MAN] },
      { name: '임대인배상책임', amounts: [10_000 * MAN], chance: 0.3 },
    ],
  },
  {
    name: '무배당 치아보험',
    sellers: 'ANY',
    ages: [15, 65],
    weight: 1,
    term: { years: [10, 20] },
    monthlyPremium: [15_000, 40_000],
    renewal: { chance: 0.5, cycles: [5, 10] },
    coverages: [
      { name: '치아보철치료비(임플란트)', amounts: [50 * MAN, 100 * MAN, 150 * MAN] },
      { name: '치아보존치료비(크라운)', amounts: [15 * MAN, 20 * MAN, 30 * MAN] },
      { name: '충전치료비(레진)', amounts: [10 * MAN], chance: 0.6 },
      { name: '스케일링치료비', amounts: [1 * MAN], chance: 0.5 },
    ],
  },
  {
    name: '무배당 어린이보험',
    sellers: 'NON_LIFE',
    ages: [0, 14],
    weight: 4,
    term: { toAge: [30, 100] },
    paymentYears: [20, 30],
    monthlyPremium: [30_000, 70_000],
    // No death cover: void under 15 (상법 제732조).
    coverages: [
      { name: '상해후유장해(3~100%)', amounts: [5_000 * MAN, 10_000 * MAN] },
      { name: '일반암진단비', amounts: [3_000 * MAN, 5_000 * MAN] },
      { name: '유사암진단비', amounts: [600 * MAN] },
      { name: '뇌혈관질환진단비', amounts: [1_000 * MAN], chance: 0.6 },
      { name: '질병입원일당(1일이상)', amounts: [1 * MAN, 2 * MAN], renewal: RENEWING_SHORT, endsAt: { chance: 0.3, ages: [80] } },
      { name: '상해입원일당(1일이상)', amounts: [1 * MAN], chance: 0.6, renewal: RENEWING_SHORT, endsAt: { chance: 0.3, ages: [80] } },
      { name: '일상생활배상책임', amounts: [10_000 * MAN], chance: 0.7, renewal: { chance: 0.7, cycles: [3] } },
      { name: '질병수술비', amounts: [30 * MAN], chance: 0.6 },
      { name: '상해수술비', amounts: [30 * MAN], chance: 0.6 },
      { name: '골절진단비', amounts: [30 * MAN], chance: 0.5 },
      { name: '화상진단비', amounts: [20 * MAN], chance: 0.3 },
    ],
  },
];

/** Every coverage name the sandbox writes (the benchmark builds large portfolios from them). */
export const SANDBOX_COVERAGE_NAMES: readonly string[] = [
  ...new Set(PRODUCTS.flatMap((product) => product.coverages.map((coverage) => coverage.name))),
];

/** The identity a portfolio is derived from. CI is left out: a customer verified once with it and once without is the same customer. */
export function sandboxSeed(customer: InsuranceDataCustomer): Buffer {
  return createHash('sha256')
    .update(['sandbox-portfolio/v1', customer.name, customer.birthDate, customer.gender, customer.phone].join('\u0000'))
    .digest();
}

/**
 * The seed of the attributes the port gained after the first portfolios were made (coverage dates,
 * renewal, 실손): a stream of their own, so the first stream's draws, and with them every contract
 * made before, stay exactly as they were.
 */
function termsSeed(customer: InsuranceDataCustomer): Buffer {
  return createHash('sha256').update('sandbox-portfolio/terms/v1\u0000').update(sandboxSeed(customer)).digest();
}

const dayNumber = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

function fromDayNumber(day: number): LocalDate {
  const date = new Date(day * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const roundTo = (value: number, unit: number) => Math.round(value / unit) * unit;

/** The customer's contracts in the sandbox: 1 to 20, the same every time for the same customer. */
export function sandboxPortfolio(customer: InsuranceDataCustomer): InsuranceContract[] {
  const random = new SeededRandom(sandboxSeed(customer));
  const terms = new SeededRandom(termsSeed(customer));
  const birth = parseCompactDate(customer.birthDate);
  // Most people hold a handful of contracts: median 7, one contract about 5 % of the time, 20 rarely.
  const spread = (random.next() + random.next()) / 2;
  const count = 1 + Math.floor(20 * spread ** 1.6);
  const contracts: InsuranceContract[] = [];
  for (let index = 0; index < count; index++) {
    contracts.push(makeContract(random, terms, customer, birth));
  }
  // Someone the source knows has at least one contract in force, unless all of them have ended.
  if (!contracts.some((contract) => contract.state === ContractState.Active)) {
    const open = contracts.find((contract) => contract.state !== ContractState.Expired);
    if (open) open.state = ContractState.Active;
  }
  return contracts;
}

function makeContract(random: SeededRandom, terms: SeededRandom, customer: InsuranceDataCustomer, birth: LocalDate): InsuranceContract {
  const latestStart = ordinal(birth) > ordinal(SANDBOX_AS_OF) ? birth : SANDBOX_AS_OF;
  // Contracts start within the 25 years before SANDBOX_AS_OF, at an age the product is sold to;
  // someone too old for any product then gets contracts from further back.
  const windowOf = (product: ProductTemplate, floor: number) => ({
    from: Math.max(dayNumber(birth), floor, dayNumber(addMonthsClamped(birth, 12 * product.ages[0]))),
    to: Math.min(dayNumber(latestStart), dayNumber(addMonthsClamped(birth, 12 * (product.ages[1] + 1))) - 1),
  });
  const openFrom = (floor: number) =>
    PRODUCTS.filter((product) => {
      const window = windowOf(product, floor);
      return window.from <= window.to;
    });
  const recent = dayNumber(addMonthsClamped(SANDBOX_AS_OF, -12 * 25));
  const floor = openFrom(recent).length > 0 ? recent : -Infinity;
  const open = openFrom(floor);
  const product = weightedPick(random, open);
  const window = windowOf(product, floor);
  const start = fromDayNumber(random.int(window.from, window.to));
  const ageAtStart = start.year - birth.year;

  const sellers =
    product.sellers === 'ANY'
      ? random.chance(0.5)
        ? LIFE_INSURERS
        : NON_LIFE_INSURERS
      : product.sellers === 'LIFE'
        ? LIFE_INSURERS
        : NON_LIFE_INSURERS;
  const [insurerCode, insurerName] = random.pick<readonly [string, string]>(sellers);

  let end: LocalDate;
  let paymentYears: number;
  if ('toAge' in product.term) {
    end = addMonthsClamped(birth, 12 * random.pick(product.term.toAge));
    paymentYears = random.pick(product.paymentYears ?? [20]);
  } else {
    paymentYears = random.pick(product.term.years);
    end = addMonthsClamped(start, 12 * paymentYears);
  }

  const monthly = roundTo(random.int(product.monthlyPremium[0], product.monthlyPremium[1]) * (1 + Math.max(0, ageAtStart - 30) * 0.02), 10);
  const cycle = pickCycle(random, product);
  const months = PAYMENT_CYCLE_MONTHS[cycle];
  const discount: Record<number, number> = { 1: 1, 3: 0.99, 6: 0.985, 12: 0.97 };
  const premium =
    months === null ? roundTo(monthly * 12 * Math.min(paymentYears, 10) * 0.9, 1_000) : roundTo(monthly * months * discount[months]!, 10);

  const held = product.coverages.filter((coverage) => random.chance(coverage.chance ?? 1));
  const amounts = held.map((coverage) => random.pick(coverage.amounts));
  // The coverages' terms are drawn from `terms` alone: `random` draws exactly what it drew before coverages had them.
  const contractRenewal =
    product.renewal && terms.chance(product.renewal.chance) ? renewalWithin(terms, product.renewal.cycles, start, end) : null;
  const coverages: InsuranceCoverage[] = held.map((coverage, index) => ({
    name: coverage.name,
    amount: amounts[index]!,
    ...coverageTerms(terms, { coverage, product, contractRenewal, start, end, birth }),
  }));

  let state: ContractState;
  if (ordinal(end) < ordinal(SANDBOX_AS_OF)) state = ContractState.Expired;
  else {
    const roll = random.next();
    state = roll < 0.8 ? ContractState.Active : roll < 0.92 ? ContractState.Lapsed : ContractState.Surrendered;
  }

  return {
    insurerCode,
    insurerName,
    productName: `${insurerName} ${product.name}`,
    startDate: formatCompactDate(start),
    endDate: formatCompactDate(end),
    contractor: random.chance(0.9) ? customer.name : '',
    insuredPerson: customer.name,
    state,
    type: insurerCode.startsWith('L') ? ContractType.Life : ContractType.NonLife,
    premium,
    paymentCycle: cycle,
    paymentCount: months === null ? 1 : (paymentYears * 12) / months,
    paymentPeriodYears: months === null ? 0 : paymentYears,
    purpose: product.purpose ?? ContractPurpose.Protection,
    coverages,
  };
}

type CoverageTerms = Pick<InsuranceCoverage, 'startDate' | 'endDate' | 'renewal' | 'indemnity'>;

/**
 * A coverage's dates, renewal and 실손 flag. It begins with its contract; a rider that ends at an age
 * ends there when that falls within the contract; a renewal cycle is one shorter than the coverage's
 * term (a 10-year 갱신 on a 10-year term renews nothing). 실손 renews as its start's standard terms say.
 */
function coverageTerms(
  terms: SeededRandom,
  of: {
    coverage: CoverageTemplate;
    product: ProductTemplate;
    contractRenewal: CoverageRenewal | null;
    start: LocalDate;
    end: LocalDate;
    birth: LocalDate;
  },
): CoverageTerms {
  const { coverage, product, start, birth } = of;
  const startDate = formatCompactDate(start);
  if (product.indemnity) {
    return {
      startDate,
      endDate: formatCompactDate(of.end),
      renewal: { cycleYears: sandboxIndemnityCycle(terms, startDate) },
      indemnity: true,
    };
  }
  let end = of.end;
  if (coverage.endsAt && terms.chance(coverage.endsAt.chance)) {
    const early = addMonthsClamped(birth, 12 * terms.pick(coverage.endsAt.ages));
    if (ordinal(early) > ordinal(start) && ordinal(early) < ordinal(end)) end = early;
  }
  let renewal = of.contractRenewal;
  if (!renewal && coverage.renewal && terms.chance(coverage.renewal.chance))
    renewal = renewalWithin(terms, coverage.renewal.cycles, start, end);
  return { startDate, endDate: formatCompactDate(end), renewal, indemnity: false };
}

/** One of `cycles` shorter than the years from `start` to `end`; null (비갱신) when none is. */
function renewalWithin(terms: SeededRandom, cycles: readonly number[], start: LocalDate, end: LocalDate): CoverageRenewal | null {
  const fitting = cycles.filter((cycle) => ordinal(addMonthsClamped(start, 12 * cycle)) < ordinal(end));
  return fitting.length === 0 ? null : { cycleYears: terms.pick(fitting) };
}

/** The standard terms' cycle; before October 2009, when each insurer chose 1 to 5 years, 3 or 5 (the usual ones). */
function sandboxIndemnityCycle(terms: SeededRandom, startDate: string): number {
  return indemnityRenewalCycle(startDate) ?? terms.pick([3, 5]);
}

function weightedPick(random: SeededRandom, products: readonly ProductTemplate[]): ProductTemplate {
  let roll = random.next() * products.reduce((sum, product) => sum + product.weight, 0);
  for (const product of products) {
    roll -= product.weight;
    if (roll < 0) return product;
  }
  return products[products.length - 1]!;
}

function pickCycle(random: SeededRandom, product: ProductTemplate): PaymentCycle {
  const roll = random.next();
  if (roll < 0.85) return PaymentCycle.Monthly;
  if (roll < 0.92) return PaymentCycle.Annual;
  if (roll < 0.95) return PaymentCycle.Quarterly;
  if (roll < 0.97) return PaymentCycle.SemiAnnual;
  // A lump sum buys whole-life or cancer cover, not renewable 실손 or short-term products.
  return 'toAge' in product.term ? PaymentCycle.LumpSum : PaymentCycle.Monthly;
}

/**
 * The showcase portfolio (the magic phone ending `0004`): a fixed set of nine contracts that gives
 * every insight of the analysis something to say. docs/decisions/coverage-analysis.md, "The sandbox
 * adapter", lists them. Ages (a rider ending at 65) count from the customer's birth date; how much has
 * been paid counts from SANDBOX_AS_OF, so "half paid" holds around 2026. Made for a customer aged 30
 * to 55 on SANDBOX_AS_OF; for anyone else the starts move into ages where a contract makes sense, so
 * every contract stays well-formed while some features (half paid, paid up) may not hold.
 */
export function sandboxShowcasePortfolio(customer: InsuranceDataCustomer): InsuranceContract[] {
  const birth = parseCompactDate(customer.birthDate);
  const family = familyMemberOf(customer.name);
  const atAge = (age: number) => addMonthsClamped(birth, 12 * age);
  /** `months` before SANDBOX_AS_OF, moved to between the insured ages `youngest` and `oldest`. */
  const startOf = (months: number, youngest: number, oldest: number): LocalDate => {
    const wanted = addMonthsClamped(SANDBOX_AS_OF, -months);
    if (ordinal(wanted) < ordinal(atAge(youngest))) return atAge(youngest);
    return ordinal(wanted) > ordinal(atAge(oldest)) ? atAge(oldest) : wanted;
  };
  const after = (start: LocalDate, years: number) => addMonthsClamped(start, 12 * years);
  const base = { contractor: customer.name, insuredPerson: customer.name, state: ContractState.Active };

  // Two 실손 of the customer's own: one of 2011 (2세대, renewing every 3 years, to 100 without
  // re-subscription as then sold) and one 4세대 of 2022 (yearly, re-subscribed every 5 years: the
  // source reports the contract running on to 100, as the family member's, so the showcase keeps
  // its duplicate and its surplus premium whatever the day it is asked).
  const olderIndemnity = startOf(12 * 15, 0, 60);
  const newerIndemnity = startOf(44, 0, 70);
  const familyIndemnity = startOf(36, 0, 70);
  // 20 years of monthly premiums begun 10 years before SANDBOX_AS_OF: about half paid.
  const health = startOf(12 * 10, 20, 45);
  const wholeLife = startOf(12 * 8, 20, 45);
  const paidUp = startOf(12 * 14, 20, 50);
  const pension = startOf(12 * 6, 25, 55);
  const savings = startOf(12 * 4, 20, 60);
  const lapsed = startOf(12 * 7, 20, 60);

  return [
    showcaseContract('N02', base, {
      product: '무배당 실손의료비보험(갱신형)',
      start: olderIndemnity,
      end: atAge(100),
      premium: 23_400,
      paymentYears: wholeYears(olderIndemnity, atAge(100)),
      coverages: [
        { name: '실손의료비(입원)', amount: 5_000 * MAN, indemnity: true },
        { name: '실손의료비(통원)', amount: 30 * MAN, indemnity: true },
      ],
    }),
    showcaseContract('N04', base, {
      product: '무배당 실손의료비보험(갱신형)',
      start: newerIndemnity,
      end: atAge(100),
      premium: 14_800,
      paymentYears: wholeYears(newerIndemnity, atAge(100)),
      coverages: [
        { name: '실손의료비(입원)', amount: 5_000 * MAN, indemnity: true },
        { name: '실손의료비(통원)', amount: 20 * MAN, indemnity: true },
        { name: '비급여 도수치료·체외충격파치료·증식치료 실손의료비', amount: 350 * MAN, indemnity: true },
      ],
    }),
    showcaseContract(
      'N01',
      { ...base, insuredPerson: family },
      {
        product: '무배당 실손의료비보험(갱신형)',
        start: familyIndemnity,
        end: addMonthsClamped(familyIndemnity, 12 * 50),
        premium: 9_600,
        paymentYears: 50,
        coverages: [
          { name: '실손의료비(입원)', amount: 5_000 * MAN, indemnity: true },
          { name: '실손의료비(통원)', amount: 20 * MAN, indemnity: true },
        ],
      },
    ),
    showcaseContract('N03', base, {
      product: '무배당 건강보험',
      start: health,
      end: atAge(100),
      premium: 98_000,
      paymentYears: 20,
      coverages: [
        { name: '일반암진단비Ⅱ(유사암제외)', amount: 3_000 * MAN },
        { name: '뇌혈관질환 진단비', amount: 1_000 * MAN },
        { name: '급성심근경색증 진단비', amount: 1_000 * MAN },
        { name: '질병수술비', amount: 50 * MAN },
        { name: '간병인사용일당(요양병원제외)(3년갱신형)', amount: 10 * MAN, renewal: { cycleYears: 3 }, end: atAge(80) },
        { name: '질병입원일당(1일이상)(20년갱신형)', amount: 3 * MAN, renewal: { cycleYears: 20 } },
      ],
    }),
    showcaseContract('L01', base, {
      product: '무배당 종신보험',
      start: wholeLife,
      end: null,
      premium: 185_000,
      paymentYears: 20,
      coverages: [
        { name: '사망보험금', amount: 10_000 * MAN },
        { name: '암진단비(유사암제외)', amount: 2_000 * MAN, end: atAge(65) },
        { name: '재해사망특약', amount: 3_000 * MAN, end: atAge(80) },
      ],
    }),
    // Paid up: 10 years of premiums, the last before SANDBOX_AS_OF; still in force.
    showcaseContract('L03', base, {
      product: '무배당 암보험',
      start: paidUp,
      end: atAge(90),
      premium: 45_000,
      paymentYears: 10,
      coverages: [
        { name: '일반암진단비Ⅱ', amount: 2_000 * MAN },
        { name: '암수술비', amount: 200 * MAN },
      ],
    }),
    showcaseContract('L02', base, {
      product: '무배당 연금보험',
      purpose: ContractPurpose.Pension,
      start: pension,
      end: null,
      premium: 300_000,
      paymentYears: 10,
      coverages: [{ name: '재해장해(80%이상)', amount: 1_000 * MAN }],
    }),
    showcaseContract('L04', base, {
      product: '무배당 저축보험',
      purpose: ContractPurpose.Savings,
      start: savings,
      end: after(savings, 10),
      premium: 200_000,
      paymentYears: 5,
      coverages: [{ name: '재해사망', amount: 500 * MAN }],
    }),
    showcaseContract(
      'N05',
      { ...base, state: ContractState.Lapsed },
      {
        product: '무배당 운전자보험',
        start: lapsed,
        end: after(lapsed, 20),
        premium: 18_500,
        paymentYears: 20,
        coverages: [
          { name: '운전자벌금(대인)', amount: 2_000 * MAN },
          { name: '교통사고처리지원금', amount: 10_000 * MAN },
          { name: '변호사선임비용', amount: 3_000 * MAN },
        ],
      },
    ),
  ];
}

interface ShowcaseSpec {
  product: string;
  purpose?: ContractPurpose;
  start: LocalDate;
  /** Null: for life (종신, LIFETIME_END_DATE). */
  end: LocalDate | null;
  /** Monthly. */
  premium: number;
  paymentYears: number;
  coverages: ReadonlyArray<{ name: string; amount: number; indemnity?: true; renewal?: CoverageRenewal; end?: LocalDate }>;
}

function showcaseContract(
  insurerCode: string,
  people: Pick<InsuranceContract, 'contractor' | 'insuredPerson' | 'state'>,
  spec: ShowcaseSpec,
): InsuranceContract {
  const insurerName = INSURERS_2026_11.find((insurer) => insurer.code === insurerCode)!.name;
  const startDate = formatCompactDate(spec.start);
  const endDate = spec.end === null ? LIFETIME_END_DATE : formatCompactDate(spec.end);
  // 실손 renews as its start's standard terms say (3 years when they left it to the insurer).
  const indemnityRenewal = { cycleYears: indemnityRenewalCycle(startDate) ?? 3 };
  return {
    insurerCode,
    insurerName,
    productName: `${insurerName} ${spec.product}`,
    startDate,
    endDate,
    ...people,
    type: insurerCode.startsWith('L') ? ContractType.Life : ContractType.NonLife,
    premium: spec.premium,
    paymentCycle: PaymentCycle.Monthly,
    paymentCount: spec.paymentYears * 12,
    paymentPeriodYears: spec.paymentYears,
    purpose: spec.purpose ?? ContractPurpose.Protection,
    coverages: spec.coverages.map((coverage) => {
      const ends = coverage.end && ordinal(coverage.end) > ordinal(spec.start) && formatCompactDate(coverage.end) < endDate;
      return {
        name: coverage.name,
        amount: coverage.amount,
        startDate,
        endDate: ends ? formatCompactDate(coverage.end!) : endDate,
        renewal: coverage.indemnity ? indemnityRenewal : (coverage.renewal ?? null),
        indemnity: coverage.indemnity ?? false,
      };
    }),
  };
}

/** Someone of the customer's family: their surname and another given name. */
function familyMemberOf(name: string): string {
  const surname = name.slice(0, 1);
  return `${surname}다온` === name ? `${surname}다은` : `${surname}다온`;
}

/** Whole years from `start` to `end` (at least 1), as ages are counted. */
function wholeYears(start: LocalDate, end: LocalDate): number {
  let years = end.year - start.year;
  if (ordinal(addMonthsClamped(start, 12 * years)) > ordinal(end)) years -= 1;
  return Math.max(1, years);
}
