import { ContractPurposeCode, COVERAGE_UNIT_LABELS, CoverageUnit, type CoverageAnalysisDto, type CoverageInsightsDto } from '#contracts';
import type { LocalDate } from '../../src/common/calendar.js';
import { buildCoverageAnalysis } from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import {
  ContractPurpose,
  ContractType,
  LIFETIME_END_DATE,
  type InsuranceContract,
  type InsuranceDataCustomer,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import { sandboxPortfolio } from '../../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';
import { contractOf } from './insurance-contracts.js';

/** A sandbox customer whose portfolio has 20 contracts, the sandbox's largest (12 active; the rest lapsed, expired or surrendered). */
export const TWENTY_CONTRACT_CUSTOMER: InsuranceDataCustomer = { name: '홍길동', birthDate: '19850315', gender: 'M', phone: '01012341027' };

/** A sandbox customer whose portfolio has one contract. */
export const ONE_CONTRACT_CUSTOMER: InsuranceDataCustomer = { name: '김하늘', birthDate: '19920704', gender: 'F', phone: '01098761018' };

export const GENERATED_AT = new Date('2026-11-21T09:30:00.000Z');

/** The inquiry date of the fixtures' analyses (the day in Korea at GENERATED_AT). */
const INQUIRY_DATE: LocalDate = { year: 2026, month: 11, day: 21 };

const catalogue = catalogueFromData(CATALOGUE_2026_11);

/** The analysis the service would store for this customer on 2026-11-21: sandbox contracts, the committed catalogue. */
export function sandboxAnalysis(
  customer: InsuranceDataCustomer,
  contracts = sandboxPortfolio(customer, INQUIRY_DATE),
): CoverageAnalysisDto {
  return buildCoverageAnalysis({
    customer,
    customerId: 42,
    contracts,
    catalogue,
    inquiryDate: INQUIRY_DATE,
    retrievedAt: new Date('2026-11-21T09:29:00.000Z'),
  });
}

// A hand-made portfolio with every insight in it, and its insights written out by hand (the real
// buildCoverageInsights is tested apart: these only feed the report). 홍길동, born 1985-03-15, is 41 on
// the inquiry date 2026-11-21; his wife 김영희 is insured by one contract. In the payload's order:
//  1 KB 건강보험: 뇌출혈 to 80, 급성심근경색 갱신형 every 3 years, 질병수술비 갱신형 of unknown cycle
//  2 DB 실손 (2021), renewing every year: 홍길동's second 실손
//  3 미래에셋 연금저축 (pension, 120 payments from 2020)
//  4 삼성화재 실손 of 김영희 (2019), every 3 years
//  5 삼성생명 종신보험 (20-year payment, half paid): death for life, cancer riders ending at 65
//  6 현대해상 실손 (2016), every 3 years: 홍길동's first 실손, the one kept
//  7 교보생명 정기보험: 10 years of payments made by 2015 (paid up), death cover to 60

/** The customer of the insights portfolio. */
export const INSIGHTS_CUSTOMER: InsuranceDataCustomer = { name: '홍길동', birthDate: '19850315', gender: 'M', phone: '01012341027' };

const TO_100 = '20850315';

export const INSIGHTS_PORTFOLIO: readonly InsuranceContract[] = [
  contractOf({
    insurerCode: 'N04',
    insurerName: 'KB손해보험',
    productName: 'KB 무배당 건강보험',
    startDate: '20230401',
    endDate: TO_100,
    premium: 65_000,
    coverages: [
      { name: '뇌출혈진단비', amount: 20_000_000, endDate: '20650315' },
      { name: '급성심근경색증진단비(갱신형)', amount: 20_000_000, renewal: { cycleYears: 3 } },
      { name: '질병수술비(갱신형)', amount: 1_000_000, renewal: { cycleYears: null } },
    ],
  }),
  contractOf({
    insurerCode: 'N03',
    insurerName: 'DB손해보험',
    productName: 'DB 실손의료비보험',
    startDate: '20210701',
    endDate: TO_100,
    premium: 18_900,
    coverages: [
      { name: '실손의료비(입원)', amount: 50_000_000, indemnity: true, renewal: { cycleYears: 1 } },
      { name: '실손의료비(통원)', amount: 200_000, indemnity: true, renewal: { cycleYears: 1 } },
    ],
  }),
  contractOf({
    insurerCode: 'L06',
    insurerName: '미래에셋생명',
    productName: '미래에셋 연금저축보험',
    type: ContractType.Life,
    purpose: ContractPurpose.Pension,
    startDate: '20200101',
    endDate: TO_100,
    premium: 200_000,
    paymentCount: 120,
    paymentPeriodYears: 10,
  }),
  contractOf({
    insurerCode: 'N01',
    insurerName: '삼성화재',
    productName: '삼성화재 실손의료비보험',
    insuredPerson: '김영희',
    startDate: '20190501',
    endDate: '20890501',
    premium: 15_000,
    coverages: [
      { name: '실손의료비(입원)', amount: 50_000_000, indemnity: true, renewal: { cycleYears: 3 } },
      { name: '실손의료비(통원)', amount: 200_000, indemnity: true, renewal: { cycleYears: 3 } },
    ],
  }),
  contractOf({
    insurerCode: 'L01',
    insurerName: '삼성생명',
    productName: '삼성생명 무배당 종신보험',
    type: ContractType.Life,
    startDate: '20161201',
    endDate: LIFETIME_END_DATE,
    premium: 150_000,
    coverages: [
      { name: '일반사망', amount: 100_000_000 },
      { name: '암진단비', amount: 50_000_000, endDate: '20500315' },
      { name: '유사암진단비', amount: 10_000_000, endDate: '20500315' },
    ],
  }),
  contractOf({
    insurerCode: 'N02',
    insurerName: '현대해상',
    productName: '현대해상 실손의료비보험',
    startDate: '20160401',
    endDate: TO_100,
    premium: 23_400,
    coverages: [
      { name: '실손의료비(입원)', amount: 50_000_000, indemnity: true, renewal: { cycleYears: 3 } },
      { name: '실손의료비(통원)', amount: 200_000, indemnity: true, renewal: { cycleYears: 3 } },
    ],
  }),
  contractOf({
    insurerCode: 'L03',
    insurerName: '교보생명',
    productName: '교보생명 무배당 정기보험',
    type: ContractType.Life,
    startDate: '20060101',
    endDate: '20450315',
    premium: 48_000,
    paymentCount: 120,
    paymentPeriodYears: 10,
    coverages: [{ name: '일반사망', amount: 50_000_000 }],
  }),
];

/** The insights portfolio's analysis, as sandboxAnalysis makes it. */
export const insightsAnalysis = (): CoverageAnalysisDto => sandboxAnalysis(INSIGHTS_CUSTOMER, [...INSIGHTS_PORTFOLIO]);

const MAN = 10_000;

const insightContract = (
  contractId: number,
  insurerName: string,
  productName: string,
  startDate: string,
  monthlyPremium: number,
  insuredPerson = '홍길동',
) => ({
  contractId,
  insurerName,
  productName,
  insuredPerson,
  startDate,
  monthlyPremium,
});

const KB = insightContract(1, 'KB손해보험', 'KB 무배당 건강보험', '2023-04-01', 65_000);
const DB = insightContract(2, 'DB손해보험', 'DB 실손의료비보험', '2021-07-01', 18_900);
const PENSION = insightContract(3, '미래에셋생명', '미래에셋 연금저축보험', '2020-01-01', 200_000);
const SAMSUNG_INDEMNITY = insightContract(4, '삼성화재', '삼성화재 실손의료비보험', '2019-05-01', 15_000, '김영희');
const WHOLE_LIFE = insightContract(5, '삼성생명', '삼성생명 무배당 종신보험', '2016-12-01', 150_000);
const HYUNDAI = insightContract(6, '현대해상', '현대해상 실손의료비보험', '2016-04-01', 23_400);
const TERM = insightContract(7, '교보생명', '교보생명 무배당 정기보험', '2006-01-01', 0);

type Coverage = CoverageInsightsDto['coverByAge']['categories'][number]['coverages'][number];

/** Ages at which the customer's cover changes, with the day he reaches them. */
const AGE_DATES: Readonly<Record<number, string>> = {
  41: '2026-11-21',
  60: '2045-03-15',
  65: '2050-03-15',
  80: '2065-03-15',
  100: '2085-03-15',
};

/** A catalogue coverage's amounts by age: [age, amount] from 41 on. */
function cover(code: string, name: string, unit: CoverageUnit, ...steps: [number, number][]): Coverage {
  return {
    code,
    name,
    unit,
    unitLabel: COVERAGE_UNIT_LABELS[unit],
    steps: (steps.length === 0 ? [[41, 0] as [number, number]] : steps).map(([age, amount]) => ({ age, date: AGE_DATES[age]!, amount })),
  };
}

const lump = CoverageUnit.LumpSum;
const COVER_BY_AGE: CoverageInsightsDto['coverByAge']['categories'] = [
  {
    code: '01',
    name: '사망',
    coverages: [
      cover('01_GEN', '일반사망', lump, [41, 15_000 * MAN], [60, 10_000 * MAN]),
      cover('01_DIS', '질병사망', lump),
      cover('01_ACC', '상해사망', lump),
    ],
  },
  {
    code: '02',
    name: '장해·간병',
    coverages: [
      cover('02_ACD', '상해후유장해(3~100%)', lump),
      cover('02_DSD', '질병후유장해', lump),
      cover('02_CRD', '간병인사용일당', CoverageUnit.PerDay),
    ],
  },
  {
    code: '03',
    name: '의료비',
    coverages: [
      cover('03_HIN', '실손의료비(입원)', CoverageUnit.PerYear, [41, 15_000 * MAN], [100, 5_000 * MAN]),
      cover('03_HOT', '실손의료비(통원)', CoverageUnit.PerVisit, [41, 60 * MAN], [100, 20 * MAN]),
    ],
  },
  {
    code: '04',
    name: '입원비',
    coverages: [cover('04_DHD', '질병입원일당', CoverageUnit.PerDay), cover('04_AHD', '상해입원일당', CoverageUnit.PerDay)],
  },
  {
    code: '05',
    name: '암',
    coverages: [
      cover('05_GEN', '일반암진단비', lump, [41, 5_000 * MAN], [65, 0]),
      cover('05_SML', '유사암진단비', lump, [41, 1_000 * MAN], [65, 0]),
    ],
  },
  {
    code: '06',
    name: '뇌',
    coverages: [
      cover('06_CVD', '뇌혈관질환진단비', lump),
      cover('06_STR', '뇌졸중진단비', lump),
      cover('06_HEM', '뇌출혈진단비', lump, [41, 2_000 * MAN], [80, 0]),
    ],
  },
  {
    code: '07',
    name: '심장',
    coverages: [cover('07_IHD', '허혈성심장질환진단비', lump), cover('07_AMI', '급성심근경색증진단비', lump, [41, 2_000 * MAN], [100, 0])],
  },
  {
    code: '09',
    name: '운전자',
    coverages: [
      cover('09_FIN', '운전자벌금(대인)', CoverageUnit.PerAccident),
      cover('09_FIP', '운전자벌금(대물)', CoverageUnit.PerAccident),
      cover('09_TAS', '교통사고처리지원금', CoverageUnit.PerAccident),
      cover('09_LAW', '변호사선임비용', CoverageUnit.PerAccident),
    ],
  },
  {
    code: '10',
    name: '주택/생활',
    coverages: [cover('10_LIA', '일상생활배상책임', CoverageUnit.PerAccident), cover('10_FFN', '화재벌금', CoverageUnit.PerAccident)],
  },
  {
    code: '11',
    name: '수술비',
    coverages: [
      cover('11_DSG', '질병수술비', CoverageUnit.PerOperation, [41, 100 * MAN], [100, 0]),
      cover('11_ASG', '상해수술비', CoverageUnit.PerOperation),
    ],
  },
  {
    code: '13',
    name: '치아',
    coverages: [cover('13_PRS', '치아보철치료비', CoverageUnit.PerTooth), cover('13_CNS', '치아보존치료비', CoverageUnit.PerTooth)],
  },
];

/** Recommended at 60 (the catalogue's 60–69 band) and from 70 on, for the coverages short at one of them. */
const RECOMMENDED: Readonly<Record<string, readonly [number, number]>> = {
  '01_DIS': [3_000 * MAN, 2_000 * MAN],
  '01_ACC': [3_000 * MAN, 2_000 * MAN],
  '02_ACD': [5_000 * MAN, 3_000 * MAN],
  '02_DSD': [3_000 * MAN, 2_000 * MAN],
  '02_CRD': [10 * MAN, 10 * MAN],
  '04_DHD': [3 * MAN, 3 * MAN],
  '04_AHD': [3 * MAN, 3 * MAN],
  '05_GEN': [3_000 * MAN, 2_000 * MAN],
  '05_SML': [600 * MAN, 400 * MAN],
  '06_CVD': [3_000 * MAN, 3_000 * MAN],
  '06_STR': [3_000 * MAN, 3_000 * MAN],
  '06_HEM': [3_000 * MAN, 3_000 * MAN],
  '07_IHD': [3_000 * MAN, 3_000 * MAN],
  '07_AMI': [3_000 * MAN, 3_000 * MAN],
  '09_FIN': [2_000 * MAN, 2_000 * MAN],
  '09_FIP': [500 * MAN, 500 * MAN],
  '09_TAS': [20_000 * MAN, 20_000 * MAN],
  '09_LAW': [1_500 * MAN, 1_500 * MAN],
  '10_LIA': [10_000 * MAN, 10_000 * MAN],
  '10_FFN': [1_500 * MAN, 1_500 * MAN],
  '11_ASG': [100 * MAN, 100 * MAN],
  '13_PRS': [100 * MAN, 100 * MAN],
  '13_CNS': [20 * MAN, 20 * MAN],
};

/** The categories short at `age`: held there (the last step at or before it) under RECOMMENDED. */
function shortfallsAt(age: number): CoverageInsightsDto['coverByAge']['shortfalls'][number] {
  const categories = COVER_BY_AGE.flatMap((category) => {
    const coverages = category.coverages.flatMap((coverage) => {
      const recommended = RECOMMENDED[coverage.code]?.[age < 70 ? 0 : 1];
      const held = coverage.steps.filter((step) => step.age <= age).at(-1)!.amount;
      return recommended === undefined || held >= recommended
        ? []
        : [{ code: coverage.code, name: coverage.name, unit: coverage.unit, unitLabel: coverage.unitLabel, held, recommended }];
    });
    return coverages.length === 0 ? [] : [{ code: category.code, name: category.name, coverages }];
  });
  return { age, categories };
}

/** The insights of the insights portfolio, written out (insured persons' names in clear, as the analysis has them). */
export function handMadeInsights(): CoverageInsightsDto {
  return {
    version: '2026.11',
    indemnity: {
      duplicated: true,
      people: [
        {
          insuredPerson: '홍길동',
          contracts: [
            { ...HYUNDAI, indemnityOnly: true, kept: true },
            { ...DB, indemnityOnly: true, kept: false },
          ],
          duplicate: true,
          surplusMonthlyPremium: 18_900,
        },
        {
          insuredPerson: '김영희',
          contracts: [{ ...SAMSUNG_INDEMNITY, indemnityOnly: true, kept: true }],
          duplicate: false,
          surplusMonthlyPremium: 0,
        },
      ],
      surplusMonthlyPremium: 18_900,
      message: '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상).',
    },
    premiums: {
      monthly: { protection: 272_300, savings: 0, pension: 200_000, total: 472_300 },
      paidPremium: 48_808_700,
      remainingPremium: 46_303_300,
      contracts: [
        payments(KB, ContractPurposeCode.Protection, 44, 196, '2043-03-01'),
        payments(DB, ContractPurposeCode.Protection, 65, 175, '2041-06-01'),
        payments(PENSION, ContractPurposeCode.Pension, 83, 37, '2029-12-01'),
        payments(SAMSUNG_INDEMNITY, ContractPurposeCode.Protection, 91, 149, '2039-04-01'),
        payments(WHOLE_LIFE, ContractPurposeCode.Protection, 120, 120, '2036-11-01'),
        payments(HYUNDAI, ContractPurposeCode.Protection, 128, 112, '2036-03-01'),
        payments({ ...TERM, monthlyPremium: 48_000 }, ContractPurposeCode.Protection, 120, 0, '2015-12-01'),
      ],
      timeline: (
        [
          [2026, 472_300, 6],
          [2027, 5_667_600, 6],
          [2028, 5_667_600, 6],
          [2029, 5_667_600, 6],
          [2030, 3_267_600, 5],
          [2031, 3_267_600, 5],
          [2032, 3_267_600, 5],
          [2033, 3_267_600, 5],
          [2034, 3_267_600, 5],
          [2035, 3_267_600, 5],
          [2036, 2_907_000, 5],
          [2037, 1_186_800, 3],
          [2038, 1_186_800, 3],
          [2039, 1_066_800, 3],
          [2040, 1_006_800, 2],
          [2041, 893_400, 2],
          [2042, 780_000, 1],
          [2043, 195_000, 1],
        ] as const
      ).map(([year, premium, contracts]) => ({ year, premium, contracts })),
      income: {
        monthlyIncome: 4_000_000,
        percent: 11.8,
        references: [
          { label: '적정 보험료 수준(소득 대비)', percentFrom: 8, percentTo: 10, source: '금융소비자연맹, 2018', year: 2018 },
          { label: '가구 소득 대비 보험료 비중(평균)', percentFrom: 6.5, percentTo: null, source: '보험연구원, 2022', year: 2022 },
        ],
        guide: '참고용 지표이며, 적정 보험료는 가구의 상황에 따라 다릅니다.',
      },
    },
    coverByAge: { age: 41, categories: COVER_BY_AGE, shortfalls: [60, 70, 80].map(shortfallsAt) },
    renewals: {
      horizonYears: 10,
      items: [
        renewal(DB, true, ['실손의료비(입원)', '실손의료비(통원)'], 1, '2027-07-01', 10),
        renewal(HYUNDAI, true, ['실손의료비(입원)', '실손의료비(통원)'], 3, '2028-04-01', 3),
        renewal(SAMSUNG_INDEMNITY, true, ['실손의료비(입원)', '실손의료비(통원)'], 3, '2028-05-01', 3),
        renewal(KB, false, ['급성심근경색증진단비(갱신형)'], 3, '2029-04-01', 3),
        renewal(KB, false, ['질병수술비(갱신형)'], null, null, null),
      ],
      renewalsInHorizon: 19,
    },
  };
}

function payments(
  contract: ReturnType<typeof insightContract>,
  purpose: ContractPurposeCode,
  made: number,
  left: number,
  lastPaymentDate: string,
): CoverageInsightsDto['premiums']['contracts'][number] {
  const paidUp = left === 0;
  return {
    ...contract,
    monthlyPremium: paidUp ? 0 : contract.monthlyPremium,
    purpose,
    purposeLabel: {
      [ContractPurposeCode.Protection]: '보장성',
      [ContractPurposeCode.Savings]: '저축성',
      [ContractPurposeCode.Pension]: '연금',
    }[purpose],
    paidUp,
    paymentsMade: made,
    paymentsLeft: left,
    monthsPaid: made,
    monthsLeft: left,
    remainingPremium: left * contract.monthlyPremium,
    lastPaymentDate,
  };
}

function renewal(
  contract: ReturnType<typeof insightContract>,
  wholeContract: boolean,
  coverageNames: string[],
  cycleYears: number | null,
  nextRenewalDate: string | null,
  renewalsInHorizon: number | null,
): CoverageInsightsDto['renewals']['items'][number] {
  return { ...contract, wholeContract, coverageNames, cycleYears, nextRenewalDate, renewalsInHorizon };
}
