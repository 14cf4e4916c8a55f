// Writes made of one statement (checks, inserts and the audit row together: one round trip, no transaction held
// open between statements) refuse by calling refuse(reason) (migration 0011): PostgreSQL rolls the whole statement
// back and answers SQLSTATE ES001 with the reason as its message.
const REFUSAL_STATE = 'ES001';

type PgError = { code?: string; message?: string; cause?: PgError };

/** The reason a one-statement write refused with, or undefined for any other failure. */
export const refusalOf = (error: unknown): string | undefined => {
  const pgError = (error as PgError)?.code ? (error as PgError) : (error as PgError)?.cause;
  return pgError?.code === REFUSAL_STATE ? pgError.message : undefined;
};
