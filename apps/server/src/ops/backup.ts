// `npm run ess -- backup`: one archive of what brings the plant back. The database as a logical dump in one snapshot
// (a read-only REPEATABLE READ transaction, COPY of every table of the app's schemas, the sequences' values), so it
// is consistent while the server writes; the media files; a manifest naming the schema version, the SECRET_KEY's id
// (never the key) and every entry's size and SHA-256. Uploads are rows of the database (files, import_file_parts).
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { readAppliedTags } from '../db/migrate';
import { UPLOADS_DIR } from '../modules/materials/service';
import { type EntryWritten, TarWriter } from './archive';
import { APP_SCHEMAS, ARCHIVE_FORMAT, MANIFEST_PATH, type Manifest, tableEntryPath } from './manifest';
import { pacer } from './pace';

export type BackupResult = { file: string; size: number; manifest: Manifest; seconds: number };

/** `YYYYMMDD-HHMMSS` on China's clock (UTC+8 all year), the plants' time. */
export const chinaStamp = (at: Date) =>
  new Date(at.getTime() + 8 * 3600_000)
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-');

const quoted = (schema: string, name: string) => `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

type SnapshotTable = { schema: string; name: string; columns: string[]; rows: number; spooled: string };

/** Every table and sequence of the app's schemas as of one snapshot, the tables spooled to files in `spoolDir`. */
const dumpSnapshot = async (client: pg.ClientBase, spoolDir: string, paced: ReturnType<typeof pacer>) => {
  await client.query('begin isolation level repeatable read read only');
  try {
    // The first statement fixes the snapshot every later one reads.
    const { rows: about } = await client.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    const { rows: tables } = await client.query<{ schema: string; name: string; columns: string[] }>(
      `select n.nspname::text as schema, c.relname::text as name,
              array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       where c.relkind = 'r' and n.nspname = any($1)
       group by n.nspname, c.relname order by n.nspname, c.relname`,
      [APP_SCHEMAS],
    );
    const dumped: SnapshotTable[] = [];
    for (const table of tables) {
      const spooled = path.join(spoolDir, `${dumped.length}.copy`);
      const columns = table.columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
      const copy = client.query(copyTo(`copy ${quoted(table.schema, table.name)} (${columns}) to stdout`));
      // Rows counted from the data itself: COPY's text format ends every row with a newline byte (one inside a
      // value is escaped), while the stream's rowCount comes from the completion message, which may be read only
      // after the stream has ended.
      let rows = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
          done(null, chunk);
        },
      });
      await pipeline(copy, counted, paced(), createWriteStream(spooled));
      dumped.push({ ...table, rows, spooled });
    }
    // Sequences stand outside snapshots, but only grow: a value read now covers every row of the snapshot.
    const { rows: sequenceNames } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
      [APP_SCHEMAS],
    );
    const sequences = [];
    for (const sequence of sequenceNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from ${quoted(sequence.schema, sequence.name)}`,
      );
      sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const migrations = await readAppliedTags(client);
    const { rows: sealed } = await client.query<{ keyId: string }>(
      `select distinct split_part(sealed, '.', 1) as "keyId" from (
         select emp_card_enc as sealed from employee_profiles
         union all select bank_no_enc from bank_cards
         union all select proposed #>> '{base,empCard,sealed}' from change_requests
         union all select proposed #>> '{bank,bankNo,sealed}' from change_requests
       ) as values_sealed where sealed is not null and sealed <> '' order by 1`,
    );
    return { postgresVersion: about[0]!.version, tables: dumped, sequences, migrations, sealed };
  } finally {
    await client.query('rollback').catch(() => {});
  }
};

/**
 * The files of MEDIA_DIR (a link to a file counts, a dangling one does not), relative, with '/' between parts; not
 * the partial uploads of materials in `uploads/`, which grow while HR sends them (a file growing would fail the
 * backup) and are worth nothing restored.
 */
const listMedia = (mediaDir: string, outDir: string) => {
  if (!existsSync(mediaDir)) return [];
  const isFile = (file: string) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  return readdirSync(mediaDir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(`${outDir}${path.sep}`) && isFile(file)) // never the backups themselves
    .map((file) => path.relative(mediaDir, file).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${UPLOADS_DIR}/`))
    .sort();
};

/** Writes a file's exact size at the moment it is opened; a file that grows or shrinks meanwhile is refused. */
const addFileFrom = async (tar: TarWriter, name: string, file: string) => {
  const handle = await open(file, 'r');
  try {
    const stat = await handle.stat();
    return await tar.addFile(name, stat.size, handle.createReadStream({ autoClose: false }), stat.mtime);
  } finally {
    await handle.close();
  }
};

/** Places `draft` at `wanted`, or beside it (-2, -3 …) when a backup of the same second is there: never replaces one. */
const publish = (draft: string, wanted: string) => {
  for (let attempt = 1; ; attempt++) {
    const target = attempt === 1 ? wanted : wanted.replace(/\.tar\.gz$/, `-${attempt}.tar.gz`);
    try {
      linkSync(draft, target);
      rmSync(draft);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 50) throw error;
    }
  }
};

type Snapshot = Awaited<ReturnType<typeof dumpSnapshot>>;

/** The tables' rows, the media files and, last, the manifest that lists them with their hashes. */
const writeEntries = async (
  tar: TarWriter,
  {
    snapshot,
    mediaDir,
    outDir,
    keyId,
    now,
  }: { snapshot: Snapshot; mediaDir: string; outDir: string; keyId: string; now: Date },
) => {
  const entries: EntryWritten[] = [];
  for (const table of snapshot.tables) {
    entries.push(await addFileFrom(tar, tableEntryPath(table), table.spooled));
  }
  for (const file of listMedia(mediaDir, outDir)) {
    entries.push(await addFileFrom(tar, `media/${file}`, path.join(mediaDir, file)));
  }
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    createdAt: now.toISOString(),
    schema: {
      migrations: snapshot.migrations.length,
      lastTag: snapshot.migrations.at(-1) ?? null,
      tags: snapshot.migrations,
    },
    postgresVersion: snapshot.postgresVersion,
    secretKey: { id: keyId, sealedWith: snapshot.sealed.map((row) => row.keyId) },
    tables: snapshot.tables.map(({ schema, name, columns, rows }) => ({ schema, name, columns, rows })),
    sequences: snapshot.sequences,
    entries,
  };
  const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await tar.addFile(MANIFEST_PATH, text.length, [text], now);
  await tar.finish();
  return manifest;
};

export const createBackup = async ({
  pool,
  mediaDir,
  outDir,
  keyId,
  now = new Date(),
  suffix = '',
  bytesPerSecond = 0,
  signal,
}: {
  pool: pg.Pool;
  mediaDir: string;
  outDir: string;
  keyId: string;
  now?: Date;
  /** After the stamp, e.g. `-before-0016`: an archive the retention of the schedule leaves alone. */
  suffix?: string;
  /** Reading and compressing held to this pace on average (0: unheld). */
  bytesPerSecond?: number;
  /** Ends the backup between two chunks, leaving no archive (a server that stops). */
  signal?: AbortSignal;
}): Promise<BackupResult> => {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  const name = `ess-backup-${chinaStamp(now)}${suffix}.tar.gz`;
  const work = path.join(outDir, `.ess-backup-${process.pid}-${randomBytes(4).toString('hex')}`);
  const draft = `${work}.tar.gz.partial`;
  mkdirSync(work);
  try {
    const client = await pool.connect();
    let snapshot: Snapshot;
    try {
      snapshot = await dumpSnapshot(client, work, pacer(bytesPerSecond, signal));
    } finally {
      client.release();
    }
    const output = createWriteStream(draft, { mode: 0o600 }); // sealed numbers and password hashes: the owner's
    const gzip = createGzip({ level: 3 }); // COPY text compresses well already at a low level, several times faster
    const paced = pacer(bytesPerSecond, signal)();
    const written = pipeline(paced, gzip, output);
    const tar = new TarWriter(paced);
    const archiving = writeEntries(tar, { snapshot, mediaDir, outDir, keyId, now }).catch((error: Error) => {
      paced.destroy(error);
      throw error;
    });
    const [manifest] = await Promise.all([archiving, written]);
    const synced = await open(draft, 'r+');
    await synced.sync(); // on disk before it gets the name of a whole backup
    await synced.close();
    const file = publish(draft, path.join(outDir, name));
    return { file, size: statSync(file).size, manifest, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(draft, { force: true });
  }
};
