// Writes made of one statement (checks, inserts and the audit row together: one round trip, no transaction held
// open between statements) refuse by calling refuse(reason) (migration 0011): PostgreSQL rolls the whole statement
// back and answers SQLSTATE ES001 with the reason as its message.
import { type SQL, sql } from 'drizzle-orm';

const REFUSAL_STATE = 'ES001';

/**
 * For a statement's final select: refuses with the reason of the first condition that holds, in the order given
 * (CASE tests its branches in order; AND would let the planner choose), else answers true.
 */
export const refuseOnFirst = (checks: [condition: SQL, reason: string][]) =>
  sql`(case ${sql.join(
    checks.map(([condition, reason]) => sql`when ${condition} then refuse(${reason}::text)`),
    sql` `,
  )} else true end)`;

type PgError = { code?: string; message?: string; cause?: PgError };

/** The reason a one-statement write refused with, or undefined for any other failure. */
export const refusalOf = (error: unknown): string | undefined => {
  const pgError = (error as PgError)?.code ? (error as PgError) : (error as PgError)?.cause;
  return pgError?.code === REFUSAL_STATE ? pgError.message : undefined;
};
