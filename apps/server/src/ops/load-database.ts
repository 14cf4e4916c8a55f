// The database part of a restore: in one transaction, every object of the app's schemas dropped, the schema built
// again by the code's migrations up to the archive's version, every table loaded by COPY, the sequences set; then
// the remaining migrations, as a start would apply them.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { applyFirstMigrations, lockMigrationsForTransaction, migrateSession, readAppliedTags } from '../db/migrate';
import { JOB_SCHEMA } from '../jobs/queue';
import { APP_SCHEMAS, type Manifest, MIGRATIONS_TABLE, tableEntryPath } from './manifest';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoted = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

/** Drops every object of the app's schemas (but what extensions own), so the migrations can build them again. */
const dropAppSchema = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ statement: string }>(
    `with app as (select oid from pg_namespace where nspname = any($1)),
     extension_owned as (select objid from pg_depend where deptype = 'e')
     select format('drop view if exists %I.%I cascade', n.nspname, c.relname) as statement, 1 as step
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relnamespace in (select oid from app) and c.relkind = 'v' and c.oid not in (select objid from extension_owned)
     union all select format('drop materialized view if exists %I.%I cascade', n.nspname, c.relname), 1
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relnamespace in (select oid from app) and c.relkind = 'm' and c.oid not in (select objid from extension_owned)
     union all select format('drop table if exists %I.%I cascade', n.nspname, c.relname), 2
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relnamespace in (select oid from app) and c.relkind in ('r', 'p') and c.oid not in (select objid from extension_owned)
     union all select format('drop sequence if exists %I.%I cascade', n.nspname, c.relname), 3
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relnamespace in (select oid from app) and c.relkind = 'S' and c.oid not in (select objid from extension_owned)
     union all select format('drop routine if exists %I.%I(%s) cascade', n.nspname, p.proname,
                             pg_get_function_identity_arguments(p.oid)), 4
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.pronamespace in (select oid from app) and p.prokind in ('f', 'p') and p.oid not in (select objid from extension_owned)
     union all select format('drop type if exists %I.%I cascade', n.nspname, t.typname), 5
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where t.typnamespace in (select oid from app) and t.typtype in ('e', 'd', 'r', 'm')
         and t.oid not in (select objid from extension_owned)
     order by step`,
    [APP_SCHEMAS],
  );
  for (const row of rows) await client.query(row.statement);
};

/** The tables in an order where a row's references are loaded before it (for a role that cannot skip the checks). */
const loadOrder = async (client: pg.ClientBase, tables: Manifest['tables']) => {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select format('%s.%s', cn.nspname, c.relname) as child, format('%s.%s', pn.nspname, p.relname) as parent
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
     join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const keyOf = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;
  const ordered: Manifest['tables'] = [];
  const placed = new Set<string>();
  let pending = [...tables];
  while (pending.length > 0) {
    const waiting = new Set(pending.map(keyOf));
    const ready = pending.filter((table) =>
      rows.every((row) => row.child !== keyOf(table) || placed.has(row.parent) || !waiting.has(row.parent)),
    );
    const next = ready.length > 0 ? ready : pending; // a cycle: the checks are off (replica role) or the load fails
    for (const table of next) {
      ordered.push(table);
      placed.add(keyOf(table));
    }
    pending = pending.filter((table) => !placed.has(keyOf(table)));
  }
  return ordered;
};

export type LoadResult = { rows: number; tables: number; migratedFrom: number; migratedTo: number };

/** Replaces the database's app schemas with the archive's tables (staged in `stageDir/db`), then migrates. */
export const loadDatabase = async (
  client: pg.PoolClient,
  manifest: Manifest,
  stageDir: string,
): Promise<LoadResult> => {
  let rows = 0;
  const loaded = manifest.tables.filter(
    (table) => !(table.schema === MIGRATIONS_TABLE.schema && table.name === MIGRATIONS_TABLE.name),
  );
  await client.query('begin');
  try {
    await lockMigrationsForTransaction(client);
    await dropAppSchema(client);
    // The job queue's state belongs to the instances that ran it: the first start after the restore makes it anew.
    await client.query(`drop schema if exists ${JOB_SCHEMA} cascade`);
    await applyFirstMigrations(client, manifest.schema.migrations);
    // Skips the foreign keys' and triggers' checks during the load (the rows come from one consistent snapshot);
    // a role that may not set it loads in the references' order instead.
    await client.query('savepoint replica_role');
    await client
      .query('set local session_replication_role = replica')
      .catch(() => client.query('rollback to savepoint replica_role'));
    for (const table of await loadOrder(client, loaded)) {
      const copy = client.query(
        copyFrom(`copy ${quoted(table.schema, table.name)} (${table.columns.map(quote).join(', ')}) from stdin`),
      );
      await pipeline(createReadStream(path.join(stageDir, tableEntryPath(table))), copy);
      if (copy.rowCount !== table.rows) {
        throw new Error(`${table.name}: ${copy.rowCount} rows loaded, the manifest says ${table.rows}`);
      }
      rows += copy.rowCount;
    }
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quoted(sequence.schema, sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw new Error(`the database was left as it was: ${(error as Error).message}`);
  }
  try {
    await migrateSession(client);
    await client.query('analyze'); // the planner's statistics of the loaded tables, before the first request
  } catch (error) {
    throw new Error(
      `the archive's rows are in, but migrating them to this version failed: ${(error as Error).message}`,
    );
  }
  const applied = await readAppliedTags(client);
  return { rows, tables: loaded.length, migratedFrom: manifest.schema.migrations, migratedTo: applied.length };
};
