import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

// The spec's "Coverage analysis payload", field for field and spelled as the spec spells it
// (snake_case, `insuAge`, `comapny_code`, `intial`). Rules: docs/coverage-analysis.md.

export enum CoverageStatusCode {
  Bad = 'bad',
  Normal = 'normal',
  Good = 'good',
}

/** The label paired with each status code (spec): 부족, 보통, 적절. */
export const COVERAGE_STATUS_NAMES: Readonly<Record<CoverageStatusCode, string>> = {
  [CoverageStatusCode.Bad]: '부족',
  [CoverageStatusCode.Normal]: '보통',
  [CoverageStatusCode.Good]: '적절',
};

/** One catalogue coverage: what is recommended for the customer's age band and gender against what they hold. */
export class AnalysisCoverageDto {
  @ApiProperty({ description: 'Two digits', example: '05' })
  category_code!: string;

  @ApiProperty({ example: '암' })
  category_name!: string;

  @ApiProperty({ description: '`<category_code>_<three characters>`', example: '05_GEN' })
  coverage_code!: string;

  @ApiProperty({ example: '일반암진단비' })
  coverage_name!: string;

  @ApiProperty({ description: 'Recommended amount (KRW)', example: 50_000_000 })
  recommend!: number;

  @ApiProperty({ description: 'Upper-limit amount (KRW)', example: 100_000_000 })
  limit!: number;

  @ApiProperty({ description: 'Held amount (KRW): sum over active contracts', example: 30_000_000 })
  amount!: number;

  @ApiProperty({ enum: CoverageStatusCode, enumName: 'CoverageStatusCode', example: CoverageStatusCode.Normal })
  status_code!: CoverageStatusCode;

  @ApiProperty({ description: '부족 (bad), 보통 (normal) or 적절 (good)', example: '보통' })
  status_name!: string;
}

/** One coverage of a contract, named as the insurer names it. */
export class ContractCoverageDto {
  @ApiProperty({ description: "The insurer's own name of the coverage", example: '일반암진단비Ⅱ' })
  coverage_name!: string;

  @ApiPropertyOptional({ description: 'Catalogue coverage code; absent when the name maps to none', example: '05_GEN' })
  coverage_code?: string;

  @ApiProperty({ description: 'Amount (KRW); may be fractional', example: 30_000_000 })
  amount!: number;

  @ApiProperty({ type: 'integer', description: "The contract's position in `contracts` (1-based)", example: 1 })
  contract_id!: number;

  @ApiProperty({ type: 'integer', description: "The customer's number", example: 1042 })
  customer_id!: number;

  @ApiProperty({ type: 'integer', description: "The coverage's position in its contract (1-based)", example: 1 })
  number!: number;

  @ApiProperty({ format: 'date-time', description: 'When the contract data was retrieved', example: '2026-11-21T09:30:00.000Z' })
  create_time!: string;
}

/** The insurer of a contract. `agency_*` carry an external rating agency's code and name (empty when unknown). */
export class ContractCompanyDto {
  @ApiProperty({ example: 'N01' })
  code!: string;

  @ApiProperty({ example: '삼성화재' })
  name!: string;

  @ApiProperty({ example: '' })
  agency_code!: string;

  @ApiProperty({ example: '' })
  agency_name!: string;

  @ApiProperty({ example: 'Samsung Fire & Marine Insurance' })
  other_name!: string;

  @ApiProperty({ example: 'SF' })
  intial!: string;

  @ApiProperty({ description: 'URL of the insurer logo', example: '/assets/insurers/N01.png' })
  ci_path!: string;
}

export class AnalysisContractDto {
  @ApiProperty({ description: 'Insurer code', example: 'N01' })
  comapny_code!: string;

  @ApiProperty({ example: '삼성화재' })
  company_name!: string;

  @ApiProperty({ example: '삼성화재 무배당 건강보험' })
  product_name!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '20190315' })
  start_date!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '20790315' })
  end_date!: string;

  @ApiProperty({ description: 'May be empty', example: '홍길동' })
  contractor!: string;

  @ApiProperty({ type: [ContractCoverageDto] })
  coverages!: ContractCoverageDto[];

  @ApiProperty({ description: 'Payment period in years (0 for a lump sum)', example: 20 })
  period!: number;

  @ApiProperty({ description: 'Premium per payment (KRW)', example: 83_500 })
  premium!: number;

  @ApiProperty({ type: String, nullable: true, example: 'MONTHLY' })
  payment_cycle_code!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Number of payments over the payment period', example: 240 })
  payment_number!: number | null;

  @ApiProperty({ type: String, nullable: true, example: '월납' })
  payment_cycle!: string | null;

  @ApiProperty({ description: 'Contract type label', example: '손해보험' })
  type!: string;

  @ApiProperty({ type: ContractCompanyDto })
  company!: ContractCompanyDto;

  @ApiProperty({ description: 'Contract state label', example: '정상' })
  state!: string;

  @ApiProperty({ example: '홍길동' })
  insured_person!: string;
}

export class CoverageAnalysisDto {
  @ApiProperty({ description: 'Customer phone, digits only', example: '01012345678' })
  phone_number!: string;

  @ApiProperty({ example: '홍길동' })
  customer_name!: string;

  @ApiProperty({ description: 'M or F', example: 'M' })
  gender!: string;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '1985-03-15' })
  date_of_birth!: string;

  @ApiProperty({ type: 'integer', description: 'Age in full years at the inquiry date', example: 41 })
  age!: number;

  @ApiProperty({ type: 'integer', description: 'Insurance age: age rounded at six months past the birthday', example: 42 })
  insuAge!: number;

  @ApiProperty({ description: 'Monthly-equivalent premium of the active contracts still being paid (KRW)', example: 312_400 })
  premium!: number;

  @ApiProperty({ description: 'Premiums of the active contracts paid up to the inquiry date (KRW)', example: 28_450_000 })
  paid_premium!: number;

  @ApiProperty({ description: 'paid_premium + future_premium (KRW)', example: 64_200_000 })
  total_premium!: number;

  @ApiProperty({ description: 'Premiums of the active contracts still due after the inquiry date (KRW)', example: 35_750_000 })
  future_premium!: number;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '2026-11-21' })
  inquiry_time!: string;

  @ApiProperty({ type: [AnalysisCoverageDto] })
  coverages!: AnalysisCoverageDto[];

  @ApiProperty({ type: 'integer', example: 27 })
  coverage_count!: number;

  @ApiProperty({ type: 'integer', example: 9 })
  coverage_good_count!: number;

  @ApiProperty({ type: 'integer', example: 12 })
  coverage_bad_count!: number;

  @ApiProperty({ description: 'Comma-separated coverage names, in catalogue order', example: '일반사망,실손의료비(입원)' })
  coverage_good_names!: string;

  @ApiProperty({ description: 'Comma-separated coverage names, in catalogue order', example: '일반암진단비,뇌혈관질환진단비' })
  coverage_bad_names!: string;

  @ApiProperty({ type: [AnalysisContractDto] })
  contracts!: AnalysisContractDto[];
}

/** `POST /api/v1/coverage/analyses`: the customer is the one a verification token was given for. */
export class CreateCoverageAnalysisDto {
  @ApiProperty({
    description:
      'From `POST /api/v1/coverage/verifications/{id}/confirm`: valid 30 minutes, usable for any number of analyses until then, by the planner who requested the verification (or an ORG_ADMIN of the organisation)',
    example: 'vt_3q2-7wEXAMPLEexample0123456789abcdefghijklm',
    maxLength: 128,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  verificationToken!: string;
}

/** A stored coverage analysis: the spec's `{ seq, analysis }`. */
export class CoverageAnalysisResultDto {
  @ApiProperty({
    description: "The stored analysis's id (a UUID, as a string): `GET /api/v1/coverage/analyses/{seq}` reads it again",
    format: 'uuid',
    example: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  })
  seq!: string;

  @ApiProperty({ type: CoverageAnalysisDto })
  analysis!: CoverageAnalysisDto;
}
