import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto, PaginationDto, SearchText } from '../common/pagination.dto.js';
import { QueryInt, Trim } from '../common/transforms.js';
import { INT_ID_SCHEMA, IsIntId } from '../common/validators.js';
import { Gender, LeadProductDto, PartnerBodyDto } from './lead.dto.js';
import { OrderStatus } from './order.dto.js';
import { AsStatus } from './lead-as-status.js';

export { AS_STATUS_LABELS, AsStatus } from './lead-as-status.js';

export enum AsDecision {
  Hold = 'HOLD',
  Approve = 'APPROVE',
  Reject = 'REJECT',
}

export class ListAsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Owner (defaults to the key’s partner)' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only this lead; a lead the caller does not own gives an empty list' })
  @IsOptional()
  @IsUUID()
  leadId?: string;

  @ApiPropertyOptional({ enum: AsStatus })
  @IsOptional()
  @IsIn(Object.values(AsStatus))
  status?: AsStatus;

  @SearchText({
    description: 'Partial match on name, last phone digits (phone_3), product name, customer memo, reason code or its Korean label',
    maxLength: 100,
  })
  search?: string;
}

export class AdminListAsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: AsStatus })
  @IsOptional()
  @IsIn(Object.values(AsStatus))
  status?: AsStatus;

  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Only requests filed by this partner' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;

  @ApiPropertyOptional({
    description: 'Only requests with this reason: a code of GET /api/v1/lead-as/reasons, or of a retired reason',
    example: 'WRONG_NUMBER',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  reasonCode?: string;
}

export class AsLeadDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Masked until the lead is used' })
  name!: string;

  @ApiProperty({ description: 'Masked until the lead is used' })
  phone!: string;

  @ApiProperty()
  region!: string;

  @ApiProperty({ type: LeadProductDto })
  product!: LeadProductDto;
}

/** AsListItem. */
export class AsListItem {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  leadId!: string;

  @ApiProperty({ example: 'WRONG_NUMBER' })
  reasonCode!: string;

  @ApiProperty({ example: '결번·없는 번호' })
  reasonLabel!: string;

  @ApiProperty({ enum: AsStatus })
  status!: string;

  @ApiProperty({ example: '대기' })
  statusLabel!: string;

  @ApiProperty({ type: String, nullable: true })
  customerMemo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  adminNote!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: AsLeadDto })
  lead!: AsLeadDto;
}

export class AsListResponse {
  @ApiProperty({ type: [AsListItem] })
  data!: AsListItem[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class AsFileDto {
  @ApiProperty({ format: 'uuid' })
  fileId!: string;

  @ApiProperty()
  originalName!: string;

  @ApiProperty()
  mimeType!: string;

  @ApiProperty({ type: 'integer' })
  size!: number;

  @ApiProperty({
    description:
      'The same signed, short-lived URL as downloadUrl (the name the interface gives it): AS evidence has no permanent URL. Ask for the request again for a new one.',
  })
  cdnUrl!: string;

  @ApiProperty({
    description:
      'Signed, short-lived (until downloadUrlExpiresAt): this service’s GET /api/v1/files/download/{fileId}?expires=…&signature=… with the local storage driver, an S3 presigned GET with s3',
  })
  downloadUrl!: string;

  @ApiProperty({ format: 'date-time' })
  downloadUrlExpiresAt!: string;
}

/** AsDetail: a list item with its evidence files and review time. */
export class AsDetail extends AsListItem {
  @ApiProperty({ type: [AsFileDto] })
  files!: AsFileDto[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  reviewedAt!: string | null;
}

/** The partner that filed an AS request. */
export class AsPartnerDto {
  @ApiProperty(INT_ID_SCHEMA)
  id!: number;

  @ApiProperty()
  name!: string;
}

/** An item of the operators' review queue: the list item and the partner that filed the request. */
export class AdminAsListItem extends AsListItem {
  @ApiProperty({ type: AsPartnerDto })
  partner!: AsPartnerDto;
}

export class AdminAsListResponse {
  @ApiProperty({ type: [AdminAsListItem] })
  data!: AdminAsListItem[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

/** The lead of an AS request as operators see it: the contact masked (operators are not its owner), the rest as stored. */
export class AdminAsLeadDto extends AsLeadDto {
  @ApiProperty({ type: String, nullable: true, description: 'Masked (ho***@example.com)' })
  email!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Masked to its first two words' })
  address!: string | null;

  @ApiProperty({ description: 'YYMMDD', example: '850314' })
  birth_date!: string;

  @ApiProperty({ enum: Gender })
  gender!: string;

  @ApiProperty({ type: String, nullable: true })
  memo!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The order that delivered it (null: delivered by hand)' })
  orderId!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  assignedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When its owner marked it used' })
  usedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When an approved AS request returned it' })
  returnedAt!: string | null;
}

/** An evidence file as operators review it: the same signed URLs as its partner gets. */
export class AdminAsFileDto extends AsFileDto {}

/** What approving the request made an order owe: a lead in place of the returned one. */
export class AsReplacementDto {
  @ApiProperty({ format: 'uuid', description: 'The order that delivered the returned lead and owes one more in its region' })
  orderId!: string;

  @ApiProperty({ enum: OrderStatus, description: 'The order’s status now (a cancelled order delivers no replacement it still owed)' })
  orderStatus!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The lead delivered in its place; null while the order still owes it',
  })
  leadId!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;
}

/** An AS request as the operators' review screen shows it. */
export class AdminAsDetail extends AsDetail {
  @ApiProperty({ type: AsPartnerDto })
  partner!: AsPartnerDto;

  @ApiProperty({ type: AdminAsLeadDto })
  declare lead: AdminAsLeadDto;

  @ApiProperty({ type: [AdminAsFileDto] })
  declare files: AdminAsFileDto[];

  @ApiProperty({
    type: AsReplacementDto,
    nullable: true,
    description:
      'APPROVED, on a lead an order delivered (and that order was not cancelled before): the order that owes a replacement and the lead it delivered. Null otherwise.',
  })
  replacement!: AsReplacementDto | null;
}

/** CreateAsRequest. */
export class CreateAsRequest extends PartnerBodyDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  leadId!: string;

  @ApiPropertyOptional({ type: [String], description: 'fileId values from POST /api/v1/files/presigned, uploaded', default: [] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  storedFileIds?: string[];

  @ApiProperty({ description: 'A code of GET /api/v1/lead-as/reasons', example: 'WRONG_NUMBER' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  reasonCode!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  memo?: string;
}

/** The created AS request. */
export class AsCreatedDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  leadId!: string;

  @ApiProperty()
  reasonCode!: string;

  @ApiProperty({ enum: AsStatus, example: 'PENDING' })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class CancelAsDto extends PartnerBodyDto {}

export class SuccessDto {
  @ApiProperty({ example: true })
  success!: boolean;
}

export class AsReasonDto {
  @ApiProperty({ example: 'WRONG_NUMBER' })
  code!: string;

  @ApiProperty({ example: '결번·없는 번호' })
  label!: string;

  @ApiProperty({ description: 'Whether an AS request with this reason needs at least one evidence file' })
  requiresEvidence!: boolean;
}

/** AsReasonsResponse. */
export class AsReasonsResponse {
  @ApiProperty({ type: [AsReasonDto] })
  data!: AsReasonDto[];
}

export class ReviewAsDto {
  @ApiProperty({ enum: AsDecision })
  @IsIn(Object.values(AsDecision))
  decision!: AsDecision;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000)
  adminNote?: string;
}
