import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { QueryInt } from './transforms.js';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/** `page` ≥ 1 (default 1) and `limit` 1..100 (default 20); out of range is a 400. */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @IsOptional()
  @QueryInt()
  @IsInt()
  @Min(1)
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @QueryInt()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit: number = DEFAULT_PAGE_LIMIT;
}

export class PaginationDto {
  @ApiProperty({ type: 'integer', example: 1 })
  page!: number;

  @ApiProperty({ type: 'integer', example: 20 })
  limit!: number;

  @ApiProperty({ type: 'integer', example: 137 })
  total!: number;

  @ApiProperty({ type: 'integer', example: 7 })
  totalPages!: number;
}

export function toPagination(query: PageQueryDto, total: number): PaginationDto {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}
