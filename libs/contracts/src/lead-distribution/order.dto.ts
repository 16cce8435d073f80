import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto, PaginationDto } from '../common/pagination.dto.js';
import { QueryInt, Trim } from '../common/transforms.js';
import { INT_ID_SCHEMA, IsIntId, IsTimestamp } from '../common/validators.js';
import { PartnerBodyDto } from './lead.dto.js';
import { REGION_NAMES } from './region.dto.js';
import { OrderStatus } from './order-status.js';

export { ORDER_STATUS_LABELS, OrderStatus } from './order-status.js';

@ApiSchema({ name: 'RegionQuantity' })
export class RegionQuantityDto {
  @ApiProperty({ enum: REGION_NAMES, example: '서울' })
  @IsIn(REGION_NAMES, { message: 'must be one of the allowed regions (GET /api/v1/regions)' })
  region!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100000, example: 30 })
  @IsInt()
  @Min(1)
  @Max(100_000)
  quantity!: number;
}

@ApiSchema({ name: 'CreateOrderRequest' })
export class CreateOrderRequest extends PartnerBodyDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  productId!: string;

  @ApiProperty({ example: '김담당', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  ordererName!: string;

  @ApiProperty({ example: '010-1234-5678', maxLength: 50 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  ordererContact!: string;

  @ApiProperty({ type: [RegionQuantityDto], description: 'One entry per region, each region once' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(17)
  @ValidateNested({ each: true })
  @Type(() => RegionQuantityDto)
  regionQuantities!: RegionQuantityDto[];

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  regionMemo?: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  memo?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'The order starts taking leads at this time (default: now)' })
  @IsOptional()
  @IsTimestamp()
  reservationDate?: string;
}

export class OrderRegionDto {
  @ApiProperty({ example: '서울' })
  region!: string;

  @ApiProperty({ type: 'integer', description: 'Ordered, plus replacements owed for approved AS requests' })
  quantity!: number;

  @ApiProperty({ type: 'integer' })
  delivered!: number;
}

@ApiSchema({ name: 'Order' })
export class OrderDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  providerId!: string;

  @ApiProperty({ format: 'uuid' })
  productId!: string;

  @ApiProperty()
  ordererName!: string;

  @ApiProperty()
  ordererContact!: string;

  @ApiProperty({ type: 'integer' })
  partnerId!: number;

  @ApiProperty({ type: [OrderRegionDto] })
  regionQuantities!: OrderRegionDto[];

  @ApiProperty({ type: String, nullable: true })
  regionMemo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  memo!: string | null;

  @ApiProperty({ enum: OrderStatus })
  status!: string;

  @ApiProperty({ example: '진행중' })
  statusLabel!: string;

  @ApiProperty({ format: 'date-time' })
  reservationDate!: string;

  @ApiProperty({ type: String, nullable: true })
  cancelMemo!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class ListOrdersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Defaults to the key’s partner' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;

  @ApiPropertyOptional({ enum: OrderStatus })
  @IsOptional()
  @IsIn(Object.values(OrderStatus))
  status?: OrderStatus;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  productId?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders created at or after' })
  @IsOptional()
  @IsTimestamp()
  createdFrom?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders created before' })
  @IsOptional()
  @IsTimestamp()
  createdTo?: string;
}

export class OrderSummaryDto {
  @ApiProperty({
    type: 'object',
    description: 'Number of orders per status',
    properties: Object.fromEntries(Object.values(OrderStatus).map((status) => [status, { type: 'integer', minimum: 0 }])),
    required: Object.values(OrderStatus),
    additionalProperties: false,
    example: { PENDING: 1, IN_PROGRESS: 2, COMPLETED: 5, CANCELLED: 0 },
  })
  counts!: Record<OrderStatus, number>;

  @ApiProperty({ type: 'integer' })
  orderedQuantity!: number;

  @ApiProperty({ type: 'integer' })
  deliveredQuantity!: number;
}

@ApiSchema({ name: 'OrdersListWithSummaryResponse' })
export class OrdersListWithSummaryResponse {
  @ApiProperty({ type: [OrderDto] })
  data!: OrderDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;

  @ApiProperty({ type: OrderSummaryDto, description: 'Over every order matching the filters (not only this page)' })
  summary!: OrderSummaryDto;
}

export class CancelOrderRequest extends PartnerBodyDto {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  memo?: string;
}
