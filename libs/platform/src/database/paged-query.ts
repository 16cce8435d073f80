import type { DataSource, EntityManager } from 'typeorm';

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
export async function pageAndCount<T>(runner: DataSource | EntityManager, query: PagedQuery): Promise<{ rows: T[]; total: number }> {
  const pageParams = [...query.params, query.limit, query.offset];
  const [rows, counted] = await Promise.all([
    runner.query<T[]>(`${query.select} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`, pageParams),
    runner.query<Array<{ total: string }>>(query.count, query.params),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}
