import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { Trim } from '../common/transforms.js';
import { isBirthDateYyyymmdd } from './verification.dto.js';
import { ClaimStatus } from './claim-status.js';

export { CLAIM_STATUS_LABELS, ClaimStatus } from './claim-status.js';

/** `eventTypeCd`: what the claim is for, as the insurers' claim forms ask it (사고 유형). */
export enum ClaimEventType {
  Disease = 'DISEASE',
  Injury = 'INJURY',
  TrafficAccident = 'TRAFFIC_ACCIDENT',
  Other = 'OTHER',
}

export const CLAIM_EVENT_TYPE_LABELS: Record<ClaimEventType, string> = {
  [ClaimEventType.Disease]: '질병',
  [ClaimEventType.Injury]: '상해',
  [ClaimEventType.TrafficAccident]: '교통사고',
  [ClaimEventType.Other]: '기타',
};

/** `callbackWho`: whom the insurer calls back about the claim. */
export enum ClaimCallbackWho {
  Client = 'CLIENT',
  Planner = 'PLANNER',
  Other = 'OTHER',
}

export const CLAIM_CALLBACK_WHO_LABELS: Record<ClaimCallbackWho, string> = {
  [ClaimCallbackWho.Client]: '고객 본인',
  [ClaimCallbackWho.Planner]: '담당 설계사',
  [ClaimCallbackWho.Other]: '기타 (대리인)',
};

/** At most this many evidence files in one claim (each becomes fax pages). */
export const MAX_CLAIM_FILES = 20;

/** A Korean telephone number as digits: mobile, a 지역번호 line, 070, or a 15xx/16xx/18xx service number. */
export const KOREAN_PHONE_DIGITS = /^(?:01[016789]\d{7,8}|02\d{7,8}|0[3-6][1-5]\d{7,8}|070\d{8}|050\d{8,9}|1[5-9]\d{6})$/;

/** Hyphens and spaces between digits are dropped: `010-1234-5678` is `01012345678`. */
const Digits = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^[\d\s-]*$/.test(value) ? value.replace(/[\s-]/g, '') : value,
  );

/** Today's date in Korea (UTC+9) as YYYY-MM-DD. */
export function koreanToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD`, from 1900 up to today in Korea. */
export function isPastIsoDate(value: unknown, now: Date = new Date()): value is string {
  return (
    typeof value === 'string' &&
    /^(19|20)\d{2}-\d{2}-\d{2}$/.test(value) &&
    isBirthDateYyyymmdd(value.replaceAll('-', ''), now) &&
    value <= koreanToday(now)
  );
}

/** A real calendar day written `YYYYMMDD` (any, future included: a search bound). */
export function isYyyymmdd(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{8}$/.test(value)) return false;
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const validateWith = (name: string, validate: (value: unknown) => boolean, message: string, options?: ValidationOptions) =>
  ValidateBy({ name, validator: { validate, defaultMessage: () => message } }, options);

const IsBirthday = () => validateWith('isBirthday', (value) => isBirthDateYyyymmdd(value), 'must be a date as YYYYMMDD, not in the future');
const IsEventDate = () => validateWith('isEventDate', (value) => isPastIsoDate(value), 'must be a date as YYYY-MM-DD, not in the future');
const IsSearchDate = () => validateWith('isSearchDate', (value) => isYyyymmdd(value), 'must be a date as YYYYMMDD');
const IsPhoneDigits = () =>
  validateWith(
    'isPhoneDigits',
    (value) => typeof value === 'string' && KOREAN_PHONE_DIGITS.test(value),
    'must be a Korean telephone number (010-1234-5678, 02-123-4567; hyphens are dropped)',
  );

/**
 * `POST /api/v1/claim/requests`: the claim history record's input fields in the spec's spelling, and
 * the evidence files uploaded through `POST /api/v1/files/presigned`.
 */
export class ClaimRequestDto {
  @ApiProperty({
    description: 'Insurer code, from `GET /api/v1/claim/insurers`; the insurer must have a claims fax number',
    example: 'N03',
  })
  @IsString()
  @Matches(/^[A-Z0-9]{1,8}$/, { message: 'must be an insurer code from GET /api/v1/claim/insurers' })
  insuCompCd!: string;

  @ApiProperty({ description: "The insured client's name", example: '홍길동', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  clientNm!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '19850314' })
  @IsString()
  @IsBirthday()
  clientBirthday!: string;

  @ApiProperty({ description: 'Telephone, digits (hyphens are dropped)', example: '01012345678' })
  @Digits()
  @IsString()
  @IsPhoneDigits()
  clientTel!: string;

  @ApiProperty({ description: 'Job code, from `GET /api/v1/claim/job-codes`', example: 'A01' })
  @IsString()
  @Matches(/^[A-Z0-9]{1,8}$/, { message: 'must be a job code from GET /api/v1/claim/job-codes' })
  jobCd!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'Bank code (금융결제원, 3 digits) from `GET /api/v1/claim/banks`; null or absent: paid to the account on file with the insurer',
    example: '004',
  })
  @IsOptional()
  @IsString()
  @Matches(/^\d{3}$/, { message: 'must be a 3-digit bank code from GET /api/v1/claim/banks, or null' })
  bankCd?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Account number, digits (hyphens are dropped); required with bankCd',
    example: '123401234567',
  })
  @IsOptional()
  @Digits()
  @IsString()
  @Matches(/^\d{6,20}$/, { message: 'must be an account number of 6 to 20 digits (hyphens allowed), or null' })
  bankAccount?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Account holder; required with bankCd',
    example: '홍길동',
    maxLength: 50,
  })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  bankAccountHolder?: string | null;

  @ApiProperty({ description: 'Whether the client receives national basic livelihood benefits (기초생활수급자)' })
  @IsBoolean()
  wellFareYn!: boolean;

  @ApiProperty({ description: 'Date of the accident or of the first treatment, YYYY-MM-DD, not in the future', example: '2026-11-02' })
  @IsString()
  @IsEventDate()
  eventDate!: string;

  @ApiProperty({
    enum: ClaimEventType,
    enumName: 'ClaimEventType',
    description: '질병 DISEASE, 상해 INJURY, 교통사고 TRAFFIC_ACCIDENT, 기타 OTHER',
  })
  @IsIn(Object.values(ClaimEventType))
  eventTypeCd!: ClaimEventType;

  @ApiPropertyOptional({ type: String, nullable: true, example: '서울시 강남구 자택', maxLength: 200 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  eventPlace?: string | null;

  @ApiProperty({ description: 'What happened and how it was treated', example: '계단에서 넘어져 발목 골절, 깁스 치료', maxLength: 2000 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  eventText!: string;

  @ApiProperty({ enum: ClaimCallbackWho, enumName: 'ClaimCallbackWho', description: 'Whom the insurer calls back' })
  @IsIn(Object.values(ClaimCallbackWho))
  callbackWho!: ClaimCallbackWho;

  @ApiProperty({ example: '홍길동', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  callbackName!: string;

  @ApiProperty({ description: 'Telephone, digits (hyphens are dropped)', example: '01012345678' })
  @Digits()
  @IsString()
  @IsPhoneDigits()
  callbackTel!: string;

  @ApiProperty({ description: 'Whether the claim is to be paid to the account the premiums are debited from (자동이체 계좌)' })
  @IsBoolean()
  directDebitAccntYn!: boolean;

  @ApiPropertyOptional({ description: 'Note to the insurer; may be empty', example: '', maxLength: 1000, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  clientMemo?: string;

  @ApiProperty({
    type: [String],
    format: 'uuid',
    description: `Evidence files (fileId of POST /api/v1/files/presigned), uploaded, the caller's own and in no other claim; at most ${MAX_CLAIM_FILES}. Each is faxed as pages after the claim form.`,
    maxItems: MAX_CLAIM_FILES,
  })
  @IsArray()
  @ArrayMaxSize(MAX_CLAIM_FILES)
  @IsUUID('all', { each: true })
  fileIds!: string[];
}

/**
 * What `POST /api/v1/claim/requests` answers: the claim's number and status. Only these, so that
 * the idempotency record kept for a retry holds no personal data; the history shows the rest.
 */
export class ClaimReceiptDto {
  @ApiProperty({ type: 'integer', description: 'The claim request identifier, as the history shows it', example: 1042 })
  claimReqId!: number;

  @ApiProperty({ enum: ClaimStatus, enumName: 'ClaimStatus', description: 'RECEIVED: filed; its fax to the insurer is queued' })
  claimStatusCd!: ClaimStatus;

  @ApiProperty({ example: '접수' })
  claimStatus!: string;

  @ApiProperty({ description: 'YYYY-MM-DD (Korea)', example: '2026-11-23' })
  claimDate!: string;
}

/**
 * What `POST /api/v1/claim/requests/{claimReqId}/resend` answers: the claim queued again (RECEIVED),
 * and the fax number it will now be sent to (the insurer's current claims fax).
 */
export class ClaimResendReceiptDto extends ClaimReceiptDto {
  @ApiProperty({ description: 'The fax number (digits) the claim is sent to: the insurer’s claims fax now', example: '05051811234' })
  insuFax!: string;
}

/** One claim as the history shows it: the spec's claim history record, every field. */
export class ClaimHistoryRecordDto {
  @ApiProperty({ description: 'Date the claim was filed (Korea), YYYY-MM-DD', example: '2026-11-23' })
  claimDate!: string;

  @ApiProperty({ example: 'N03' })
  insuCompCd!: string;

  @ApiProperty({ example: 'DB손해보험' })
  insuCompNm!: string;

  @ApiProperty({ example: '/assets/insurers/N03.png' })
  insuLogoUrl!: string;

  @ApiProperty({ description: 'Label of claimStatusCd', example: '접수' })
  claimStatus!: string;

  @ApiProperty({ enum: ClaimStatus, enumName: 'ClaimStatus', description: '접수 RECEIVED, 전송중 SENDING, 전송완료 SENT, 전송실패 FAILED' })
  claimStatusCd!: ClaimStatus;

  @ApiProperty({ description: 'Name of the user who filed', example: '김설계' })
  fcUserNm!: string;

  @ApiProperty({ example: '홍길동' })
  clientNm!: string;

  @ApiProperty({ description: 'YYMMDD', example: '850314' })
  clientBirthday!: string;

  @ApiProperty({ description: 'Digits', example: '01012345678' })
  clientTel!: string;

  @ApiProperty({ description: 'May be empty', example: '' })
  clientMemo!: string;

  @ApiProperty({ example: 'A01' })
  jobCd!: string;

  @ApiProperty({ type: 'integer', example: 1042 })
  claimReqId!: number;

  @ApiProperty({ type: String, nullable: true, example: '004' })
  bankCd!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'KB국민은행' })
  bankNm!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Masked but for the last four digits', example: '********4567' })
  bankAccount!: string | null;

  @ApiProperty({ description: 'Empty when no account was given', example: '홍길동' })
  bankAccountHolder!: string;

  @ApiProperty({ type: 'integer', example: 2 })
  fileCnt!: number;

  @ApiProperty()
  wellFareYn!: boolean;

  @ApiProperty({ description: 'Fax number the claim is sent to, digits', example: '05051811234' })
  insuFax!: string;

  @ApiProperty({ example: '2026-11-02' })
  eventDate!: string;

  @ApiProperty({ enum: ClaimEventType, enumName: 'ClaimEventType' })
  eventTypeCd!: ClaimEventType;

  @ApiProperty({ example: '상해' })
  eventType!: string;

  @ApiProperty({ type: String, nullable: true, example: '서울시 강남구 자택' })
  eventPlace!: string | null;

  @ApiProperty({ example: '계단에서 넘어져 발목 골절, 깁스 치료' })
  eventText!: string;

  @ApiProperty({ enum: ClaimCallbackWho, enumName: 'ClaimCallbackWho' })
  callbackWho!: ClaimCallbackWho;

  @ApiProperty({ example: '홍길동' })
  callbackName!: string;

  @ApiProperty({ description: 'Digits', example: '01012345678' })
  callbackTel!: string;

  @ApiProperty()
  directDebitAccntYn!: boolean;

  @ApiProperty({
    type: [String],
    description:
      'URLs of the evidence files, in the order they were given: signed download URLs that need no token and work for 10 minutes from this answer (then 403 DOWNLOAD_URL_EXPIRED: read the history again for new ones)',
  })
  files!: string[];

  @ApiProperty({ type: 'integer', description: 'Number of entries of files', example: 2 })
  file_length!: number;
}

/** `POST /api/v1/claim/histories`: every filter is optional; given ones combine (AND). */
export class ClaimHistoryQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100_000, default: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize?: number;

  @ApiPropertyOptional({
    description: "Only the claims filed by this user (an ORG_ADMIN's filter within the organisation; a planner sees only their own anyway)",
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fcUserCi?: string;

  @ApiPropertyOptional({ description: 'Exact client name (spaces and case ignored)', maxLength: 50 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  clientNm?: string;

  @ApiPropertyOptional({ description: 'Exact birth date, YYYYMMDD', example: '19850314' })
  @IsOptional()
  @IsString()
  @IsSearchDate()
  clientBirthday?: string;

  @ApiPropertyOptional({ description: 'Exact telephone, digits (hyphens are dropped)', example: '01012345678' })
  @IsOptional()
  @Digits()
  @IsString()
  @Matches(/^\d{8,12}$/, { message: 'must be a telephone number of 8 to 12 digits (hyphens allowed)' })
  clientTel?: string;

  @ApiPropertyOptional({ description: 'Earliest claimDate, YYYYMMDD (inclusive)', example: '20261101' })
  @IsOptional()
  @IsString()
  @IsSearchDate()
  startDate?: string;

  @ApiPropertyOptional({ description: 'Latest claimDate, YYYYMMDD (inclusive); not before startDate', example: '20261130' })
  @IsOptional()
  @IsString()
  @IsSearchDate()
  endDate?: string;
}
