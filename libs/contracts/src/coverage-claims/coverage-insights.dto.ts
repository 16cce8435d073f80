import { ApiProperty } from '@nestjs/swagger';

// The coverage analysis' insights: what the spec's payload cannot say, computed from the same
// contracts and answered beside it (`{ seq, analysis, insights }`), never inside it. Rules, figures
// and their sources: docs/decisions/coverage-insights.md.

/** What a coverage's amount is per: a lump sum adds across contracts, a daily or per-visit amount is a rate. */
export enum CoverageUnit {
  /** 정액: paid once, on the event (death, diagnosis, disability). */
  LumpSum = 'LUMP_SUM',
  /** 1일당: per day (in hospital, with a carer). */
  PerDay = 'PER_DAY',
  /** 연간 한도: a yearly limit of costs reimbursed (실손 inpatient). */
  PerYear = 'PER_YEAR',
  /** 회당: per visit (실손 outpatient). */
  PerVisit = 'PER_VISIT',
  /** 수술 1회당: per operation. */
  PerOperation = 'PER_OPERATION',
  /** 치아 1개당: per tooth treated. */
  PerTooth = 'PER_TOOTH',
  /** 사고당: per accident (fines, legal costs, liability). */
  PerAccident = 'PER_ACCIDENT',
}

export const COVERAGE_UNIT_LABELS: Readonly<Record<CoverageUnit, string>> = {
  [CoverageUnit.LumpSum]: '정액',
  [CoverageUnit.PerDay]: '1일당',
  [CoverageUnit.PerYear]: '연간 한도',
  [CoverageUnit.PerVisit]: '회당',
  [CoverageUnit.PerOperation]: '수술 1회당',
  [CoverageUnit.PerTooth]: '치아 1개당',
  [CoverageUnit.PerAccident]: '사고당',
};

/** What a contract's premium buys (the contracts library does not import the port: the same words). */
export enum ContractPurposeCode {
  Protection = 'PROTECTION',
  Savings = 'SAVINGS',
  Pension = 'PENSION',
}

const UNIT = { enum: CoverageUnit, enumName: 'CoverageUnit', example: CoverageUnit.LumpSum } as const;
const UNIT_LABEL = {
  description: 'The unit in Korean: 정액, 1일당, 연간 한도, 회당, 수술 1회당, 치아 1개당 or 사고당',
  example: '정액',
} as const;
const CONTRACT_ID = {
  type: 'integer',
  description: "The contract's `contract_id` in the analysis: its position in `analysis.contracts`, from 1",
  example: 2,
} as const;

/** A contract an insight speaks of, as the analysis lists it. */
export class InsightContractDto {
  @ApiProperty(CONTRACT_ID)
  contractId!: number;

  @ApiProperty({ example: '삼성화재' })
  insurerName!: string;

  @ApiProperty({ example: '삼성화재 실손의료비보험' })
  productName!: string;

  @ApiProperty({ description: 'As the source names them (in clear, as in the analysis; reports mask it)', example: '홍길동' })
  insuredPerson!: string;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '2016-04-01' })
  startDate!: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'What the contract costs a month now (KRW): the per-payment premium over the months between payments; 0 once paid up, and for a lump sum; null when the source gives no payment cycle or number of payments (a 실손-only contract from CODEF): what it costs is not known',
    example: 23_400,
  })
  monthlyPremium!: number | null;
}

export class IndemnityContractDto extends InsightContractDto {
  @ApiProperty({
    description:
      'Every coverage of the contract is 실손의료비, so its whole premium is for that cover; false for a contract with 실손 beside other cover (its premium is not counted as surplus)',
    example: true,
  })
  indemnityOnly!: boolean;

  @ApiProperty({
    description: 'The contract kept when counting the surplus: the one that began first (older 실손 generations pay more of a bill)',
    example: true,
  })
  kept!: boolean;
}

/** One insured person's 실손 (indemnity) contracts in force. */
export class IndemnityPersonDto {
  @ApiProperty({ example: '홍길동' })
  insuredPerson!: string;

  @ApiProperty({
    type: [IndemnityContractDto],
    description: 'Active contracts with 실손의료비 cover for this person, the first begun first',
  })
  contracts!: IndemnityContractDto[];

  @ApiProperty({ description: 'More than one: the surplus contracts pay nothing the first would not (비례보상)', example: true })
  duplicate!: boolean;

  @ApiProperty({
    description: 'Monthly premium of the surplus, 실손-only contracts (every one but the kept one) (KRW), of those whose premium is known',
    example: 18_900,
  })
  surplusMonthlyPremium!: number;
}

/** Duplicate 실손: indemnity pays a bill once, however many contracts cover it. */
export class IndemnityInsightDto {
  @ApiProperty({ description: 'Some insured person holds more than one 실손 contract in force', example: true })
  duplicated!: boolean;

  @ApiProperty({ type: [IndemnityPersonDto], description: 'Every insured person with a 실손 contract in force, the customer first' })
  people!: IndemnityPersonDto[];

  @ApiProperty({ description: 'Sum of the people’s surplus monthly premium (KRW)', example: 18_900 })
  surplusMonthlyPremium!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The explanation, in Korean, when duplicated; null otherwise',
    example: '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상).',
  })
  message!: string | null;
}

/** Monthly premium by what it buys (KRW): the contracts still being paid. */
export class PremiumSplitDto {
  @ApiProperty({ description: '보장성', example: 248_000 })
  protection!: number;

  @ApiProperty({ description: '저축성', example: 0 })
  savings!: number;

  @ApiProperty({ description: '연금', example: 64_400 })
  pension!: number;

  @ApiProperty({ description: 'protection + savings + pension: the analysis’ `premium`', example: 312_400 })
  total!: number;
}

/** One active contract's payments. */
export class PremiumContractDto extends InsightContractDto {
  @ApiProperty({ enum: ContractPurposeCode, enumName: 'ContractPurposeCode', example: ContractPurposeCode.Protection })
  purpose!: ContractPurposeCode;

  @ApiProperty({ description: '보장성, 저축성 or 연금', example: '보장성' })
  purposeLabel!: string;

  @ApiProperty({ description: 'Paid up (납입완료): nothing more to pay, still in force', example: false })
  paidUp!: boolean;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Payments made up to the inquiry date; null when the cycle or count is unknown',
    example: 120,
  })
  paymentsMade!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Payments still due; null when unknown', example: 120 })
  paymentsLeft!: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Months of the payment period already paid; null when unknown',
    example: 120,
  })
  monthsPaid!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Months of the payment period left; null when unknown', example: 120 })
  monthsLeft!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Premium still to pay until the payment period ends (KRW); null when unknown',
    example: 10_020_000,
  })
  remainingPremium!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'YYYY-MM-DD of the last payment; null when unknown', example: '2036-03-01' })
  lastPaymentDate!: string | null;
}

/** What the customer pays in one calendar year. */
export class PremiumYearDto {
  @ApiProperty({ type: 'integer', example: 2027 })
  year!: number;

  @ApiProperty({ description: 'Premiums falling due that year (KRW)', example: 3_748_800 })
  premium!: number;

  @ApiProperty({ type: 'integer', description: 'Contracts with a payment due that year', example: 6 })
  contracts!: number;
}

/** A published figure the income share is compared with. */
export class IncomeShareReferenceDto {
  @ApiProperty({ description: 'What the figure is, in Korean', example: '적정 보험료 수준(소득 대비)' })
  label!: string;

  @ApiProperty({ description: 'Percent of income, lower end', example: 8 })
  percentFrom!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Percent of income, upper end; null for a single figure', example: 10 })
  percentTo!: number | null;

  @ApiProperty({ description: 'Who published it, and where', example: '금융소비자연맹, 2018' })
  source!: string;

  @ApiProperty({ type: 'integer', example: 2018 })
  year!: number;
}

/** The monthly premium against the monthly income the planner gave: a guide, not a rule. */
export class IncomeShareDto {
  @ApiProperty({ description: 'As given in the request (KRW a month)', example: 4_000_000 })
  monthlyIncome!: number;

  @ApiProperty({ description: 'Monthly premium ÷ income, in percent, one decimal', example: 7.8 })
  percent!: number;

  @ApiProperty({ type: [IncomeShareReferenceDto] })
  references!: IncomeShareReferenceDto[];

  @ApiProperty({
    description: 'That the references are a guide, in Korean',
    example: '참고용 지표이며, 적정 보험료는 가구의 상황에 따라 다릅니다.',
  })
  guide!: string;
}

/** Premium burden: what is paid a month, by purpose; what has been paid and what is left, year by year. */
export class PremiumBurdenDto {
  @ApiProperty({ type: PremiumSplitDto })
  monthly!: PremiumSplitDto;

  @ApiProperty({
    description: 'Paid up to the inquiry date over the active contracts (KRW): the analysis’ `paid_premium`',
    example: 28_450_000,
  })
  paidPremium!: number;

  @ApiProperty({
    description: 'Still to pay until each contract’s payment period ends (KRW): the analysis’ `future_premium`',
    example: 35_750_000,
  })
  remainingPremium!: number;

  @ApiProperty({ type: [PremiumContractDto], description: 'Every active contract, in the analysis’ order' })
  contracts!: PremiumContractDto[];

  @ApiProperty({ type: [PremiumYearDto], description: 'From the inquiry year (what is still due in it) to the year of the last payment' })
  timeline!: PremiumYearDto[];

  @ApiProperty({ type: IncomeShareDto, nullable: true, description: 'Only when the request gave `monthlyIncome`' })
  income!: IncomeShareDto | null;
}

/** From this age on (until the next step), the coverage holds this amount. */
export class CoverStepDto {
  @ApiProperty({ type: 'integer', description: 'Age in full years', example: 65 })
  age!: number;

  @ApiProperty({ description: 'YYYY-MM-DD: the day it changes (the first step: the inquiry date)', example: '2050-07-05' })
  date!: string;

  @ApiProperty({ description: 'Held (KRW, in the coverage’s unit)', example: 0 })
  amount!: number;
}

/** A catalogue coverage an insight speaks of, with what its amounts are per. */
export class InsightCoverageDto {
  @ApiProperty({ example: '05_GEN' })
  code!: string;

  @ApiProperty({ example: '일반암진단비' })
  name!: string;

  @ApiProperty(UNIT)
  unit!: CoverageUnit;

  @ApiProperty(UNIT_LABEL)
  unitLabel!: string;
}

export class CoverByAgeCoverageDto extends InsightCoverageDto {
  @ApiProperty({
    type: [CoverStepDto],
    description:
      'The amount now, then at each age where it changes (a rider or contract ends; 종신 never; a change before the next birthday is at the current age): dates increase, amounts change; at least one step',
  })
  steps!: CoverStepDto[];
}

export class CoverByAgeCategoryDto {
  @ApiProperty({ description: 'Two digits', example: '05' })
  code!: string;

  @ApiProperty({ example: '암' })
  name!: string;

  @ApiProperty({
    type: [CoverByAgeCoverageDto],
    description: 'Its catalogue coverages the customer holds or is recommended, in catalogue order',
  })
  coverages!: CoverByAgeCoverageDto[];
}

export class ShortfallCoverageDto extends InsightCoverageDto {
  @ApiProperty({ description: 'Held at that age (KRW)', example: 0 })
  held!: number;

  @ApiProperty({ description: 'Recommended at that age (KRW)', example: 20_000_000 })
  recommended!: number;
}

export class ShortfallCategoryDto {
  @ApiProperty({ example: '05' })
  code!: string;

  @ApiProperty({ example: '암' })
  name!: string;

  @ApiProperty({ type: [ShortfallCoverageDto] })
  coverages!: ShortfallCoverageDto[];
}

/** The categories below the recommendation at a later age. */
export class ShortfallAtAgeDto {
  @ApiProperty({ type: 'integer', description: '60, 70 or 80 (only ages still ahead)', example: 70 })
  age!: number;

  @ApiProperty({
    type: [ShortfallCategoryDto],
    description: 'Categories with a coverage held below its recommendation at that age, in catalogue order',
  })
  categories!: ShortfallCategoryDto[];
}

/** Cover by age: the held amount now and at each later age where it changes, per category. */
export class CoverByAgeDto {
  @ApiProperty({ type: 'integer', description: 'The customer’s age at the inquiry date', example: 41 })
  age!: number;

  @ApiProperty({ type: [CoverByAgeCategoryDto], description: 'In catalogue order' })
  categories!: CoverByAgeCategoryDto[];

  @ApiProperty({ type: [ShortfallAtAgeDto] })
  shortfalls!: ShortfallAtAgeDto[];
}

/** A renewal-type (갱신형) contract, or the renewing coverages of one, with a cycle. */
export class RenewalDto extends InsightContractDto {
  @ApiProperty({ description: 'Every coverage of the contract renews (a 갱신형 contract such as 실손), not only riders', example: false })
  wholeContract!: boolean;

  @ApiProperty({ type: [String], description: 'The coverages that renew on this cycle', example: ['암진단비(갱신형)'] })
  coverageNames!: string[];

  @ApiProperty({ type: 'integer', nullable: true, description: 'Years between renewals; null when the source does not say', example: 3 })
  cycleYears!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'YYYY-MM-DD of the next renewal after the inquiry date; null when the cycle is unknown or the cover ends first',
    example: '2028-04-01',
  })
  nextRenewalDate!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Renewals within the horizon (before the coverage ends); null when the cycle is unknown',
    example: 4,
  })
  renewalsInHorizon!: number | null;
}

/** Renewals ahead: 갱신형 cover whose premium will be recalculated. */
export class RenewalsInsightDto {
  @ApiProperty({ type: 'integer', description: 'Years ahead counted', example: 10 })
  horizonYears!: number;

  @ApiProperty({ type: [RenewalDto], description: 'Soonest first; unknown cycles last' })
  items!: RenewalDto[];

  @ApiProperty({ type: 'integer', description: 'Renewals within the horizon, over every item with a known cycle', example: 7 })
  renewalsInHorizon!: number;
}

/** `insights` of `{ seq, analysis, insights }`. */
export class CoverageInsightsDto {
  @ApiProperty({ description: 'The version of the rules and figures used (docs/decisions/coverage-insights.md)', example: '2026.11' })
  version!: string;

  @ApiProperty({ type: IndemnityInsightDto })
  indemnity!: IndemnityInsightDto;

  @ApiProperty({ type: PremiumBurdenDto })
  premiums!: PremiumBurdenDto;

  @ApiProperty({ type: CoverByAgeDto })
  coverByAge!: CoverByAgeDto;

  @ApiProperty({ type: RenewalsInsightDto })
  renewals!: RenewalsInsightDto;
}
