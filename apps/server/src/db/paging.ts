// One page of a caller's list: `{ CurrentPage, PageSize }` in, the rows and totalCount out.
import { sql } from 'drizzle-orm';

export type Page = { page: number; pageSize: number };
export type PageOf<T> = { rows: T[]; totalCount: number };

type PreparedRead<T> = { execute: (values: Record<string, unknown>) => Promise<T[]> };

/** The total of the whole list, carried on every row of the page (select it as `total`). */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * One page of the employee's rows from two prepared statements taking `employeeId`, `limit` and `offset`.
 * The total rides along with the page (`totalOver()`), so a page is one query; only a page past the end
 * has no row to carry it and counts separately.
 */
export const readPage = async <T extends { total: number }>(
  { pageQuery, countQuery }: { pageQuery: PreparedRead<T>; countQuery: PreparedRead<{ n: number }> },
  employeeId: number,
  { page, pageSize }: Page,
): Promise<PageOf<Omit<T, 'total'>>> => {
  const rows = await pageQuery.execute({ employeeId, limit: pageSize, offset: (page - 1) * pageSize });
  const totalCount = rows[0]?.total ?? (page > 1 ? ((await countQuery.execute({ employeeId }))[0]?.n ?? 0) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount };
};
