import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../common/transforms.js';

export class CreateProviderDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Chosen by the caller to keep ids stable across systems; generated when absent' })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ example: '굿리드 마케팅', maxLength: 100 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}

export class ProviderDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class CreateProductDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Generated when absent' })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ example: '실손보험 상담 DB', maxLength: 100 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'The provider whose leads this product carries' })
  @IsUUID()
  providerId!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 365,
    default: 7,
    description: 'Days after assignment during which an AS request may be filed',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(365)
  asWindowDays?: number;

  @ApiPropertyOptional({ default: true, description: 'Inactive products take no new orders' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class ProductDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'uuid' })
  providerId!: string;

  @ApiProperty({ type: 'integer' })
  asWindowDays!: number;

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class SetAsPolicyDto {
  @ApiProperty({ description: 'The AS policy text, as shown on the administrator product screen', maxLength: 20000 })
  @IsString()
  @MaxLength(20000)
  textContent!: string;
}

/** ProductAsPolicyResponse: null fields when no policy is registered. */
export class ProductAsPolicyResponse {
  @ApiProperty({ format: 'uuid' })
  productId!: string;

  @ApiProperty({ type: String, nullable: true })
  textContent!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt!: string | null;

  @ApiProperty({ type: String, nullable: true })
  policyId!: string | null;
}
