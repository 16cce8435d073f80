import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import { PageQueryDto, PaginationDto, SearchText } from '../common/pagination.dto.js';
import { FieldErrorDto } from '../common/problem.dto.js';
import { QueryBoolean, QueryInt, Trim } from '../common/transforms.js';
import { IsOmittable, INT_ID_SCHEMA, IsIntId } from '../common/validators.js';
import { REGION_NAMES } from './region.dto.js';

export enum Gender {
  Male = 'M',
  Female = 'F',
}

export const LEAD_SORT_FIELDS = ['assignedAt', 'usedAt', 'age'] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

/** Korean mobile number: digits only after removing hyphens and spaces. */
export const normalizePhone = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);
export const KOREAN_MOBILE = /^01[016789]\d{7,8}$/;

/** Birth dates arrive as YYMMDD, YYYYMMDD or YYYY-MM-DD and are kept as YYMMDD. */
export const normalizeBirthDate = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const digits = value.replace(/-/g, '');
  return /^\d{8}$/.test(digits) ? digits.slice(2) : value;
};
export const YYMMDD = /^\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

export class ListLeadsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Owner whose leads are listed (defaults to the key’s partner)' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;

  @ApiPropertyOptional({ type: Boolean, description: 'true: only used leads; false: only unused leads' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  used?: boolean;

  @ApiPropertyOptional({
    type: String,
    description:
      '`true` or `Y`: leads whose latest AS request is not CANCELLED; `false` or `N`: leads without one (or whose latest is CANCELLED)',
    example: 'Y',
  })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  hasAs?: boolean;

  @ApiPropertyOptional({ enum: REGION_NAMES, example: '서울' })
  @IsOptional()
  @IsIn(REGION_NAMES)
  region?: string;

  @ApiPropertyOptional({ enum: Gender })
  @IsOptional()
  @IsIn(Object.values(Gender))
  gender?: Gender;

  @SearchText({
    description: 'Partial match on name, email, memo and product name; four digits also match the last digits of the phone (phone_3)',
    maxLength: 100,
  })
  search?: string;

  @ApiPropertyOptional({
    enum: LEAD_SORT_FIELDS,
    default: 'assignedAt',
    description: 'assignedAt sorts by lastDistributedAt; age by the YYMMDD birth date string',
  })
  @IsOptional()
  @IsIn(LEAD_SORT_FIELDS)
  sortBy?: LeadSortField;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortOrder?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: ['leadAs'], description: '`leadAs` adds each lead’s AS requests (newest first) as the leadAs array' })
  @IsOptional()
  @IsIn(['leadAs'])
  expand?: 'leadAs';
}

export class LeadProductDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;
}

export class LeadAsSummaryDto {
  @ApiProperty({ enum: ['PENDING', 'ON_HOLD', 'APPROVED', 'REJECTED', 'CANCELLED'] })
  status!: string;
}

@ApiSchema({ name: 'Lead' })
export class LeadDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  productId!: string;

  @ApiProperty({ type: LeadProductDto })
  product!: LeadProductDto;

  @ApiProperty({ description: 'Masked until the lead is used (홍*동)', example: '홍*동' })
  name!: string;

  @ApiProperty({ description: 'Masked until the lead is used (010-****-5678)', example: '010-****-5678' })
  phone!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Masked until the lead is used (ho***@example.com)' })
  email!: string | null;

  @ApiProperty({ example: '서울' })
  region!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Masked to its first two words until the lead is used' })
  address!: string | null;

  @ApiProperty({ description: 'YYMMDD', example: '850314' })
  birth_date!: string;

  @ApiProperty({ enum: Gender })
  gender!: string;

  @ApiProperty({ type: String, nullable: true })
  memo!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  assignmentId!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  usedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  assignedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastDistributedAt!: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Free-form; objects with a `fileKey` get a `fileUrl` (CDN) on single lookup',
  })
  metadata!: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: [LeadAsSummaryDto], description: 'AS requests of the lead, newest first (single lookup, or expand=leadAs)' })
  leadAs?: LeadAsSummaryDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Status of the latest AS request' })
  leadAsStatus!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Label of that status (대기, 보류, 승인, 반려, 취소)' })
  leadAsStatusLabel!: string | null;
}

export class LeadsListResponse {
  @ApiProperty({ type: [LeadDto] })
  data!: LeadDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class PartnerQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Defaults to the key’s partner' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;
}

export class PartnerBodyDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Defaults to the key’s partner' })
  @IsOptional()
  @IsIntId()
  partnerId?: number;
}

/** CreateLeadV1Request. */
export class CreateLeadV1Request {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  productId!: string;

  @ApiProperty({ example: '홍길동', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name!: string;

  @ApiProperty({ description: 'Korean mobile number; hyphens are ignored', example: '010-1234-5678' })
  @Transform(({ value }) => normalizePhone(value))
  @IsString()
  @Matches(KOREAN_MOBILE, { message: 'must be a Korean mobile number (010-1234-5678)' })
  phone!: string;

  @ApiPropertyOptional({ example: 'hong@example.com' })
  @IsOptional()
  @Trim()
  @IsEmail()
  @MaxLength(200)
  email?: string;

  @ApiProperty({ enum: REGION_NAMES, example: '서울' })
  @IsIn(REGION_NAMES, { message: 'must be one of the allowed regions (GET /api/v1/regions)' })
  region!: string;

  @ApiPropertyOptional({ example: '서울특별시 강남구 테헤란로 123', maxLength: 200 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  address?: string;

  @ApiProperty({ description: 'YYMMDD (YYYYMMDD and YYYY-MM-DD are accepted and stored as YYMMDD)', example: '850314' })
  @Transform(({ value }) => normalizeBirthDate(value))
  @IsString()
  @Matches(YYMMDD, { message: 'must be a date as YYMMDD' })
  birth_date!: string;

  @ApiProperty({ enum: Gender })
  @IsIn(Object.values(Gender))
  gender!: Gender;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  memo?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Free-form JSON object (at most 16 KiB)' })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    ...INT_ID_SCHEMA,
    description: 'Operator keys only: deliver the lead to this partner directly instead of leaving it to orders',
  })
  @IsOmittable()
  @IsIntId()
  partnerId?: number;
}

/** LeadCreated. */
export class LeadCreated {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  productId!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'null while the lead waits in the pool' })
  partnerId!: number | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  orderId!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class ImportLeadsDto {
  @ApiProperty({ type: [CreateLeadV1Request], description: 'Up to 1000 rows; each is validated and imported on its own' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsObject({ each: true })
  leads!: Array<Record<string, unknown>>;
}

export class ImportRowResultDto {
  @ApiProperty({ type: 'integer', description: 'Position of the row in the request' })
  index!: number;

  @ApiProperty({ enum: ['CREATED', 'DUPLICATE', 'INVALID'] })
  status!: 'CREATED' | 'DUPLICATE' | 'INVALID';

  @ApiPropertyOptional({ format: 'uuid' })
  id?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  partnerId?: number | null;

  @ApiPropertyOptional({ description: 'Problem code of a refused row' })
  code?: string;

  @ApiPropertyOptional({ type: [FieldErrorDto] })
  errors?: FieldErrorDto[];
}

export class ImportLeadsResponse {
  @ApiProperty({ type: 'integer' })
  created!: number;

  @ApiProperty({ type: 'integer' })
  duplicates!: number;

  @ApiProperty({ type: 'integer' })
  invalid!: number;

  @ApiProperty({ type: [ImportRowResultDto] })
  results!: ImportRowResultDto[];
}

export class LeadContactsRequest extends PartnerBodyDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  @Type(() => String)
  leadIds!: string[];
}

export class LeadContactDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '홍길동' })
  name!: string;

  @ApiProperty({ description: 'Decrypted, formatted as the Lead resource shows a used lead', example: '010-1234-5678' })
  phone!: string;
}

export class LeadContactsResponse {
  @ApiProperty({ type: [LeadContactDto], description: 'Only leads the caller owns and has used; other ids are left out' })
  data!: LeadContactDto[];
}
