// `npm run ess -- restore ARCHIVE`: an installation back at a backup's state. The archive is read whole and every
// entry checked against the manifest before anything changes; the database is then replaced in one transaction
// (the schema rebuilt by the code's migrations up to the archive's version, every table loaded by COPY, the
// sequences set), the remaining migrations applied, and MEDIA_DIR swapped for the archive's files.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  applyFirstMigrations,
  lockMigrationsForTransaction,
  migrateSession,
  readAppliedTags,
  readMigrations,
} from '../db/migrate';
import { ArchiveError, readTar } from './archive';
import {
  APP_SCHEMAS,
  ARCHIVE_FORMAT,
  MANIFEST_PATH,
  type Manifest,
  MIGRATIONS_TABLE,
  manifestSchema,
  tableEntryPath,
} from './manifest';

const MANIFEST_LIMIT = 64 * 1024 * 1024;

const isSafeEntryPath = (name: string) =>
  (name === MANIFEST_PATH || /^db\/[^/]+\.copy$/.test(name) || name.startsWith('media/')) &&
  !name.includes('\\') &&
  name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/**
 * Reads the archive whole into `stageDir` (db/…, media/…) and checks it: every entry the manifest lists, with its
 * size and SHA-256, and nothing else. Answers the manifest.
 */
export const unpackArchive = async (archive: string, stageDir: string): Promise<Manifest> => {
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: Buffer | undefined;
  const gunzip = createGunzip();
  const reading = pipeline(createReadStream(archive), gunzip);
  try {
    for await (const entry of readTar(gunzip)) {
      if (!isSafeEntryPath(entry.path)) throw new ArchiveError(`an entry outside what a backup holds: ${entry.path}`);
      if (found.has(entry.path)) throw new ArchiveError(`${entry.path} is in the archive twice`);
      const hash = createHash('sha256');
      if (entry.path === MANIFEST_PATH) {
        if (entry.size > MANIFEST_LIMIT) throw new ArchiveError('the manifest is implausibly large');
        const parts: Buffer[] = [];
        for await (const part of entry.body) parts.push(Buffer.from(part));
        manifestText = Buffer.concat(parts);
        hash.update(manifestText);
      } else {
        const target = path.join(stageDir, entry.path);
        mkdirSync(path.dirname(target), { recursive: true });
        const hashing = async function* (source: AsyncIterable<Buffer>) {
          for await (const part of source) {
            hash.update(part);
            yield part;
          }
        };
        const mode = entry.path.startsWith('media/') ? 0o644 : 0o600; // the server reads the media
        await pipeline(hashing(entry.body), createWriteStream(target, { mode }));
        utimesSync(target, entry.mtime, entry.mtime);
      }
      found.set(entry.path, { size: entry.size, sha256: hash.digest('hex') });
    }
    await reading;
  } catch (error) {
    reading.catch(() => {});
    gunzip.destroy();
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ArchiveError(`${archive} does not exist`);
    if (code?.startsWith('Z_') || code?.startsWith('ERR_ZLIB')) {
      throw new ArchiveError(`not a whole gzip archive (${(error as Error).message})`);
    }
    throw error;
  }
  if (!manifestText) throw new ArchiveError(`it has no ${MANIFEST_PATH} (not a backup, or cut short)`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText.toString('utf8')));
  } catch {
    throw new ArchiveError(`its ${MANIFEST_PATH} is not a backup's manifest`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new ArchiveError(`archive format ${manifest.format}, this code reads format ${ARCHIVE_FORMAT}`);
  }
  for (const listed of manifest.entries) {
    const entry = found.get(listed.path);
    if (!entry) throw new ArchiveError(`${listed.path} is missing`);
    if (entry.size !== listed.size || entry.sha256 !== listed.sha256) {
      throw new ArchiveError(`${listed.path} is damaged (its SHA-256 is not the manifest's)`);
    }
  }
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  for (const name of found.keys()) {
    if (name !== MANIFEST_PATH && !listed.has(name)) throw new ArchiveError(`${name} is not in the manifest`);
  }
  for (const table of manifest.tables) {
    if (!listed.has(tableEntryPath(table))) throw new ArchiveError(`the rows of ${table.name} are missing`);
  }
  return manifest;
};

/** The code's migrations up to the archive's version, or a refusal when the archive's schema is not one of them. */
export const checkSchemaVersion = (manifest: Manifest, refusal: (message: string) => Error) => {
  const known = readMigrations().map((migration) => migration.tag);
  const archived = manifest.schema.tags;
  const name = (tags: string[]) => `${tags.length} (${tags.at(-1) ?? 'empty'})`;
  if (archived.length > known.length || archived.some((tag, index) => tag !== known[index])) {
    throw refusal(
      `the archive is of schema version ${name(archived)}, newer than this code's ${name(known)}` +
        (archived.length > known.length ? '' : ' or not one of its migrations') +
        ': restore it with the version of the software that made it',
    );
  }
  return { archived: archived.length, current: known.length, currentName: name(known) };
};

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
export const loadDatabase = async (client: pg.PoolClient, manifest: Manifest, stageDir: string) => {
  let rows = 0;
  const loaded = manifest.tables.filter(
    (table) => !(table.schema === MIGRATIONS_TABLE.schema && table.name === MIGRATIONS_TABLE.name),
  );
  await client.query('begin');
  try {
    await lockMigrationsForTransaction(client);
    await dropAppSchema(client);
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
    throw error;
  }
  await migrateSession(client);
  await client.query('analyze'); // the planner's statistics of the loaded tables, before the first request
  const applied = await readAppliedTags(client);
  return { rows, tables: loaded.length, migratedFrom: manifest.schema.migrations, migratedTo: applied.length };
};

/** MEDIA_DIR becomes the staged media (renamed beside it, so the swap is two renames on one file system). */
export const swapMedia = (stagedMedia: string, mediaDir: string) => {
  if (!existsSync(stagedMedia)) mkdirSync(stagedMedia, { recursive: true });
  const former = `${mediaDir}.before-restore-${process.pid}-${randomBytes(3).toString('hex')}`;
  const hadMedia = existsSync(mediaDir);
  if (hadMedia) renameSync(mediaDir, former);
  renameSync(stagedMedia, mediaDir);
  if (hadMedia) rmSync(former, { recursive: true, force: true });
};

/** Where the archive is unpacked: beside MEDIA_DIR, so that its media can be renamed into place. */
export const makeStageDir = (mediaDir: string) => {
  const stage = path.join(path.dirname(mediaDir), `.ess-restore-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(stage, { recursive: true, mode: 0o700 });
  return stage;
};

export const countMedia = (manifest: Manifest) =>
  manifest.entries.filter((entry) => entry.path.startsWith('media/')).length;
