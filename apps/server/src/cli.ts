// Operator commands (`npm run ess -- <command>`), beside a running server or without one, on the embedded database
// of DATA_DIR or on DATABASE_URL. See `usage` below and docs/operations.md.
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { peopleRoutes } from '@ess/contract/people';
import { type Config, generateSecretKey, readConfig, secretKeyFiles, writeKeyFile } from './config';
import { BusinessError } from './core/errors';
import { createPersonalDataCipher, keyIdOf } from './core/personal-data';
import type { Database } from './db/client';
import { openDatabaseForTools } from './db/connect';
import { readLiveOwner } from './db/embedded-ownership';
import { withMigrationLock } from './db/migrate';
import { hashPassword, sha256Hex } from './lib/passwords';
import { createResetCode } from './modules/account/service';
import { createAdministrator, issueFirstResetCodes } from './modules/people/first-day';
import { resealPersonalData } from './modules/records/reseal';
import { createBackup } from './ops/backup';
import type { Manifest } from './ops/manifest';
import { countMedia, RestoreError, restoreArchive } from './ops/restore';
import { seedReferenceData } from './seed/demo';
import { StartupError } from './startup-checks';

const usage = `usage: npm run ess -- <command>
  create-admin --emp-no <no> [--name <name> --plant <plant>] [--roles SysAdmin,HRAdmin] [--admin-plants NT,HZ]
                 [--generate-password]
      an administrator of the console: a new employee (name and plant needed; the password is asked twice on a
      terminal, else a one-time password is printed that must be changed at the first sign-in), or an existing one
      who is given the roles
  reset-code <empNo>
      a one-time password-reset code (24 h) for one employee
  reset-codes --plant <plant> [--out codes.csv] [--base-url https://ess.example.com]
      a reset code for every employee of the plant who has no password yet (after a roster import), as CSV
  reseal
      seals every ID card and bank card number again with the current SECRET_KEY
  rotate-key
      without SECRET_KEY in the environment: a new key in DATA_DIR/secret-key, the old one kept in
      DATA_DIR/previous-secret-keys, every number sealed again (stop the server first)
  backup [--out DIR]
      one archive (.tar.gz) of the database (one consistent snapshot, also while the server runs), MEDIA_DIR and
      the SECRET_KEY's id (never the key), in BACKUP_DIR (default DATA_DIR/backups) or DIR (needed with
      DATABASE_URL and neither DATA_DIR nor BACKUP_DIR)
  restore <archive> [--yes] [--without-key]
      the installation back at the archive's state (stop the server first): the archive is checked whole before
      anything changes, an older schema is migrated, a newer one refused; --yes on DATABASE_URL (it replaces every
      table there); --without-key to go on when the configured keys cannot open the archive's sealed numbers`;

const { positionals, values: flags } = parseArgs({
  allowPositionals: true,
  options: {
    'emp-no': { type: 'string' },
    name: { type: 'string' },
    plant: { type: 'string' },
    roles: { type: 'string', default: 'SysAdmin,HRAdmin' },
    'admin-plants': { type: 'string' },
    'generate-password': { type: 'boolean', default: false },
    out: { type: 'string' },
    'base-url': { type: 'string', default: '' },
    yes: { type: 'boolean', default: false },
    'without-key': { type: 'boolean', default: false },
  },
});
const [command, ...rest] = positionals;
const list = (text: string | undefined) => (text ?? '').split(',').filter((item) => item.trim() !== '');

/** A mistake in what the operator typed: one line, exit 1. */
class UsageError extends Error {}

/** The contract's own rules (and Chinese messages) for an employee number, a name, plants and roles. */
const checked = <T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
) => {
  if (!result.success) throw new UsageError(result.error.issues.map((issue) => issue.message).join('；'));
  return result.data;
};

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'; // no 0/O, 1/l/I
const generatePassword = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Asked twice on a terminal, not echoed; generated (and to be changed at the first sign-in) otherwise or when asked. */
const choosePassword = async (): Promise<{ password: string; isGenerated: boolean }> => {
  if (flags['generate-password'] || !process.stdin.isTTY) return { password: generatePassword(), isGenerated: true };
  // readline edits the line on the terminal; its echo goes nowhere.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const terminal = createInterface({ input: process.stdin, output: silent, terminal: true });
  terminal.on('SIGINT', () => process.exit(130));
  const lines = terminal[Symbol.asyncIterator](); // keeps what was typed ahead
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const line = await lines.next();
    process.stdout.write('\n');
    if (line.done) throw new UsageError('no password given');
    return line.value;
  };
  try {
    for (;;) {
      const password = await ask('password (at least 6 characters): ');
      if (password.length < 6) console.error('too short');
      else if ((await ask('the same password again: ')) !== password) console.error('the two differ; once more');
      else return { password, isGenerated: false };
    }
  } finally {
    terminal.close();
  }
};

const createAdmin = async (database: Database) => {
  const person = peopleRoutes.createPerson.request.pick({ empNo: true, name: true, bu: true });
  const { empNo } = checked(person.pick({ empNo: true }).safeParse({ empNo: flags['emp-no'] }));
  const grant = checked(
    peopleRoutes.setPersonRoles.request
      .pick({ roles: true, adminPlants: true })
      .safeParse({ roles: list(flags.roles), adminPlants: list(flags['admin-plants'] ?? flags.plant) }),
  );
  const isNew = flags.name !== undefined || flags.plant !== undefined;
  const details = isNew
    ? checked(person.pick({ name: true, bu: true }).safeParse({ name: flags.name, bu: flags.plant }))
    : undefined;
  const chosen = details ? await choosePassword() : undefined;
  // On a database no server has started on yet, the roles come with the reference data.
  await withMigrationLock(database.pool, () => seedReferenceData(database.pool));
  const result = await createAdministrator(database.db, {
    empNo,
    roles: grant.roles,
    adminPlants: grant.roles.includes('HRAdmin') ? grant.adminPlants : [],
    newcomer:
      details && chosen
        ? {
            ...details,
            passwordHash: await hashPassword(sha256Hex(chosen.password)),
            mustChangePassword: chosen.isGenerated,
          }
        : undefined,
  });
  console.log(
    `${result.isNew ? 'created' : 'updated'} ${empNo}: roles ${result.roles.join(', ')}` +
      (result.adminPlants.length > 0 ? `; administers ${result.adminPlants.join(', ')}` : ''),
  );
  if (chosen?.isGenerated) {
    console.log(`one-time password: ${chosen.password}`);
    console.log('shown only now; it must be changed at the first sign-in (the console is at /admin)');
  } else if (!result.isNew) {
    console.log(`the password is unchanged (npm run ess -- reset-code ${empNo} if it is forgotten)`);
  }
};

const resetCodes = async (database: Database, config: Config) => {
  const { bu } = checked(peopleRoutes.createPerson.request.pick({ bu: true }).safeParse({ bu: flags.plant }));
  const issued = await issueFirstResetCodes(database.db, bu);
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [
    '工号,姓名,部门,班组,重置码,链接,有效期至',
    ...issued.map((row) =>
      [
        row.empNo,
        row.name,
        row.deptName,
        row.teamName,
        row.code,
        `${flags['base-url']}/home/reset-password?code=${encodeURIComponent(row.code)}`,
        row.expiresAt.toISOString(),
      ]
        .map(quote)
        .join(','),
    ),
  ];
  const note =
    `${issued.length} reset codes of plant ${bu}, valid 24 h, each works once: a code sets the password to ` +
    `INITIAL_PASSWORD (${config.INITIAL_PASSWORD}), which must be changed at the first sign-in`;
  if (flags.out) {
    // With a byte-order mark, so that Excel reads the Chinese; the codes are secrets: only the owner may read it.
    writeFileSync(flags.out, `\ufeff${lines.join('\r\n')}\r\n`, { mode: 0o600 });
    console.log(`${note}; written to ${flags.out}`);
  } else {
    console.log(lines.join('\n'));
    console.error(note); // stdout stays CSV
  }
};

const reseal = async (database: Database, config: Config) => {
  const count = await resealPersonalData(
    database.db,
    createPersonalDataCipher(config.secretKey, config.previousSecretKeys),
  );
  console.log(`sealed ${count} values again with the current SECRET_KEY (key ${keyIdOf(config.secretKey)})`);
  // SECRET_KEY given in the environment on an installation that keeps a key file: the file follows, so that a start
  // without the variable reads what was just sealed.
  const files = secretKeyFiles(config.dataDir);
  const fileKey = readKeyFile(files.current);
  if (config.SECRET_KEY && fileKey && fileKey !== config.SECRET_KEY) {
    keepPreviousKey(config, fileKey);
    writeKeyFile(files.current, config.SECRET_KEY);
    console.log(
      `${files.current} now holds key ${keyIdOf(config.SECRET_KEY)}; key ${keyIdOf(fileKey)} went to ${files.previous}`,
    );
  }
};

const rotateKey = async (config: Config) => {
  if (config.SECRET_KEY) {
    throw new UsageError(
      'SECRET_KEY is set in the environment: rotate it there (a new SECRET_KEY, the old one in PREVIOUS_SECRET_KEYS, ' +
        'restart, npm run ess -- reseal; docs/operations.md)',
    );
  }
  const owner = readLiveOwner(config.dataDir);
  if (owner?.role === 'server') {
    throw new UsageError(`stop the server first (pid ${owner.pid}): it signs and reads with the key being replaced`);
  }
  const files = secretKeyFiles(config.dataDir);
  const next = generateSecretKey();
  // Both keys are on disk before any value is sealed with the new one: whenever this stops, the files read everything.
  keepPreviousKey(config, config.secretKey);
  writeKeyFile(files.current, next);
  const { database, stop } = await openDatabaseForTools(config);
  try {
    const count = await resealPersonalData(
      database.db,
      createPersonalDataCipher(next, [config.secretKey, ...config.previousSecretKeys]),
    );
    console.log(
      `new key ${keyIdOf(next)} in ${files.current}; ${count} values sealed again; the former key ` +
        `${keyIdOf(config.secretKey)} stays in ${files.previous} for the audit log's older values`,
    );
  } finally {
    await database.close();
    await stop();
  }
};

const readKeyFile = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** Adds a key to DATA_DIR/previous-secret-keys (once). */
const keepPreviousKey = (config: Config, key: string) => {
  const file = secretKeyFiles(config.dataDir).previous;
  const kept = (readKeyFile(file) ?? '').split('\n').filter((line) => line.trim() !== '');
  if (!kept.includes(key)) writeKeyFile(file, `${[...kept, key].join('\n')}\n`);
};

const withDatabase = async <T>(config: Config, work: (database: Database) => Promise<T>) => {
  const { database, stop } = await openDatabaseForTools(config);
  try {
    return await work(database);
  } finally {
    await database.close();
    await stop();
  }
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rowsOf = (manifest: Manifest) => manifest.tables.reduce((sum, table) => sum + table.rows, 0);
const versionOf = (manifest: Manifest) => `${manifest.schema.migrations} (${manifest.schema.lastTag ?? 'empty'})`;

const backup = async (config: Config) => {
  if (config.DATABASE_URL && !flags.out && process.env.DATA_DIR === undefined && !config.BACKUP_DIR) {
    throw new UsageError('backup of DATABASE_URL without DATA_DIR: say where the archive goes with --out DIR');
  }
  const outDir = flags.out ? path.resolve(flags.out) : config.backupDir;
  await withDatabase(config, async (database) => {
    const { file, size, manifest, seconds } = await createBackup({
      pool: database.pool,
      mediaDir: config.mediaDir,
      outDir,
      keyId: keyIdOf(config.secretKey),
      bytesPerSecond: config.BACKUP_MB_PER_SECOND * 1024 * 1024,
    }).catch((error: Error) => {
      throw new UsageError(`backup failed, no archive written: ${error.message}`);
    });
    console.log(`backup written: ${file} (${megabytes(size)}, ${seconds.toFixed(1)} s)`);
    console.log(
      `${rowsOf(manifest)} rows in ${manifest.tables.length} tables, ${countMedia(manifest)} media files, ` +
        `schema version ${versionOf(manifest)}, PostgreSQL ${manifest.postgresVersion}`,
    );
    console.log(
      `SECRET_KEY id ${manifest.secretKey.id}` +
        (manifest.secretKey.sealedWith.length > 0
          ? `, numbers sealed with ${manifest.secretKey.sealedWith.join(', ')}`
          : '') +
        ': keep the key itself apart from the archive; without it the ID and bank card numbers cannot be read',
    );
  });
};

const restore = async (config: Config) => {
  const archive = rest[0];
  if (!archive) throw new UsageError(usage);
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    if (!flags.yes) {
      throw new UsageError(
        `restore replaces every table of database ${url.pathname.slice(1)} on ${url.host} and the files of ` +
          `MEDIA_DIR (${config.mediaDir}) with the archive's: stop every server using them, then run it again with --yes`,
      );
    }
  } else {
    const owner = readLiveOwner(config.dataDir);
    if (owner) {
      throw new UsageError(
        owner.role === 'server'
          ? `stop the server first (pid ${owner.pid}): restore replaces its database`
          : `a command (pid ${owner.pid}) is using the database in this DATA_DIR; restore when it has finished`,
      );
    }
  }
  const { manifest, loaded, version, keys, missing, seconds } = await restoreArchive({
    archive: path.resolve(archive),
    mediaDir: config.mediaDir,
    keyIds: createPersonalDataCipher(config.secretKey, config.previousSecretKeys).keyIds,
    withoutKey: flags['without-key'],
    withSession: (work) =>
      withDatabase(config, async (database) => {
        const client = await database.pool.connect();
        try {
          return await work(client);
        } finally {
          client.release();
        }
      }),
  });
  console.log(
    `restored ${archive} (made ${manifest.createdAt}): ${loaded.rows} rows in ${loaded.tables} tables, ` +
      `${countMedia(manifest)} media files, in ${seconds.toFixed(1)} s`,
  );
  console.log(
    loaded.migratedTo > loaded.migratedFrom
      ? `schema version ${versionOf(manifest)} migrated to ${version.currentName}`
      : `schema version ${versionOf(manifest)}, the code's own`,
  );
  if (missing.length > 0) {
    console.log(`WARNING: ${keys}: the server refuses to start until it has key ${missing.join(', ')}`);
  } else console.log(`${keys}: it opens them`);
};

const run = async () => {
  const config = readConfig();
  switch (command) {
    case 'create-admin':
      return withDatabase(config, createAdmin);
    case 'reset-code': {
      const empNo = rest[0];
      if (!empNo) throw new UsageError(usage);
      return withDatabase(config, async (database) => {
        const { code, expiresAt } = await createResetCode(database.db, empNo);
        console.log(`reset code for ${empNo}: ${code}`);
        console.log(
          `valid until ${expiresAt.toISOString()}, works once; the employee opens /home/reset-password?code=${code}`,
        );
      });
    }
    case 'reset-codes':
      return withDatabase(config, (database) => resetCodes(database, config));
    case 'reseal':
      return withDatabase(config, (database) => reseal(database, config));
    case 'rotate-key':
      return rotateKey(config);
    case 'backup':
      // Beside a serving instance on the same cores: its compression yields to the requests.
      os.setPriority(os.constants.priority.PRIORITY_LOW);
      return backup(config);
    case 'restore':
      return restore(config);
    default:
      throw new UsageError(usage);
  }
};

try {
  await run();
} catch (error) {
  const isOneLine =
    error instanceof BusinessError ||
    error instanceof UsageError ||
    error instanceof StartupError ||
    error instanceof RestoreError;
  console.error(isOneLine ? error.message : error);
  process.exitCode = 1;
}
