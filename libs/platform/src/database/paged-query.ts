import type { DataSource, EntityManager } from 'typeorm';
import { toPagination, type PageQueryDto, type PaginationDto } from '#contracts';

/** A page of rows and how many match in all: what every paged repository method answers. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Which rows a page is: skip `offset`, take `limit`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** The rows `query.page` names, `query.limit` a page. */
export function pageWindow(query: PageQueryDto): PageWindow {
  return { offset: (query.page - 1) * query.limit, limit: query.limit };
}

/**
 * The body every paged list answers, `{ data, pagination }`: the page `query` names, fetched by
 * `fetch` (the repository's paged method, given the window), each row shown by `toItem`.
 */
export async function pagedList<Row, Item>(
  query: PageQueryDto,
  fetch: (window: PageWindow) => Promise<Page<Row>>,
  toItem: (row: Row) => Item,
): Promise<{ data: Item[]; pagination: PaginationDto }> {
  const { rows, total } = await fetch(pageWindow(query));
  return { data: rows.map(toItem), pagination: toPagination(query, total) };
}

export interface PagedQuery {
  /** The page's SELECT, without LIMIT/OFFSET (they are appended as the next two parameters). */
  select: string;
  /** The matching `SELECT count(*) AS total …` over the same conditions and parameters. */
  count: string;
  params: unknown[];
  limit: number;
  offset: number;
}

/** Runs one page and its exact count in parallel. */
export async function pageAndCount<T>(runner: DataSource | EntityManager, query: PagedQuery): Promise<Page<T>> {
  const pageParams = [...query.params, query.limit, query.offset];
  const [rows, counted] = await Promise.all([
    runner.query<T[]>(`${query.select} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`, pageParams),
    runner.query<Array<{ total: string }>>(query.count, query.params),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}
