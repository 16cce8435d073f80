import type { InsurerType } from '../../../insurers/entities/insurer.entity.js';
import { INSURERS_2026_11 } from '../../../insurers/catalogue/v2026-11/index.js';
import { ContractPurpose } from '../insurance-data.port.js';

// What the sandbox sells: the products its made-up portfolios draw from, with the coverages each
// carries. Insurers are those of the insurers list (v2026-11, src/insurers); coverage names are
// written the ways insurers write them, some of which the synonym table maps and some (골절진단비,
// 비급여 riders, …) it deliberately does not.

const sellersOf = (type: InsurerType) =>
  INSURERS_2026_11.filter((insurer) => insurer.type === type).map((insurer) => [insurer.code, insurer.name] as const);
export const LIFE_INSURERS = sellersOf('LIFE');
export const NON_LIFE_INSURERS = sellersOf('NON_LIFE');

/** 만원: amounts are written in it. */
export const MAN = 10_000;

export interface CoverageTemplate {
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

export interface ProductTemplate {
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

export const PRODUCTS: readonly ProductTemplate[] = [
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
