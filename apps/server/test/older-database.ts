// A database of the tests' cluster as an earlier version of the code left it: the first `migrations` of the journal
// applied (none: an empty database), plus what `fill` writes in the same transaction; dropped after `work`.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { applyFirstMigrations } from '../src/db/migrate';

export const withDatabaseMigratedTo = async (
  migrations: number,
  work: (url: string) => Promise<void>,
  fill?: (session: pg.Client) => Promise<unknown>,
) => {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  const name = `ess_older_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  try {
    if (migrations > 0) {
      const session = new pg.Client({ connectionString: url.toString() });
      await session.connect();
      try {
        await session.query('begin');
        await applyFirstMigrations(session, migrations);
        await fill?.(session);
        await session.query('commit');
      } finally {
        await session.end();
      }
    }
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};
