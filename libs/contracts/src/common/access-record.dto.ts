import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageQueryDto, PaginationDto } from './pagination.dto.js';
import { Trim } from './transforms.js';
import { IsTimestamp } from './validators.js';

/** What a record says was done: an operation's action on personal data, or a security event. */
export const ACCESS_RECORD_ACTIONS = [
  'view',
  'use',
  'input',
  'change',
  'delete',
  'print',
  'download',
  'sign-in-failed',
  'key-refused',
] as const;
export type AccessRecordAction = (typeof ACCESS_RECORD_ACTIONS)[number];

/** Who an access record names (AccessActor's kinds); `service`: the service itself (a claim's fax). */
export const ACCESS_ACTOR_KINDS = ['operator', 'bootstrap', 'partner-key', 'provider-key', 'planner', 'service'] as const;
export type AccessActorKind = (typeof ACCESS_ACTOR_KINDS)[number];

/** Whose data an access record names (AccessSubject's types). */
export const ACCESS_SUBJECT_TYPES = [
  'lead',
  'customer',
  'planner',
  'operator',
  'claim',
  'file',
  'as-request',
  'order',
  'access-record',
] as const;
export type AccessSubjectType = (typeof ACCESS_SUBJECT_TYPES)[number];

/** Which records: by subject, actor, action, operation and time (Korean or any offset). */
export class AccessRecordFilterDto {
  @ApiPropertyOptional({ enum: ACCESS_SUBJECT_TYPES, description: 'Records naming a subject of this type (with `subjectId`)' })
  @ValidateIf((query: AccessRecordFilterDto) => query.subjectType !== undefined || query.subjectId !== undefined)
  @IsIn(ACCESS_SUBJECT_TYPES, { message: `must be one of ${ACCESS_SUBJECT_TYPES.join(', ')} (given with subjectId)` })
  subjectType?: AccessSubjectType;

  @ApiPropertyOptional({ description: "The subject's id (with `subjectType`): a lead's uuid, a customer's id", maxLength: 100 })
  @ValidateIf((query: AccessRecordFilterDto) => query.subjectType !== undefined || query.subjectId !== undefined)
  @IsString({ message: 'must be given with subjectType' })
  @MinLength(1)
  @MaxLength(100)
  subjectId?: string;

  @ApiPropertyOptional({ enum: ACCESS_ACTOR_KINDS, description: 'Records of actors of this kind' })
  @IsOptional()
  @IsIn(ACCESS_ACTOR_KINDS)
  actorKind?: AccessActorKind;

  @ApiPropertyOptional({ description: "Records of this actor (an operator account's, a key's or a planner's id)", maxLength: 100 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  actorId?: string;

  @ApiPropertyOptional({ enum: ACCESS_RECORD_ACTIONS, description: 'Records of this action or event' })
  @IsOptional()
  @IsIn(ACCESS_RECORD_ACTIONS)
  action?: AccessRecordAction;

  @ApiPropertyOptional({ description: 'Records of this operation (its OpenAPI operationId)', maxLength: 100, example: 'Leads_list' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  operation?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Recorded at or after (without an offset: UTC)',
    example: '2026-12-01T00:00:00+09:00',
  })
  @IsOptional()
  @IsTimestamp()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Recorded before', example: '2027-01-01T00:00:00+09:00' })
  @IsOptional()
  @IsTimestamp()
  to?: string;
}

/** `GET /api/v1/admin/access-records`: the filter and a page (newest first), `page` and `limit` as every list's. */
export class AccessRecordsQueryDto extends IntersectionType(AccessRecordFilterDto, PageQueryDto) {}

/** `GET /api/v1/admin/access-records/export`: the filter, and why the records are taken out. */
export class AccessRecordsExportQueryDto extends AccessRecordFilterDto {
  @ApiProperty({ description: 'Why the records are exported (kept in the access record of the export)', minLength: 1, maxLength: 500 })
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  reason!: string;
}

export class AccessActorDto {
  @ApiProperty({ enum: ACCESS_ACTOR_KINDS })
  kind!: AccessActorKind;

  @ApiProperty({ description: "The operator account's, key's or planner's id", example: 'env:1a2b3c4d' })
  id!: string;
}

export class AccessSubjectDto {
  @ApiProperty({ enum: ACCESS_SUBJECT_TYPES })
  type!: AccessSubjectType;

  @ApiProperty({ example: '0b9f6a2e-8d7c-4b1a-9e3f-2c5d7a9b1e40' })
  id!: string;
}

export class AccessRecordDto {
  @ApiProperty({ description: 'The record (a decimal integer)', example: '1042' })
  id!: string;

  @ApiProperty({ format: 'date-time', description: 'When, to the second' })
  recordedAt!: string;

  @ApiProperty({ type: AccessActorDto })
  actor!: AccessActorDto;

  @ApiProperty({ description: 'The client address (as the trusted proxy saw it)', example: '203.0.113.9' })
  address!: string;

  @ApiProperty({ enum: ACCESS_RECORD_ACTIONS })
  action!: AccessRecordAction;

  @ApiProperty({ description: 'The operation (OpenAPI operationId), or what an event attempted', example: 'Leads_list' })
  operation!: string;

  @ApiProperty({ type: [AccessSubjectDto], description: 'The data subjects by identifier' })
  subjects!: AccessSubjectDto[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Why (exports and bulk downloads)' })
  reason!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  requestId!: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Place in the hash chain (null until sealed, within seconds)',
    example: '1042',
  })
  sequence!: string | null;
}

export class AccessRecordListDto {
  @ApiProperty({ type: [AccessRecordDto], description: 'Newest first' })
  data!: AccessRecordDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

/** `GET /api/v1/admin/access-records/review?month=YYYY-MM`. */
export class AccessReviewQueryDto {
  @ApiProperty({ description: 'The month reviewed, in Korean time', example: '2026-11', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month, YYYY-MM' })
  month!: string;
}

export class AccessReviewDownloadDto {
  @ApiProperty({ example: '1042' })
  recordId!: string;

  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;

  @ApiProperty({ type: AccessActorDto })
  actor!: AccessActorDto;

  @ApiProperty({ example: '203.0.113.9' })
  address!: string;

  @ApiProperty({ example: 'AccessRecordsAdmin_export' })
  operation!: string;

  @ApiProperty({ type: 'string', nullable: true })
  reason!: string | null;

  @ApiProperty({ type: 'integer', description: 'How many subjects the download named' })
  subjects!: number;
}

export class AccessReviewBusyActorDto {
  @ApiProperty({ format: 'date', description: 'The day, in Korean time', example: '2026-11-20' })
  day!: string;

  @ApiProperty({ type: AccessActorDto })
  actor!: AccessActorDto;

  @ApiProperty({ type: 'integer', description: 'Distinct subjects handled that day' })
  subjects!: number;
}

export class AccessReviewOffHoursDto {
  @ApiProperty({ format: 'date', description: 'The day, in Korean time', example: '2026-11-21' })
  day!: string;

  @ApiProperty({ type: AccessActorDto })
  actor!: AccessActorDto;

  @ApiProperty({ type: 'integer', description: 'Records outside working hours that day' })
  records!: number;

  @ApiProperty({ format: 'date-time' })
  first!: string;

  @ApiProperty({ format: 'date-time' })
  last!: string;
}

export class AccessReviewEventDto {
  @ApiProperty({ example: '1042' })
  recordId!: string;

  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;

  @ApiProperty({ type: AccessActorDto, description: 'The account or key tried' })
  actor!: AccessActorDto;

  @ApiProperty({ example: '203.0.113.9' })
  address!: string;

  @ApiProperty({ description: 'What was attempted', example: 'operator.sign-in' })
  operation!: string;
}

export class AccessReviewRulesDto {
  @ApiProperty({ example: 'Asia/Seoul' })
  timeZone!: string;

  @ApiProperty({ description: 'Working hours, Monday to Friday: start hour (inclusive) and end hour (exclusive)', example: '08-20' })
  workingHours!: string;

  @ApiProperty({ type: 'integer', description: 'An actor is listed past this many distinct subjects in a day', example: 1000 })
  subjectsPerDay!: number;

  @ApiProperty({ type: 'integer', description: 'Each list holds at most this many entries (see `truncated`)', example: 500 })
  listLimit!: number;
}

export class AccessReviewDto {
  @ApiProperty({ example: '2026-11' })
  month!: string;

  @ApiProperty({ type: AccessReviewRulesDto })
  rules!: AccessReviewRulesDto;

  @ApiProperty({ type: [AccessReviewDownloadDto], description: 'Every download (export, bulk download) with its reason' })
  downloads!: AccessReviewDownloadDto[];

  @ApiProperty({ type: [AccessReviewBusyActorDto], description: 'Actors that handled unusually many distinct subjects in a day' })
  busyActors!: AccessReviewBusyActorDto[];

  @ApiProperty({
    type: [AccessReviewOffHoursDto],
    description: 'People (operators, the bootstrap key, planners) who handled personal data outside working hours or on a weekend',
  })
  outsideWorkingHours!: AccessReviewOffHoursDto[];

  @ApiProperty({ type: [AccessReviewEventDto], description: 'Failed sign-ins' })
  failedSignIns!: AccessReviewEventDto[];

  @ApiProperty({ type: [AccessReviewEventDto], description: 'Refused keys (revoked, disabled or unknown)' })
  refusedKeys!: AccessReviewEventDto[];

  @ApiProperty({ type: [String], description: 'The lists cut at `rules.listLimit` entries', example: [] })
  truncated!: string[];
}
