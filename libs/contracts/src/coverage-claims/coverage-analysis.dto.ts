import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsTimestamp } from '../common/validators.js';
import { CoverageInsightsDto } from './coverage-insights.dto.js';

// The spec's "Coverage analysis payload", field for field and spelled as the spec spells it
// (snake_case, `insuAge`, `comapny_code`, `intial`). Rules: docs/decisions/coverage-analysis.md.
//
// The classes are the answer of POST /api/v1/coverage/analyses and also the body of POST
// /api/v1/medical-bojang/set-analysis, which the validators below check at every level (every
// field required unless marked, of its JSON type; unknown fields refused). docs/decisions/medical-analysis.md.

/** A finite JSON number (no NaN or Infinity ever reaches here from JSON, but the rule says what is meant). */
const NUMBER = { allowNaN: false, allowInfinity: false } as const;
/** Amounts and premiums (KRW): 0 up to 10^15, far above any real sum and exact in a double. */
const MAX_AMOUNT = 1e15;
const TEXT = 200;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COMPACT_DATE = /^\d{8}$/;
/** 100억원 a month: far above any income, a bound on what is stored. */
const MAX_MONTHLY_INCOME = 10_000_000_000;
/** A value that must be present but may be null: validated only when not null (undefined fails). */
const UnlessNull = () => ValidateIf((_object: object, value: unknown) => value !== null);

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
  @IsString()
  @Matches(/^\d{2}$/, { message: 'must be two digits' })
  category_code!: string;

  @ApiProperty({ example: '암' })
  @IsString()
  @MaxLength(TEXT)
  category_name!: string;

  @ApiProperty({ description: '`<category_code>_<three characters>`', example: '05_GEN' })
  @IsString()
  @Matches(/^\d{2}_[0-9A-Za-z]{3}$/, { message: 'must be <two digits>_<three letters or digits>' })
  coverage_code!: string;

  @ApiProperty({ example: '일반암진단비' })
  @IsString()
  @MaxLength(TEXT)
  coverage_name!: string;

  @ApiProperty({ description: 'Recommended amount (KRW)', example: 50_000_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  recommend!: number;

  @ApiProperty({ description: 'Upper-limit amount (KRW)', example: 100_000_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  limit!: number;

  @ApiProperty({ description: 'Held amount (KRW): sum over active contracts', example: 30_000_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  amount!: number;

  @ApiProperty({ enum: CoverageStatusCode, enumName: 'CoverageStatusCode', example: CoverageStatusCode.Normal })
  @IsIn(Object.values(CoverageStatusCode), { message: 'must be bad, normal or good' })
  status_code!: CoverageStatusCode;

  @ApiProperty({ description: '부족 (bad), 보통 (normal) or 적절 (good)', example: '보통' })
  @IsString()
  @MaxLength(TEXT)
  status_name!: string;
}

/** One coverage of a contract, named as the insurer names it. */
export class ContractCoverageDto {
  @ApiProperty({ description: "The insurer's own name of the coverage", example: '일반암진단비Ⅱ' })
  @IsString()
  @MaxLength(TEXT)
  coverage_name!: string;

  @ApiPropertyOptional({ description: 'Catalogue coverage code; absent when the name maps to none', example: '05_GEN' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT)
  coverage_code?: string;

  @ApiProperty({ description: 'Amount (KRW); may be fractional', example: 30_000_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  amount!: number;

  @ApiProperty({ type: 'integer', description: "The contract's position in `contracts` (1-based)", example: 1 })
  @IsInt()
  @Min(1)
  @Max(1_000)
  contract_id!: number;

  @ApiProperty({ type: 'integer', description: "The customer's number", example: 1042 })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  customer_id!: number;

  @ApiProperty({ type: 'integer', description: "The coverage's position in its contract (1-based)", example: 1 })
  @IsInt()
  @Min(1)
  @Max(1_000)
  number!: number;

  @ApiProperty({ format: 'date-time', description: 'When the contract data was retrieved', example: '2026-11-21T09:30:00.000Z' })
  @IsTimestamp()
  create_time!: string;
}

/** The insurer of a contract. `agency_*` carry an external rating agency's code and name (empty when unknown). */
export class ContractCompanyDto {
  @ApiProperty({ example: 'N01' })
  @IsString()
  @MaxLength(TEXT)
  code!: string;

  @ApiProperty({ example: '삼성화재' })
  @IsString()
  @MaxLength(TEXT)
  name!: string;

  @ApiProperty({ example: '' })
  @IsString()
  @MaxLength(TEXT)
  agency_code!: string;

  @ApiProperty({ example: '' })
  @IsString()
  @MaxLength(TEXT)
  agency_name!: string;

  @ApiProperty({ example: 'Samsung Fire & Marine Insurance' })
  @IsString()
  @MaxLength(TEXT)
  other_name!: string;

  @ApiProperty({ example: 'SF' })
  @IsString()
  @MaxLength(TEXT)
  intial!: string;

  @ApiProperty({ description: 'URL of the insurer logo', example: '/assets/insurers/N01.png' })
  @IsString()
  @MaxLength(2_000)
  ci_path!: string;
}

export class AnalysisContractDto {
  @ApiProperty({ description: 'Insurer code', example: 'N01' })
  @IsString()
  @MaxLength(TEXT)
  comapny_code!: string;

  @ApiProperty({ example: '삼성화재' })
  @IsString()
  @MaxLength(TEXT)
  company_name!: string;

  @ApiProperty({ example: '삼성화재 무배당 건강보험' })
  @IsString()
  @MaxLength(TEXT)
  product_name!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '20190315' })
  @IsString()
  @Matches(COMPACT_DATE, { message: 'must be a date YYYYMMDD' })
  start_date!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '20790315' })
  @IsString()
  @Matches(COMPACT_DATE, { message: 'must be a date YYYYMMDD' })
  end_date!: string;

  @ApiProperty({ description: 'May be empty', example: '홍길동' })
  @IsString()
  @MaxLength(TEXT)
  contractor!: string;

  @ApiProperty({ type: [ContractCoverageDto], maxItems: 200 })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ContractCoverageDto)
  coverages!: ContractCoverageDto[];

  @ApiProperty({ description: 'Payment period in years (0 for a lump sum)', example: 20 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(200)
  period!: number;

  @ApiProperty({ description: 'Premium per payment (KRW)', example: 83_500 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  premium!: number;

  @ApiProperty({ type: String, nullable: true, example: 'MONTHLY' })
  @UnlessNull()
  @IsString({ message: 'must be a string or null' })
  @MaxLength(TEXT)
  payment_cycle_code!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Number of payments over the payment period', example: 240 })
  @UnlessNull()
  @IsNumber(NUMBER, { message: 'must be a number or null' })
  @Min(0)
  @Max(10_000)
  payment_number!: number | null;

  @ApiProperty({ type: String, nullable: true, example: '월납' })
  @UnlessNull()
  @IsString({ message: 'must be a string or null' })
  @MaxLength(TEXT)
  payment_cycle!: string | null;

  @ApiProperty({ description: 'Contract type label', example: '손해보험' })
  @IsString()
  @MaxLength(TEXT)
  type!: string;

  @ApiProperty({ type: ContractCompanyDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ContractCompanyDto)
  company!: ContractCompanyDto;

  @ApiProperty({ description: 'Contract state label', example: '정상' })
  @IsString()
  @MaxLength(TEXT)
  state!: string;

  @ApiProperty({ example: '홍길동' })
  @IsString()
  @MaxLength(TEXT)
  insured_person!: string;
}

export class CoverageAnalysisDto {
  @ApiProperty({ description: 'Customer phone, digits only', example: '01012345678' })
  @IsString()
  @Matches(/^\d{9,11}$/, { message: 'must be 9 to 11 digits' })
  phone_number!: string;

  @ApiProperty({ example: '홍길동' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT)
  customer_name!: string;

  @ApiProperty({ description: 'M or F', example: 'M' })
  @IsIn(['M', 'F'], { message: 'must be M or F' })
  gender!: string;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '1985-03-15' })
  @IsString()
  @Matches(DATE, { message: 'must be a date YYYY-MM-DD' })
  @IsTimestamp({ message: 'must be a date YYYY-MM-DD of a real day' })
  date_of_birth!: string;

  @ApiProperty({ type: 'integer', description: 'Age in full years at the inquiry date', example: 41 })
  @IsInt()
  @Min(0)
  @Max(150)
  age!: number;

  @ApiProperty({ type: 'integer', description: 'Insurance age: age rounded at six months past the birthday', example: 42 })
  @IsInt()
  @Min(0)
  @Max(150)
  insuAge!: number;

  @ApiProperty({ description: 'Monthly-equivalent premium of the active contracts still being paid (KRW)', example: 312_400 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  premium!: number;

  @ApiProperty({ description: 'Premiums of the active contracts paid up to the inquiry date (KRW)', example: 28_450_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  paid_premium!: number;

  @ApiProperty({ description: 'paid_premium + future_premium (KRW)', example: 64_200_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  total_premium!: number;

  @ApiProperty({ description: 'Premiums of the active contracts still due after the inquiry date (KRW)', example: 35_750_000 })
  @IsNumber(NUMBER)
  @Min(0)
  @Max(MAX_AMOUNT)
  future_premium!: number;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '2026-11-21' })
  @IsString()
  @Matches(DATE, { message: 'must be a date YYYY-MM-DD' })
  @IsTimestamp({ message: 'must be a date YYYY-MM-DD of a real day' })
  inquiry_time!: string;

  @ApiProperty({ type: [AnalysisCoverageDto], maxItems: 200 })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => AnalysisCoverageDto)
  coverages!: AnalysisCoverageDto[];

  @ApiProperty({ type: 'integer', example: 27 })
  @IsInt()
  @Min(0)
  @Max(1_000)
  coverage_count!: number;

  @ApiProperty({ type: 'integer', example: 9 })
  @IsInt()
  @Min(0)
  @Max(1_000)
  coverage_good_count!: number;

  @ApiProperty({ type: 'integer', example: 12 })
  @IsInt()
  @Min(0)
  @Max(1_000)
  coverage_bad_count!: number;

  @ApiProperty({ description: 'Comma-separated coverage names, in catalogue order', example: '일반사망,실손의료비(입원)' })
  @IsString()
  @MaxLength(20_000)
  coverage_good_names!: string;

  @ApiProperty({ description: 'Comma-separated coverage names, in catalogue order', example: '일반암진단비,뇌혈관질환진단비' })
  @IsString()
  @MaxLength(20_000)
  coverage_bad_names!: string;

  @ApiProperty({ type: [AnalysisContractDto], maxItems: 100 })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => AnalysisContractDto)
  contracts!: AnalysisContractDto[];
}

/**
 * The customer's sign-in with 내보험다보여 (credit4u.or.kr), which a contract source may need (CODEF).
 * Sent only to the source, encrypted for it; never stored, logged or kept in an idempotency record.
 */
export class Credit4uSignInDto {
  @ApiProperty({ description: 'The customer’s 내보험다보여 id', example: 'hong1234', maxLength: 64 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  id!: string;

  @ApiProperty({ description: 'The customer’s 내보험다보여 password', example: 'p@ssw0rd!', maxLength: 128, format: 'password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password!: string;
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

  @ApiPropertyOptional({
    type: Credit4uSignInDto,
    description:
      'The customer’s 내보험다보여 sign-in, for a source that needs it (INSURANCE_DATA_ADAPTER=codef; the sandbox answers without it). Sent only to the source; never stored or logged',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => Credit4uSignInDto)
  credit4u?: Credit4uSignInDto;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description:
      'The customer’s monthly income (KRW), when they tell it (absent or null: none): `insights.premiums.income` then sets the monthly premium against it, beside published references (a guide, not a rule). Kept with the analysis, sealed, and through a second step',
    example: 4_000_000,
    minimum: 1,
    maximum: MAX_MONTHLY_INCOME,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_MONTHLY_INCOME)
  monthlyIncome?: number;
}

/** A stored coverage analysis: the spec's `{ seq, analysis }`, and the insights beside it. */
export class CoverageAnalysisResultDto {
  @ApiProperty({
    description: "The stored analysis's id (a UUID, as a string): `GET /api/v1/coverage/analyses/{seq}` reads it again",
    format: 'uuid',
    example: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  })
  seq!: string;

  @ApiProperty({ type: CoverageAnalysisDto })
  analysis!: CoverageAnalysisDto;

  @ApiProperty({
    type: CoverageInsightsDto,
    nullable: true,
    description:
      'What the payload cannot say, from the same contracts: duplicate 실손, premium burden, cover by age, renewals ahead (docs/decisions/coverage-insights.md). Beside the payload, never in it; null for an analysis stored before insights existed',
  })
  insights!: CoverageInsightsDto | null;
}

/**
 * How the customer proves it is them in a source's second step: the one list of the API, the
 * insurance-data port and the two-step store (documented as `AnalysisSecondStepMethod`).
 */
export enum SecondStepMethod {
  /** A code the source sent to the customer's phone by SMS: the follow-up's `code`. */
  SmsCode = 'SMS_CODE',
  /** A code the source sent by e-mail: the follow-up's `code`. */
  EmailCode = 'EMAIL_CODE',
  /** The digits of an image the source shows (보안문자, `secureNumberImage`): the follow-up's `code`. */
  SecureNumber = 'SECURE_NUMBER',
  /** An approval in the customer's authentication app: the follow-up has no `code`. */
  AppApproval = 'APP_APPROVAL',
}

/** 202 of `POST /api/v1/coverage/analyses` (and of a follow-up): the source asks for a second step first. */
export class CoverageAnalysisSecondStepDto {
  @ApiProperty({
    description:
      'What the follow-up `POST /api/v1/coverage/analysis-continuations/{continuationId}` names. The same for every step of one analysis',
    format: 'uuid',
    example: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  })
  continuationId!: string;

  @ApiProperty({
    enum: SecondStepMethod,
    enumName: 'AnalysisSecondStepMethod',
    description:
      'SMS_CODE, EMAIL_CODE: the code sent to the customer; SECURE_NUMBER: the digits of `secureNumberImage`; APP_APPROVAL: the customer approves in their app, then the follow-up is sent without a code',
    example: SecondStepMethod.SmsCode,
  })
  method!: SecondStepMethod;

  @ApiPropertyOptional({
    description: 'SECURE_NUMBER only: the image whose digits the customer reads, as a `data:` URL an `<img>` shows',
    example: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ…',
  })
  secureNumberImage?: string;

  @ApiProperty({
    format: 'date-time',
    description:
      'The follow-up must come before then (270 s after the source first asked); afterwards start over with the verification token',
    example: '2026-11-21T09:34:30.000Z',
  })
  expiresAt!: string;
}

/** `POST /api/v1/coverage/analysis-continuations/{continuationId}`: the second step's answer. */
export class ContinueCoverageAnalysisDto {
  @ApiProperty({
    type: Credit4uSignInDto,
    description: 'The same sign-in as the first call: the source wants the identical request repeated',
  })
  @IsObject()
  @ValidateNested()
  @Type(() => Credit4uSignInDto)
  credit4u!: Credit4uSignInDto;

  @ApiPropertyOptional({
    description: 'SMS_CODE, EMAIL_CODE: the code sent to the customer; SECURE_NUMBER: the image’s digits; absent for APP_APPROVAL',
    example: '123456',
    maxLength: 16,
  })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9A-Za-z]{1,16}$/, { message: 'must be 1 to 16 letters or digits' })
  code?: string;
}
