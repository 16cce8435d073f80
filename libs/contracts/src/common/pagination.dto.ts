import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
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

/** What a list's `search` matches (its description) and how long it may be (the column it searches). */
export interface SearchTextOptions {
  description: string;
  maxLength: number;
  example?: string;
}

/**
 * The `search` of a paged list, one rule for every list: a partial match on what the description
 * names, trimmed; a blank one is no search; at most `maxLength` characters.
 */
export function SearchText({ description, maxLength, example }: SearchTextOptions): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({ description, maxLength, ...(example !== undefined && { example }) }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    IsString(),
    MaxLength(maxLength),
  ];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

/** A paged search: `page`, `limit` (PageQueryDto) and `search` (SearchText); a list's own filters extend it. */
export function SearchPageQueryDto(options: SearchTextOptions) {
  class SearchPageQuery extends PageQueryDto {
    @SearchText(options)
    search?: string;
  }
  return SearchPageQuery;
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
