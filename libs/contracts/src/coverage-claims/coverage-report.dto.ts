import { ApiProperty } from '@nestjs/swagger';
import { CoverageStatusCode } from './coverage-analysis.dto.js';
import { CoverageInsightsDto } from './coverage-insights.dto.js';

// The coverage analysis report (POST /api/v1/coverage/analyses/{seq}/report with Accept:
// application/json): the content the PDF shows, as data. Amounts are KRW numbers; the PDF formats
// them. Rules: docs/decisions/coverage-analysis.md, "Report".

/** The customer as the report shows them: name and phone masked. */
export class CoverageReportCustomerDto {
  @ApiProperty({ description: 'Masked: first and last character kept', example: '홍*동' })
  name!: string;

  @ApiProperty({ description: 'Masked: prefix and last four digits kept', example: '010-****-5678' })
  phone!: string;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '1985-03-15' })
  birthDate!: string;

  @ApiProperty({ description: 'M or F', example: 'M' })
  gender!: string;

  @ApiProperty({ description: '남 (M) or 여 (F)', example: '남' })
  genderLabel!: string;

  @ApiProperty({ type: 'integer', description: 'Age in full years at the inquiry date', example: 41 })
  age!: number;

  @ApiProperty({ type: 'integer', description: 'Insurance age (보험나이) at the inquiry date', example: 42 })
  insuranceAge!: number;
}

/** What a status means and how the report shows it. */
export class CoverageReportStatusDto {
  @ApiProperty({ enum: CoverageStatusCode, enumName: 'CoverageStatusCode', example: CoverageStatusCode.Bad })
  status!: CoverageStatusCode;

  @ApiProperty({ description: '부족, 보통 or 적절', example: '부족' })
  label!: string;

  @ApiProperty({ description: 'Colour of the status (#RRGGBB): red, amber, green', example: '#C62828' })
  color!: string;

  @ApiProperty({ description: 'The rule, in Korean', example: '권장금액의 50% 미만' })
  description!: string;

  @ApiProperty({ type: 'integer', description: 'How many coverages of the report have this status', example: 2 })
  count!: number;
}

/** One catalogue coverage: held against recommended. */
export class CoverageReportCoverageDto {
  @ApiProperty({ example: '05_GEN' })
  code!: string;

  @ApiProperty({ example: '일반암진단비' })
  name!: string;

  @ApiProperty({ description: 'Held amount (KRW), over active contracts', example: 30_000_000 })
  held!: number;

  @ApiProperty({ description: 'Recommended amount (KRW)', example: 50_000_000 })
  recommended!: number;

  @ApiProperty({ description: 'Upper-limit amount (KRW)', example: 100_000_000 })
  limit!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Held as a percentage of recommended, rounded to the nearest (2,000만 of 3,000만 is 67), but never 100 when short of it nor 0 when something is held; null when nothing is recommended',
    example: 60,
  })
  heldPercent!: number | null;

  @ApiProperty({ enum: CoverageStatusCode, enumName: 'CoverageStatusCode', example: CoverageStatusCode.Normal })
  status!: CoverageStatusCode;

  @ApiProperty({ description: '부족, 보통 or 적절', example: '보통' })
  statusLabel!: string;

  @ApiProperty({ description: 'Colour of the status (#RRGGBB)', example: '#F0A202' })
  statusColor!: string;
}

/** A coverage category (사망, 암, …) and its coverages, in catalogue order. */
export class CoverageReportCategoryDto {
  @ApiProperty({ description: 'Two digits', example: '05' })
  code!: string;

  @ApiProperty({ example: '암' })
  name!: string;

  @ApiProperty({ type: [CoverageReportCoverageDto] })
  coverages!: CoverageReportCoverageDto[];
}

/** One contract, as the contracts table shows it. */
export class CoverageReportContractDto {
  @ApiProperty({ type: 'integer', description: "Position in the analysis's contracts (1-based): active first, newest first", example: 1 })
  number!: number;

  @ApiProperty({ example: '삼성화재' })
  insurerName!: string;

  @ApiProperty({ example: '삼성화재 무배당 건강보험' })
  productName!: string;

  @ApiProperty({ description: '생명보험 or 손해보험', example: '손해보험' })
  type!: string;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '2019-03-15' })
  startDate!: string;

  @ApiProperty({ description: 'YYYY-MM-DD; 9999-12-31 for cover for life (종신), which the PDF writes as 종신', example: '2079-03-15' })
  endDate!: string;

  @ApiProperty({ description: '정상, 실효, 만기 or 해지', example: '정상' })
  state!: string;

  @ApiProperty({ description: 'In force (정상): only these count in held amounts and premiums', example: true })
  active!: boolean;

  @ApiProperty({ description: 'Premium per payment (KRW)', example: 83_500 })
  premium!: number;

  @ApiProperty({ type: String, nullable: true, description: '월납, 3개월납, 6개월납, 연납 or 일시납; null when unknown', example: '월납' })
  paymentCycle!: string | null;

  @ApiProperty({ type: 'integer', description: 'Payment period in years (0 for a lump sum)', example: 20 })
  paymentPeriodYears!: number;
}

/** Why an active contract adds nothing to the monthly premium. */
export enum PremiumExclusionReason {
  /** 납입완료: every payment has been made; the contract stays in force. */
  PaidUp = 'PAID_UP',
  /** 일시납: paid once, at the start. */
  LumpSum = 'LUMP_SUM',
  /** The source gives no payment cycle or no number of payments, so what is due cannot be counted. */
  PaymentsUnknown = 'PAYMENTS_UNKNOWN',
}

export const PREMIUM_EXCLUSION_LABELS: Readonly<Record<PremiumExclusionReason, string>> = {
  [PremiumExclusionReason.PaidUp]: '납입완료',
  [PremiumExclusionReason.LumpSum]: '일시납',
  [PremiumExclusionReason.PaymentsUnknown]: '납입 정보 없음',
};

/** An active contract the monthly premium leaves out, and why. */
export class CoverageReportExcludedContractDto {
  @ApiProperty({ type: 'integer', description: 'The contract’s `number` in `contracts`', example: 2 })
  number!: number;

  @ApiProperty({ example: '삼성생명' })
  insurerName!: string;

  @ApiProperty({ example: '삼성생명 무배당 종신보험' })
  productName!: string;

  @ApiProperty({ enum: PremiumExclusionReason, enumName: 'PremiumExclusionReason', example: PremiumExclusionReason.PaidUp })
  reason!: PremiumExclusionReason;

  @ApiProperty({ description: '납입완료, 일시납 or 납입 정보 없음', example: '납입완료' })
  reasonLabel!: string;
}

/** Premiums of the active contracts. */
export class CoverageReportPremiumsDto {
  @ApiProperty({ description: 'What the customer pays a month now (KRW); the contracts in `excluded` add nothing to it', example: 312_400 })
  monthly!: number;

  @ApiProperty({ description: 'Paid up to the inquiry date (KRW)', example: 28_450_000 })
  paid!: number;

  @ApiProperty({ description: 'Still due after the inquiry date (KRW)', example: 35_750_000 })
  future!: number;

  @ApiProperty({ description: 'paid + future (KRW)', example: 64_200_000 })
  total!: number;

  @ApiProperty({
    type: [CoverageReportExcludedContractDto],
    description:
      'Active contracts left out of `monthly`, in the order of `contracts`: paid up, paid in a lump sum, or without a known payment cycle or number of payments (these last add nothing to `paid` and `future` either)',
  })
  excluded!: CoverageReportExcludedContractDto[];
}

export class CoverageReportDto {
  @ApiProperty({ example: '보장분석 리포트' })
  title!: string;

  @ApiProperty({ description: 'The analysis date, YYYY-MM-DD', example: '2026-11-21' })
  inquiryDate!: string;

  @ApiProperty({ format: 'date-time', description: 'When the report was made', example: '2026-11-21T09:30:00.000Z' })
  generatedAt!: string;

  @ApiProperty({ type: CoverageReportCustomerDto })
  customer!: CoverageReportCustomerDto;

  @ApiProperty({ type: 'integer', description: 'Number of coverages analysed', example: 27 })
  coverageCount!: number;

  @ApiProperty({ type: [CoverageReportStatusDto], description: 'The three statuses, 부족 first, with their colours, rules and counts' })
  statuses!: CoverageReportStatusDto[];

  @ApiProperty({ type: [CoverageReportCategoryDto], description: 'Coverages grouped by category, in catalogue order' })
  categories!: CoverageReportCategoryDto[];

  @ApiProperty({ type: 'integer', description: 'Contracts in force (정상)', example: 6 })
  activeContractCount!: number;

  @ApiProperty({ type: [CoverageReportContractDto], description: 'Every contract: active first, then newest first' })
  contracts!: CoverageReportContractDto[];

  @ApiProperty({ type: CoverageReportPremiumsDto })
  premiums!: CoverageReportPremiumsDto;

  @ApiProperty({
    type: CoverageInsightsDto,
    nullable: true,
    description:
      'The analysis’ insights as the PDF shows them (insured persons’ names masked); null for an analysis stored before insights existed',
  })
  insights!: CoverageInsightsDto | null;
}
