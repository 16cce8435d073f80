import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PaginationDto, SearchPageQueryDto } from '../common/pagination.dto.js';
import { QueryBoolean, Trim } from '../common/transforms.js';
import { IsOmittable } from '../common/validators.js';

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

export class ListProvidersQueryDto extends SearchPageQueryDto({ description: 'Partial match on the name', maxLength: 100 }) {}

export class ProviderListDto {
  @ApiProperty({ type: [ProviderDto] })
  data!: ProviderDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

const AS_WINDOW_DAYS_DOC = {
  type: 'integer',
  minimum: 0,
  maximum: 365,
  description: 'Days after assignment during which an AS request may be filed',
} as const;

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

  @ApiPropertyOptional({ ...AS_WINDOW_DAYS_DOC, default: 7 })
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

export class ListProductsQueryDto extends SearchPageQueryDto({ description: 'Partial match on the name', maxLength: 100 }) {
  @ApiPropertyOptional({ description: 'Only active (true) or only inactive (false) products' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this provider's products" })
  @IsOptional()
  @IsUUID()
  providerId?: string;
}

/** Only the fields sent change; none may be null. */
export class UpdateProductDto {
  @ApiPropertyOptional({ example: '실손보험 상담 DB', maxLength: 100 })
  @IsOmittable()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The provider whose leads this product carries' })
  @IsOmittable()
  @IsUUID()
  providerId?: string;

  @ApiPropertyOptional({
    ...AS_WINDOW_DAYS_DOC,
    description: `${AS_WINDOW_DAYS_DOC.description}; applies to every AS request filed from now on, leads already assigned included`,
  })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(365)
  asWindowDays?: number;

  @ApiPropertyOptional({ description: 'Inactive products take no new orders' })
  @IsOmittable()
  @IsBoolean()
  active?: boolean;
}

export class ProductProviderDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '굿리드 마케팅' })
  name!: string;
}

/** A product as operators see it: with its provider's name and whether an AS policy text is set. */
export class AdminProductDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '실손보험 상담 DB' })
  name!: string;

  @ApiProperty({ type: ProductProviderDto })
  provider!: ProductProviderDto;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 365, description: AS_WINDOW_DAYS_DOC.description })
  asWindowDays!: number;

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ description: 'Whether an AS policy text is registered' })
  hasAsPolicy!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class AdminProductListDto {
  @ApiProperty({ type: [AdminProductDto] })
  data!: AdminProductDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
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

/** One saved AS policy text; a save never changes an earlier one. */
export class ProductAsPolicyVersionDto {
  @ApiProperty({ format: 'uuid' })
  policyId!: string;

  @ApiProperty()
  textContent!: string;

  @ApiProperty({ format: 'date-time', description: 'When this text was saved' })
  createdAt!: string;

  @ApiProperty({ description: 'Whether this is the text partners are answered now (the newest)' })
  current!: boolean;
}

export class ProductAsPolicyVersionListDto {
  @ApiProperty({ type: [ProductAsPolicyVersionDto] })
  data!: ProductAsPolicyVersionDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
