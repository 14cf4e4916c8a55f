// Applies the committed SQL migrations; an advisory lock lets several instances start at once. The same lock covers
// the demo seed of an empty database, so a second instance waits for the first one's seed and then sees it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { runtimePaths } from '../paths';

const MIGRATIONS_DIR = runtimePaths.migrationsDir;
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
    await migrateSession(client);
  } finally {
    await client.end();
  }
};

/** Applies the migrations not yet applied on this session's database, under the migration lock. */
export const migrateSession = (session: pg.Client | pg.PoolClient) =>
  holdingMigrationLock(session, () => migrate(drizzle(session), { migrationsFolder: MIGRATIONS_DIR }));

/** The code's migrations in order: the schema version of a database is how many of them it has applied. */
const readJournal = () =>
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };

export const readMigrations = () => {
  const journal = readJournal();
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return journal.entries.map((entry, index) => ({ tag: entry.tag, when: entry.when, ...files[index]! }));
};

/** The tags of the migrations applied on this session's database, in order (none on an empty database). */
export const readAppliedTags = async (session: Pick<pg.ClientBase, 'query'>) => {
  const found = await session.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as "isThere"`);
  if (!found.rows[0]?.isThere) return [];
  const { rows } = await session.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const known = new Map(readMigrations().map((migration) => [String(migration.when), migration.tag]));
  return rows.map((row) => known.get(String(row.created_at)) ?? `unknown (${row.created_at})`);
};

/**
 * Applies the first `count` migrations on an empty schema inside the caller's transaction and records them as
 * drizzle's migrator does (drizzle.__drizzle_migrations: hash, created_at), so a later start applies the rest.
 */
export const applyFirstMigrations = async (session: Pick<pg.ClientBase, 'query'>, count: number) => {
  await session.query('create schema if not exists drizzle');
  await session.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of readMigrations().slice(0, count)) {
    for (const statement of migration.sql) await session.query(statement);
    await session.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
};

/** Taken inside a transaction: a server starting meanwhile waits to migrate until it ends. */
export const lockMigrationsForTransaction = (session: Pick<pg.ClientBase, 'query'>) =>
  session.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);

/** How many migrations this code knows; a database with fewer or more is not this code's (/readyz). */
export const knownMigrationCount = (): number => readJournal().entries.length; // the journal alone, not the SQL

/** How many migrations the database has applied. */
export const appliedMigrationCount = async (session: Pick<pg.ClientBase, 'query'>): Promise<number> => {
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
