// `npm run ess -- restore ARCHIVE`: an installation back at a backup's state. The archive is read whole and every
// entry checked against the manifest before anything changes; then the database is replaced (load-database.ts) and
// MEDIA_DIR swapped for the archive's files.
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  utimesSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { readMigrations } from '../db/migrate';
import { ArchiveError, readTar } from './archive';
import { loadDatabase } from './load-database';
import { ARCHIVE_FORMAT, MANIFEST_PATH, type Manifest, manifestSchema, tableEntryPath } from './manifest';

/** Why a restore did not happen, or failed, in one line for the operator (saying whether anything changed). */
export class RestoreError extends Error {}

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

/** MEDIA_DIR becomes the staged media (renamed beside it, so the swap is two renames on one file system). */
const swapMedia = (stagedMedia: string, mediaDir: string) => {
  if (!existsSync(stagedMedia)) mkdirSync(stagedMedia, { recursive: true });
  const former = `${mediaDir}.before-restore-${process.pid}-${randomBytes(3).toString('hex')}`;
  const hadMedia = existsSync(mediaDir);
  if (hadMedia) renameSync(mediaDir, former);
  renameSync(stagedMedia, mediaDir);
  if (hadMedia) rmSync(former, { recursive: true, force: true });
};

/** Where the archive is unpacked: beside MEDIA_DIR, so that its media can be renamed into place. */
const makeStageDir = (mediaDir: string) => {
  const stage = path.join(path.dirname(mediaDir), `.ess-restore-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(stage, { recursive: true, mode: 0o700 });
  return stage;
};

export const countMedia = (manifest: Manifest) =>
  manifest.entries.filter((entry) => entry.path.startsWith('media/')).length;

/**
 * Restores `archive`: checked whole (refused, nothing changed, when damaged, of a newer schema, or sealed with a key
 * the installation lacks unless `withoutKey`), the database replaced through `withSession`, MEDIA_DIR replaced.
 */
export const restoreArchive = async ({
  archive,
  mediaDir,
  keyIds,
  withoutKey,
  withSession,
}: {
  archive: string;
  mediaDir: string;
  /** The ids of the configured SECRET_KEY and previous keys. */
  keyIds: ReadonlySet<string>;
  withoutKey: boolean;
  withSession: <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
}) => {
  const started = performance.now();
  const media = existsSync(mediaDir) ? realpathSync(mediaDir) : mediaDir; // a link: the directory it names
  if (existsSync(archive) && realpathSync(archive).startsWith(`${media}${path.sep}`)) {
    throw new RestoreError(`${archive} is inside MEDIA_DIR, which restore replaces: move it out first`);
  }
  const stage = makeStageDir(media);
  try {
    const manifest = await unpackArchive(archive, stage).catch((error: Error) => {
      throw new RestoreError(
        error instanceof ArchiveError
          ? `${archive} is refused, nothing was changed: ${error.message}`
          : `restore failed, nothing was changed: ${error.message}`,
      );
    });
    const version = checkSchemaVersion(manifest, (message) => new RestoreError(`${message}; nothing was changed`));
    // The numbers sealed in the archive must open with the configured keys, else the server refuses to start.
    const needed = manifest.secretKey.sealedWith;
    const missing = needed.filter((keyId) => !keyIds.has(keyId));
    const keys =
      `the archive's ID and bank card numbers are sealed with key ${needed.join(', ') || '(none sealed)'}; ` +
      `this installation has key ${[...keyIds].join(', ')}`;
    if (missing.length > 0 && !withoutKey) {
      throw new RestoreError(
        `${keys}, not ${missing.join(', ')}: set SECRET_KEY (or DATA_DIR/secret-key) to the backup's key, or ` +
          'restore with --without-key and give the server that key before it starts; nothing was changed',
      );
    }
    const loaded = await withSession((client) => loadDatabase(client, manifest, stage)).catch((error: Error) => {
      throw new RestoreError(`restore failed: ${error.message}`);
    });
    swapMedia(path.join(stage, 'media'), media);
    return { manifest, loaded, version, keys, missing, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
};
