// Before a start applies new migrations to the embedded database, an archive of it as it is: an upgrade can always
// be undone (`npm run ess -- restore` with the previous version). With DATABASE_URL the operator's own backups apply.
import pg from 'pg';
import { safeErrorLine } from '../core/safe-error';
import { readAppliedTags, readMigrations } from '../db/migrate';
import { StartupError } from '../startup-checks';
import { createBackup } from './backup';

export type BeforeMigrations = { mediaDir: string; backupDir: string; keyId: string; log: (message: string) => void };

/**
 * The archive `ess-backup-<stamp>-before-<next migration's number>.tar.gz` in BACKUP_DIR when the database holds
 * an older schema; nothing on an empty database or an up-to-date one. A failed backup refuses the start.
 */
export const backupBeforeMigrations = async (url: string, target: BeforeMigrations) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {}); // an idle connection ended meanwhile: the next query says so
  try {
    const applied = await readAppliedTags(pool);
    const known = readMigrations();
    if (applied.length === 0 || applied.length >= known.length) return undefined;
    const next = known[applied.length]!.tag;
    const written = await createBackup({
      pool,
      mediaDir: target.mediaDir,
      outDir: target.backupDir,
      keyId: target.keyId,
      suffix: `-before-${next.slice(0, 4)}`,
    }).catch((error) => {
      throw new StartupError(
        `BACKUP_DIR: the backup before migrating the database (schema version ${applied.length} to ` +
          `${known.length}) failed, so nothing was migrated: ${safeErrorLine(error)}; make ${target.backupDir} ` +
          'writable, or set BACKUP_DIR to a directory that is, and start again',
      );
    });
    target.log(
      `backup before migrating from ${applied.at(-1)} to ${known.at(-1)!.tag}: ${written.file} ` +
        '(restore it with the previous version to undo the upgrade)',
    );
    return written.file;
  } finally {
    await pool.end();
  }
};
