// Applies the committed SQL migrations; an advisory lock lets several instances start at once. The same lock covers
// the demo seed of an empty database, so a second instance waits for the first one's seed and then sees it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATION_LOCK_KEY = 7_301_955; // any constant shared by every instance
/** A host that drops packets would otherwise keep a start waiting for the system's TCP timeout (minutes). */
const CONNECT_TIMEOUT_MS = 15_000;

type Session = Pick<pg.ClientBase, 'query'>;

/** Runs `work` while this session holds the migration lock; other instances wait for it. */
const holdingMigrationLock = async <T>(session: Session, work: () => Promise<T>): Promise<T> => {
  await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    return await work();
  } finally {
    await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
  }
};

export const migrateDatabase = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await holdingMigrationLock(client, () => migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR }));
  } finally {
    await client.end();
  }
};

/** How many migrations this code knows (its journal); a database with fewer or more is not this code's. */
export const knownMigrationCount = (): number =>
  (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length;

/** How many migrations the database has applied. */
export const appliedMigrationCount = async (session: Session): Promise<number> => {
  const { rows } = await session.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return rows[0]?.count ?? 0;
};

/** Holds the migration lock on a connection of the pool while `work` runs (which may use the pool's others). */
export const withMigrationLock = async <T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    return await holdingMigrationLock(client, work);
  } finally {
    client.release();
  }
};

/** Creates the database named in the URL when it does not exist yet (embedded cluster, first start). */
export const ensureDatabase = async (adminUrl: string, name: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
};
