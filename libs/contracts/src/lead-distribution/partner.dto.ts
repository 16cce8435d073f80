import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, PaginationDto, SearchText } from '../common/pagination.dto.js';
import { QueryInt, Trim } from '../common/transforms.js';
import { INT_ID_SCHEMA, IsIntId } from '../common/validators.js';

export class CreatePartnerDto {
  @ApiProperty({ example: '한빛 보험대리점', maxLength: 100 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiPropertyOptional({
    ...INT_ID_SCHEMA,
    nullable: true,
    description: 'Parent partner in the organisation tree (an agency above a branch)',
    example: 1,
  })
  @IsOptional()
  @IsIntId()
  parentId?: number | null;
}

export class ListPartnersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Only the direct children of this partner' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  parentId?: number;

  @SearchText({ description: 'Partial match on the name', maxLength: 100 })
  search?: string;
}

export class PartnerDto {
  @ApiProperty({ type: 'integer', example: 12 })
  id!: number;

  @ApiProperty({ example: '한빛 보험대리점' })
  name!: string;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  parentId!: number | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class PartnerListDto {
  @ApiProperty({ type: [PartnerDto] })
  data!: PartnerDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
