import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto, PaginationDto } from '../common/pagination.dto.js';
import { QueryInt } from '../common/transforms.js';
import { IsOmittable, INT_ID_SCHEMA, IsIntId } from '../common/validators.js';
import { LeadDto, PartnerBodyDto } from './lead.dto.js';

export const MAX_LEADS_PER_HANDOVER = 500;

@ApiSchema({ name: 'DistributeRequest' })
export class DistributeRequest extends PartnerBodyDto {
  @ApiProperty({ ...INT_ID_SCHEMA, description: 'A partner below the caller in its organisation' })
  @IsIntId()
  toPartnerId!: number;

  @ApiProperty({ type: [String], format: 'uuid', maxItems: MAX_LEADS_PER_HANDOVER })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LEADS_PER_HANDOVER)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  leadIds!: string[];
}

@ApiSchema({ name: 'RecallRequest' })
export class RecallRequest extends PartnerBodyDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Only from this descendant (default: any descendant owning the leads)' })
  @IsOmittable()
  @IsIntId()
  fromPartnerId?: number;

  @ApiProperty({ type: [String], format: 'uuid', maxItems: MAX_LEADS_PER_HANDOVER })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LEADS_PER_HANDOVER)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  leadIds!: string[];
}

export class HandoverDto {
  @ApiProperty({ format: 'uuid' })
  leadId!: string;

  @ApiProperty({ type: 'integer' })
  fromPartnerId!: number;

  @ApiProperty({ type: 'integer' })
  toPartnerId!: number;

  @ApiProperty({ format: 'uuid', description: 'The new assignmentId of the lead' })
  assignmentId!: string;

  @ApiProperty({ format: 'date-time', description: 'The new lastDistributedAt of the lead' })
  lastDistributedAt!: string;
}

export class HandoverResponse {
  @ApiProperty({ type: [HandoverDto] })
  data!: HandoverDto[];
}

export class DistributedLeadsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Defaults to the key’s partner' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;

  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Only leads now owned by this descendant' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  toPartnerId?: number;
}

export class DistributedLeadDto extends LeadDto {
  @ApiProperty({ type: 'integer', description: 'The descendant that owns the lead now' })
  ownerPartnerId!: number;
}

export class DistributedLeadsResponse {
  @ApiProperty({ type: [DistributedLeadDto] })
  data!: DistributedLeadDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
