import { createHash } from 'node:crypto';
import { addMonthsClamped, formatCompactDate, ordinal, parseCompactDate, type LocalDate } from '../../../common/calendar.js';
import { SeededRandom } from '../../../common/seeded-random.js';
import { indemnityRenewalCycle } from '../indemnity-renewal.js';
import {
  ContractPurpose,
  ContractState,
  ContractType,
  PAYMENT_CYCLE_MONTHS,
  PaymentCycle,
  type CoverageRenewal,
  type InsuranceContract,
  type InsuranceCoverage,
  type InsuranceDataCustomer,
} from '../insurance-data.port.js';
import { dayNumber, fromDayNumber } from './sandbox-dates.js';
import { LIFE_INSURERS, NON_LIFE_INSURERS, PRODUCTS, type CoverageTemplate, type ProductTemplate } from './sandbox-products.js';

// The sandbox's portfolios: 1–20 contracts of the products it sells (sandbox-products.ts) made up
// from the customer's identity, dated from the inquiry date (sandbox-dates.ts): the same customer
// asked on the same day always gets the same contracts.

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

const roundTo = (value: number, unit: number) => Math.round(value / unit) * unit;

/**
 * The customer's contracts in the sandbox on `inquiryDate`: 1 to 20, the same every time for the same
 * customer and day. How many comes from the customer alone; each starts within the 25 years before
 * `inquiryDate`, and one whose end has passed by then is EXPIRED.
 */
export function sandboxPortfolio(customer: InsuranceDataCustomer, inquiryDate: LocalDate): InsuranceContract[] {
  const random = new SeededRandom(sandboxSeed(customer));
  const terms = new SeededRandom(termsSeed(customer));
  const birth = parseCompactDate(customer.birthDate);
  // Most people hold a handful of contracts: median 7, one contract about 5 % of the time, 20 rarely.
  const spread = (random.next() + random.next()) / 2;
  const count = 1 + Math.floor(20 * spread ** 1.6);
  const contracts: InsuranceContract[] = [];
  for (let index = 0; index < count; index++) {
    contracts.push(makeContract(random, terms, { customer, birth, inquiryDate }));
  }
  // Someone the source knows has at least one contract in force, unless all of them have ended.
  if (!contracts.some((contract) => contract.state === ContractState.Active)) {
    const open = contracts.find((contract) => contract.state !== ContractState.Expired);
    if (open) open.state = ContractState.Active;
  }
  return contracts;
}

function makeContract(
  random: SeededRandom,
  terms: SeededRandom,
  { customer, birth, inquiryDate }: { customer: InsuranceDataCustomer; birth: LocalDate; inquiryDate: LocalDate },
): InsuranceContract {
  const latestStart = ordinal(birth) > ordinal(inquiryDate) ? birth : inquiryDate;
  // Contracts start within the 25 years before the inquiry date, at an age the product is sold to;
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
  const recent = dayNumber(addMonthsClamped(inquiryDate, -12 * 25));
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
  if (ordinal(end) < ordinal(inquiryDate)) state = ContractState.Expired;
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
