import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { CoverageStatusCode } from './coverage-analysis.dto.js';
import { CoverageUnit } from './coverage-insights.dto.js';
import { CoverageReportCategoryDto, CoverageReportCustomerDto } from './coverage-report.dto.js';

// The medical coverage analysis (POST /api/v1/medical-bojang/report/json; the PDF shows the same
// content): risk per disease group from the customer's check-ups, set against the coverage of the
// categories that pay for it. Rules: docs/decisions/medical-analysis.md and docs/sources/medical-risk-rules.md.

export enum RiskLevel {
  /** No check-up holds a measurement the group reads. */
  Unknown = 'UNKNOWN',
  Low = 'LOW',
  Moderate = 'MODERATE',
  High = 'HIGH',
}

export enum MeasurementTrend {
  Rising = 'RISING',
  Falling = 'FALLING',
  Stable = 'STABLE',
  /** Measured in one year only. */
  Single = 'SINGLE',
}

/** The 결과 통보서's judgement bands (CheckupBand). */
export enum MeasurementBand {
  NormalA = 'NORMAL_A',
  Borderline = 'NORMAL_B',
  DiseaseSuspected = 'DISEASE_SUSPECTED',
}

const VALUE: ApiPropertyOptions = {
  oneOf: [{ type: 'number' }, { type: 'string' }],
  description: 'A number for measured values; the 통보서 word for qualitative ones (요단백 `음성`)',
  example: 132,
};

export class MeasurementPointDto {
  @ApiProperty({ type: 'integer', example: 2024 })
  year!: number;

  @ApiProperty(VALUE)
  value!: number | string;

  @ApiProperty({ enum: MeasurementBand, enumName: 'MeasurementBand', nullable: true, example: MeasurementBand.Borderline })
  band!: MeasurementBand | null;
}

/** A measurement that drives a group's level: its latest value and band, and how it moved over the years. */
export class RiskDriverDto {
  @ApiProperty({ description: 'Measurement code of the check-up', example: 'SYSTOLIC_BP' })
  code!: string;

  @ApiProperty({ example: '수축기 혈압' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: 'mmHg' })
  unit!: string | null;

  @ApiProperty({ type: 'integer', description: 'Year of the latest check-up that measured it', example: 2025 })
  latestYear!: number;

  @ApiProperty(VALUE)
  latestValue!: number | string;

  @ApiProperty({ enum: MeasurementBand, enumName: 'MeasurementBand', nullable: true, example: MeasurementBand.Borderline })
  band!: MeasurementBand | null;

  @ApiProperty({ type: String, nullable: true, description: '정상A, 정상B(경계) or 질환의심', example: '정상B(경계)' })
  bandLabel!: string | null;

  @ApiProperty({ enum: MeasurementTrend, enumName: 'MeasurementTrend', example: MeasurementTrend.Rising })
  trend!: MeasurementTrend;

  @ApiProperty({ description: '상승, 하강, 유지 or 1회 측정', example: '상승' })
  trendLabel!: string;

  @ApiProperty({
    description: 'The series moves the way that is worse for this group (rising blood pressure, falling eGFR)',
    example: true,
  })
  worsening!: boolean;

  @ApiProperty({ description: 'What it adds to the group score: weight × (band points + worsening points)', example: 6 })
  points!: number;

  @ApiProperty({ type: [MeasurementPointDto], description: 'Every check-up that measured it, year ascending' })
  series!: MeasurementPointDto[];
}

const UNIT_LABEL = {
  description: 'The unit in Korean: 정액, 1일당, 연간 한도, 회당, 수술 1회당, 치아 1개당 or 사고당',
  example: '정액',
} as const;

/** One coverage of a category, as the analysis has it, with the unit its amounts are in. */
export class RiskCoverageDto {
  @ApiProperty({ example: '06_CVD' })
  code!: string;

  @ApiProperty({ example: '뇌혈관질환진단비' })
  name!: string;

  @ApiProperty({
    enum: CoverageUnit,
    enumName: 'CoverageUnit',
    description: 'What `held` and `recommended` are per',
    example: CoverageUnit.LumpSum,
  })
  unit!: CoverageUnit;

  @ApiProperty(UNIT_LABEL)
  unitLabel!: string;

  @ApiProperty({ description: 'Held amount (KRW, per `unit`)', example: 10_000_000 })
  held!: number;

  @ApiProperty({ description: 'Recommended amount (KRW, per `unit`)', example: 30_000_000 })
  recommended!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'held ÷ recommended in %, rounded to the nearest (never 100 when short of it, never 0 when something is held); null when nothing is recommended',
    example: 33,
  })
  heldPercent!: number | null;

  @ApiProperty({ enum: CoverageStatusCode, enumName: 'CoverageStatusCode', example: CoverageStatusCode.Bad })
  status!: CoverageStatusCode;

  @ApiProperty({ example: '부족' })
  statusLabel!: string;
}

/**
 * A coverage category that pays for a group's diseases. Its coverages' amounts are summed only when
 * they are all of one unit (뇌's diagnosis benefits are lump sums; 의료비 holds a yearly 실손 limit and
 * a per-visit one, which do not add up): otherwise the sums are null and each coverage stands alone.
 */
export class RiskCategoryCoverageDto {
  @ApiProperty({ example: '06' })
  categoryCode!: string;

  @ApiProperty({ example: '뇌' })
  categoryName!: string;

  @ApiProperty({ description: 'The category most specific to the group (the rules list it first)', example: true })
  primary!: boolean;

  @ApiProperty({
    enum: CoverageUnit,
    enumName: 'CoverageUnit',
    nullable: true,
    description: 'The unit every coverage of the category is in; null when they differ or the analysis has none of them',
    example: CoverageUnit.LumpSum,
  })
  unit!: CoverageUnit | null;

  @ApiProperty({ type: String, nullable: true, description: 'The label of `unit`', example: '정액' })
  unitLabel!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Σ held over the category’s coverages (KRW, per `unit`); null without a `unit`',
    example: 10_000_000,
  })
  held!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Σ recommended (KRW, per `unit`); null without a `unit`', example: 60_000_000 })
  recommended!: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'held ÷ recommended in %, rounded as the coverages’ are; null without a `unit` or when nothing is recommended',
    example: 17,
  })
  heldPercent!: number | null;

  @ApiProperty({
    enum: CoverageStatusCode,
    enumName: 'CoverageStatusCode',
    nullable: true,
    description: 'The worst status among the category’s coverages; null when the analysis has none of them',
    example: CoverageStatusCode.Bad,
  })
  status!: CoverageStatusCode | null;

  @ApiProperty({ type: String, nullable: true, example: '부족' })
  statusLabel!: string | null;

  @ApiProperty({ type: [RiskCoverageDto] })
  coverages!: RiskCoverageDto[];
}

export class RiskGroupDto {
  @ApiProperty({ example: 'CEREBROVASCULAR' })
  code!: string;

  @ApiProperty({ example: '뇌혈관질환' })
  name!: string;

  @ApiProperty({ enum: RiskLevel, enumName: 'RiskLevel', example: RiskLevel.Moderate })
  level!: RiskLevel;

  @ApiProperty({ description: '낮음, 주의, 높음 or 판정 불가', example: '주의' })
  levelLabel!: string;

  @ApiProperty({ description: 'Colour of the level (#RRGGBB)', example: '#F0A202' })
  levelColor!: string;

  @ApiProperty({ description: 'Σ driver points + age points', example: 7 })
  score!: number;

  @ApiProperty({ description: 'Points for the customer’s age', example: 0 })
  agePoints!: number;

  @ApiProperty({ type: [RiskDriverDto], description: 'Measurements the group reads that the check-ups hold, the rules’ order' })
  drivers!: RiskDriverDto[];

  @ApiProperty({ type: [RiskCategoryCoverageDto], description: 'The categories that pay for the group, the most specific first' })
  coverage!: RiskCategoryCoverageDto[];
}

/** A disease group that makes a coverage gap a risk: its level, and the measurements that raised it. */
export class OpenRiskGroupDto {
  @ApiProperty({ example: 'CEREBROVASCULAR' })
  code!: string;

  @ApiProperty({ example: '뇌혈관질환' })
  name!: string;

  @ApiProperty({ enum: RiskLevel, enumName: 'RiskLevel', example: RiskLevel.High })
  level!: RiskLevel;

  @ApiProperty({ example: '높음' })
  levelLabel!: string;

  @ApiProperty({ description: 'The category is the group’s own (the rules list it first), not one of the general ones', example: true })
  primary!: boolean;

  @ApiProperty({
    type: [String],
    description: 'Names of the measurements that raised the level; empty when age alone did',
    example: ['수축기 혈압'],
  })
  drivenBy!: string[];
}

/**
 * A coverage gap: a category whose coverage is bad or normal and that pays for one or more elevated
 * disease groups (MODERATE or HIGH), listed once with every group that makes it a risk.
 */
export class OpenRiskDto {
  @ApiProperty({ type: 'integer', description: '1 is the most urgent', example: 1 })
  rank!: number;

  @ApiProperty({ example: '06' })
  categoryCode!: string;

  @ApiProperty({ example: '뇌' })
  categoryName!: string;

  @ApiProperty({
    enum: CoverageStatusCode,
    enumName: 'CoverageStatusCode',
    description: 'The category’s status (the worst of its coverages)',
    example: CoverageStatusCode.Bad,
  })
  status!: CoverageStatusCode;

  @ApiProperty({ example: '부족' })
  statusLabel!: string;

  @ApiProperty({ enum: RiskLevel, enumName: 'RiskLevel', description: 'The highest level among `groups`', example: RiskLevel.High })
  level!: RiskLevel;

  @ApiProperty({ example: '높음' })
  levelLabel!: string;

  @ApiProperty({ type: [OpenRiskGroupDto], description: 'The elevated groups the category pays for, the most urgent first' })
  groups!: OpenRiskGroupDto[];

  @ApiProperty({
    type: [RiskCoverageDto],
    description: 'The category’s coverages that are bad or normal (the gap), each with its own amounts and unit; never summed',
  })
  coverages!: RiskCoverageDto[];
}

/** What buildMedicalAnalysis computes. */
export class MedicalAnalysisDto {
  @ApiProperty({ description: 'Version of the risk rules used', example: '2026.11' })
  ruleVersion!: string;

  @ApiProperty({ type: [Number], description: 'Years of the check-ups read, ascending', example: [2021, 2023, 2025] })
  checkupYears!: number[];

  @ApiProperty({ type: [RiskGroupDto] })
  groups!: RiskGroupDto[];

  @ApiProperty({
    type: [OpenRiskDto],
    description:
      'One per category gap, most urgent first: by its most urgent group, HIGH before MODERATE, bad before normal, the group’s own category first, the least held coverage first',
  })
  openRisks!: OpenRiskDto[];
}

export class RiskMatrixCellDto {
  @ApiProperty({ example: '06' })
  categoryCode!: string;

  @ApiProperty({ description: 'Whether the category pays for the group', example: true })
  related!: boolean;

  @ApiProperty({
    enum: CoverageStatusCode,
    enumName: 'CoverageStatusCode',
    nullable: true,
    description: 'null when unrelated or not analysed',
    example: CoverageStatusCode.Bad,
  })
  status!: CoverageStatusCode | null;

  @ApiProperty({ description: 'An open risk: related, the level elevated and the status bad or normal', example: true })
  open!: boolean;
}

export class RiskMatrixRowDto {
  @ApiProperty({ example: 'CEREBROVASCULAR' })
  groupCode!: string;

  @ApiProperty({ example: '뇌혈관질환' })
  groupName!: string;

  @ApiProperty({ enum: RiskLevel, enumName: 'RiskLevel', example: RiskLevel.High })
  level!: RiskLevel;

  @ApiProperty({ type: [RiskMatrixCellDto], description: 'One cell per matrix category, in its order' })
  cells!: RiskMatrixCellDto[];
}

export class RiskMatrixCategoryDto {
  @ApiProperty({ example: '06' })
  code!: string;

  @ApiProperty({ example: '뇌' })
  name!: string;
}

/** Disease groups (rows) against coverage categories (columns). */
export class RiskMatrixDto {
  @ApiProperty({ type: [RiskMatrixCategoryDto], description: 'Every category some group reads, in catalogue order' })
  categories!: RiskMatrixCategoryDto[];

  @ApiProperty({ type: [RiskMatrixRowDto] })
  rows!: RiskMatrixRowDto[];
}

export class ChartBandDto {
  @ApiProperty({ enum: MeasurementBand, enumName: 'MeasurementBand', example: MeasurementBand.NormalA })
  band!: MeasurementBand;

  @ApiProperty({ type: Number, nullable: true, description: 'Inclusive lower bound; null: open', example: null })
  from!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Exclusive upper bound; null: open', example: 120 })
  to!: number | null;
}

/** One numeric measurement over the years, with the judgement bands shaded behind it. */
export class TrendChartDto {
  @ApiProperty({ example: 'SYSTOLIC_BP' })
  code!: string;

  @ApiProperty({ example: '수축기 혈압' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: 'mmHg' })
  unit!: string | null;

  @ApiProperty({ type: [MeasurementPointDto] })
  series!: MeasurementPointDto[];

  @ApiProperty({
    type: [ChartBandDto],
    description: 'The bands for the customer’s gender (for shading only; each point carries its own band)',
  })
  bands!: ChartBandDto[];
}

export enum MedicalAnalysisSource {
  /** The payload sent with set-analysis for this seq. */
  SetAnalysis = 'SET_ANALYSIS',
  /** No set-analysis for this seq: the analysis as it was stored. */
  StoredAnalysis = 'STORED_ANALYSIS',
}

export class MedicalReportCheckupsDto {
  @ApiProperty({ type: 'integer', example: 5 })
  count!: number;

  @ApiProperty({ type: [Number], example: [2017, 2019, 2021, 2023, 2025] })
  years!: number[];

  @ApiProperty({ type: String, nullable: true, description: 'YYYY-MM-DD of the latest check-up', example: '2025-10-14' })
  latestExaminedOn!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Set when there is no check-up: the sentence the report shows instead of the risk model',
    example: null,
  })
  notice!: string | null;
}

/** The medical coverage analysis report, as JSON. */
export class MedicalReportDto {
  @ApiProperty({ example: '건강검진 연계 보장분석 리포트' })
  title!: string;

  @ApiProperty({ format: 'uuid', example: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b' })
  seq!: string;

  @ApiProperty({ description: 'The coverage analysis’s date, YYYY-MM-DD', example: '2026-11-21' })
  inquiryDate!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-21T09:32:00.000Z' })
  generatedAt!: string;

  @ApiProperty({ type: CoverageReportCustomerDto })
  customer!: CoverageReportCustomerDto;

  @ApiProperty({ enum: MedicalAnalysisSource, enumName: 'MedicalAnalysisSource', example: MedicalAnalysisSource.SetAnalysis })
  analysisSource!: MedicalAnalysisSource;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the set-analysis payload was received',
    example: '2026-11-21T09:31:00.000Z',
  })
  analysisReceivedAt!: string | null;

  @ApiProperty({ type: MedicalReportCheckupsDto })
  checkups!: MedicalReportCheckupsDto;

  @ApiProperty({ description: 'Version of the risk rules used', example: '2026.11' })
  ruleVersion!: string;

  @ApiProperty({ type: [OpenRiskDto], description: 'The coverage gaps, one per category, shown first; empty without check-ups' })
  openRisks!: OpenRiskDto[];

  @ApiProperty({ type: RiskMatrixDto })
  matrix!: RiskMatrixDto;

  @ApiProperty({ type: [RiskGroupDto] })
  groups!: RiskGroupDto[];

  @ApiProperty({
    type: [TrendChartDto],
    description: 'One per numeric measurement the rules read that the check-ups hold; empty without check-ups',
  })
  charts!: TrendChartDto[];

  @ApiProperty({
    type: [CoverageReportCategoryDto],
    description: 'The analysis’s coverages by category, as the coverage report shows them',
  })
  coverageTable!: CoverageReportCategoryDto[];
}
