// Hot read queries as named prepared statements: the SQL is built once per database handle instead of on
// every request, and PostgreSQL parses and plans it once per connection. On 2 cores shared with the
// database this is a large part of a query call's cost (docs/performance.md).
import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import type { Db } from './client';
import type { Executor } from './transaction';

const dialect = new PgDialect();

/** `build` runs once per Db handle (tests open several); later calls reuse its prepared query. */
export const preparedFor = <P>(build: (db: Db) => P): ((db: Db) => P) => {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
};

/**
 * A statement written with `sql` and `sql.placeholder(…)`, built once and run as a named prepared statement on the
 * handle's pool with the placeholders' values: for a hot read whose text never changes, where building the text
 * (executeNamed) and the query builder's own steps were a measurable part of the call.
 */
export const preparedSql = <R extends Record<string, unknown>>(name: string, query: SQL) => {
  const built = dialect.sqlToQuery(query);
  return (db: Db) => (values: Record<string, unknown>) =>
    db.$client.query<R>({ name, text: built.sql, values: fillPlaceholders(built.params, values) });
};

/** Distinct statement texts named so far; past the cap (texts that vary without bound) statements go unnamed. */
const MAX_NAMED_TEXTS = 500;
const nameOfText = new Map<string, string>();

/**
 * Runs a statement written with `sql` as a named prepared statement, named after its text: each connection parses
 * it once, PostgreSQL plans it once instead of on every call, and later calls send only its parameters. For the
 * write paths whose statements are long and whose text depends only on the shape of the request (which record sets,
 * with or without a key): planning was close to half of the database's time of a change submission.
 */
export const executeNamed = <R extends Record<string, unknown>>(db: Executor, query: SQL): Promise<QueryResult<R>> => {
  const built = dialect.sqlToQuery(query);
  let name = nameOfText.get(built.sql);
  if (!name && nameOfText.size < MAX_NAMED_TEXTS) {
    name = `w_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    nameOfText.set(built.sql, name);
  }
  return db._.session.prepareQuery(built, undefined, name, false).execute() as Promise<QueryResult<R>>;
};
