// Hot read queries as named prepared statements: the SQL is built once per database handle instead of on
// every request, and PostgreSQL parses and plans it once per connection. On 2 cores shared with the
// database this is a large part of a query call's cost (docs/performance.md).
import type { Db } from './client';

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
