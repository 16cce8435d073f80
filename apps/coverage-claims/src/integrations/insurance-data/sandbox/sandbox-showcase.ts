import { addMonthsClamped, formatCompactDate, ordinal, parseCompactDate, type LocalDate } from '../../../common/calendar.js';
import { INSURERS_2026_11 } from '../../../insurers/catalogue/v2026-11/index.js';
import { indemnityRenewalCycle } from '../indemnity-renewal.js';
import {
  ContractPurpose,
  ContractState,
  ContractType,
  LIFETIME_END_DATE,
  PaymentCycle,
  type CoverageRenewal,
  type InsuranceContract,
  type InsuranceDataCustomer,
} from '../insurance-data.port.js';
import { wholeYears, yearsAfter } from './sandbox-dates.js';
import { MAN } from './sandbox-products.js';

/**
 * A 2세대 실손's start: sold from October 2009 renewing every 3 years (yearly from April 2013), so this
 * one contract is dated in its era, not from the inquiry date.
 */
const SECOND_GENERATION_INDEMNITY_START: LocalDate = { year: 2011, month: 1, day: 1 };

/**
 * The showcase portfolio (the magic phone ending `0004`) on `inquiryDate`: a fixed set of nine
 * contracts that gives every insight of the analysis something to say. docs/decisions/coverage-analysis.md,
 * "The sandbox adapter", lists them. Ages (a rider ending at 65) count from the customer's birth date;
 * starts count back from the inquiry date, so "half paid" and "paid up" hold whatever the day it is
 * asked. Made for a customer aged 30 to 54 on the inquiry date; for anyone else the starts move into
 * ages where a contract makes sense, so every contract stays well-formed while some features (half
 * paid, paid up) may not hold.
 */
export function sandboxShowcasePortfolio(customer: InsuranceDataCustomer, inquiryDate: LocalDate): InsuranceContract[] {
  const birth = parseCompactDate(customer.birthDate);
  const family = familyMemberOf(customer.name);
  const atAge = (age: number) => yearsAfter(birth, age);
  /** `wanted`, moved to between the insured ages `youngest` and `oldest`. */
  const within = (wanted: LocalDate, youngest: number, oldest: number): LocalDate => {
    if (ordinal(wanted) < ordinal(atAge(youngest))) return atAge(youngest);
    return ordinal(wanted) > ordinal(atAge(oldest)) ? atAge(oldest) : wanted;
  };
  /** `months` before the inquiry date, moved to between the insured ages `youngest` and `oldest`. */
  const startOf = (months: number, youngest: number, oldest: number) => within(addMonthsClamped(inquiryDate, -months), youngest, oldest);
  const base = { contractor: customer.name, insuredPerson: customer.name, state: ContractState.Active };

  // Two 실손 of the customer's own: one of 2011 (2세대, renewing every 3 years, to 100 without
  // re-subscription as then sold) and one 4세대 begun 44 months before (yearly, re-subscribed every 5
  // years: the source reports the contract running on to 100, as the family member's, so the
  // showcase keeps its duplicate and its surplus premium whatever the day it is asked).
  const olderIndemnity = within(SECOND_GENERATION_INDEMNITY_START, 0, 60);
  const newerIndemnity = startOf(44, 0, 70);
  const familyIndemnity = startOf(36, 0, 70);
  // 20 years of monthly premiums begun 10 years before the inquiry date: 121 of 240 due, half paid.
  const health = startOf(12 * 10, 20, 45);
  const wholeLife = startOf(12 * 8, 20, 45);
  const paidUp = startOf(12 * 14, 20, 50);
  const pension = startOf(12 * 6, 25, 55);
  // 5 years of premiums begun 4 years before: 49 of 60 due, still paying.
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
        end: yearsAfter(familyIndemnity, 50),
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
    // Paid up: 10 years of premiums, the last 4 years and a month before the inquiry date; still in force.
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
      end: yearsAfter(savings, 10),
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
        end: yearsAfter(lapsed, 20),
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
