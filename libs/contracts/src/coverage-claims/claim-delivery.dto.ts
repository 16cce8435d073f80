import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import { PageQueryDto, PaginationDto } from '../common/pagination.dto.js';
import { INT_ID_SCHEMA } from '../common/validators.js';
import { ClaimStatus } from './claim.dto.js';

export class AdminClaimDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: ClaimStatus,
    enumName: 'ClaimStatus',
    description: 'Only claims in this status (FAILED: given up, to mend and send again)',
  })
  @IsOptional()
  @IsIn(Object.values(ClaimStatus))
  status?: ClaimStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only claims of this organisation' })
  @IsOptional()
  @IsUUID()
  organisationId?: string;

  @ApiPropertyOptional({ description: 'Only claims to this insurer (`insuCompCd`)', example: 'N03' })
  @IsOptional()
  @Matches(/^[A-Z0-9]{1,8}$/, { message: 'must be an insurer code (1 to 8 capital letters and digits)' })
  insurerCode?: string;
}

export class ClaimDeliveryOrganisationDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '한빛 에셋 보험대리점' })
  name!: string;
}

export class ClaimDeliveryInsurerDto {
  @ApiProperty({ description: 'Insurer code (`insuCompCd`)', example: 'N03' })
  code!: string;

  @ApiProperty({ description: 'Its name when the claim was filed', example: 'DB손해보험' })
  name!: string;
}

/**
 * One claim's fax delivery as operators see it: where it goes and how it stands, never the client's
 * data (names, birthdays, phones, bank accounts stay sealed in the claim).
 */
export class AdminClaimDeliveryDto {
  @ApiProperty({ ...INT_ID_SCHEMA, description: 'The claim (`claimReqId`)', example: 1024 })
  claimReqId!: number;

  @ApiProperty({ type: ClaimDeliveryOrganisationDto })
  organisation!: ClaimDeliveryOrganisationDto;

  @ApiProperty({ type: ClaimDeliveryInsurerDto })
  insurer!: ClaimDeliveryInsurerDto;

  @ApiProperty({ description: 'The fax number (digits) the claim is sent to', example: '05051811234' })
  insurerFax!: string;

  @ApiProperty({ enum: ClaimStatus, enumName: 'ClaimStatus', description: '접수 RECEIVED, 전송중 SENDING, 전송완료 SENT, 전송실패 FAILED' })
  status!: ClaimStatus;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'FAILED: why it was given up; SENDING: why the last attempt failed (it is tried again). `KIND: message`, e.g. `INVALID_NUMBER: …`, `BUSY: … (gave up after 5 attempts)`',
    example: 'INVALID_NUMBER: The number is not a fax line',
  })
  statusReason!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Attempts of the current delivery (from 0 again after a resend); null for a claim that ended before attempts were recorded',
    example: 1,
  })
  attempts!: number | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the last attempt of the current delivery ended (null: none has yet, or not recorded)',
  })
  lastAttemptAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was delivered (SENT)' })
  sentAt!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the claim was filed' })
  createdAt!: string;
}

export class AdminClaimDeliveryListDto {
  @ApiProperty({ type: [AdminClaimDeliveryDto], description: 'Newest claims first' })
  data!: AdminClaimDeliveryDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
