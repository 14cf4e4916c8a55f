// The restore drill and the archive's guards, with the real commands on the tests' PostgreSQL: a backup taken while
// proposals are being submitted holds every one acknowledged before it began and none sent after it ended; a restore
// after changes and deletions brings back exactly that, and the media files byte for byte. A damaged or cut archive
// and one from a newer schema are refused with the database untouched; one from an older schema is migrated.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { routes } from '@ess/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { withDatabaseMigratedTo } from '../../test/older-database';
import { improveForm } from '../../test/public-forms';
import { TEST_SECRET_KEY } from '../../test/secret-key';
import {
  findFreePort,
  makeDataDir,
  removeDataDirs,
  runCli,
  spawnServer,
  stopProcess,
  waitForHealth,
} from '../../test/server-process';
import { readConfig } from '../config';
import { keyIdOf } from '../core/personal-data';
import { openDatabaseForTools } from '../db/connect';
import { readMigrations } from '../db/migrate';
import { readTar, TarWriter } from './archive';
import { createBackup } from './backup';

let t: TestContext;
let env: Record<string, string>;
let mediaDir: string;
const dataDir = makeDataDir('ess-backup-test-');

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_SUBMIT_RATE_LIMIT: '100000' });
  mediaDir = path.join(dataDir, 'media');
  env = {
    DATABASE_URL: t.database.pool.options.connectionString as string,
    SECRET_KEY: TEST_SECRET_KEY,
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
  };
});
afterAll(async () => {
  await t.close();
  await removeDataDirs();
});

/** Every table of the app's schemas with a digest of its rows: equal digests, equal data. */
const fingerprint = async (pool: pg.Pool) => {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ digest: string }>(
      `select count(*) || ':' || md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as digest
       from ${name} t`,
    );
    digests[name] = rows[0]!.digest;
  }
  return digests;
};

const proposalsTitled = async (prefix: string) => {
  const { rows } = await t.database.pool.query<{ title: string; detail: string }>(
    'select title, detail from proposals where title like $1 order by title',
    [`${prefix}%`],
  );
  return new Map(rows.map((row) => [row.title, row.detail]));
};

const writeMedia = (files: Record<string, Buffer>) => {
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(mediaDir, name)), { recursive: true });
    writeFileSync(path.join(mediaDir, name), bytes);
  }
};

const readMedia = (dir = mediaDir): Record<string, Buffer> =>
  Object.fromEntries(
    (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file)];
      }),
  );

/** Runs a command that must fail; answers its last line of output. */
const refusalOf = async (args: string[], commandEnv = env) => {
  const failed = await runCli(args, commandEnv).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(1);
  return failed!.stderr.trim().split('\n').at(-1)!;
};

/** The archive's entries, changed by `edit`, packed again as the backup packs them. */
const repack = async (archive: string, edit: (name: string, bytes: Buffer) => Buffer) => {
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const entry of readTar(Readable.from([gunzipSync(readFileSync(archive))]))) {
    const parts: Buffer[] = [];
    for await (const part of entry.body) parts.push(Buffer.from(part));
    entries.push({ name: entry.path, bytes: edit(entry.path, Buffer.concat(parts)) });
  }
  const chunks: Buffer[] = [];
  const sink = new (await import('node:stream')).Writable({
    write: (chunk, _encoding, done) => {
      chunks.push(chunk);
      done();
    },
  });
  const tar = new TarWriter(sink);
  for (const entry of entries) await tar.addFile(entry.name, entry.bytes.length, [entry.bytes]);
  await tar.finish();
  const out = path.join(dataDir, `forged-${randomBytes(4).toString('hex')}.tar.gz`);
  writeFileSync(out, gzipSync(Buffer.concat(chunks)));
  return out;
};

const editManifest =
  (edit: (manifest: { schema: { migrations: number; lastTag: string; tags: string[] } }) => void) =>
  (name: string, bytes: Buffer) => {
    if (name !== 'manifest.json') return bytes;
    const manifest = JSON.parse(bytes.toString('utf8'));
    edit(manifest);
    return Buffer.from(JSON.stringify(manifest));
  };

let archive: string;

describe('the restore drill', () => {
  it('restores every row acknowledged before the backup began, none sent after it ended, and the media', async () => {
    const media = {
      'onboarding-guide.pdf': randomBytes(40_000),
      '安全培训/叉车操作.mp4': randomBytes(250_000),
      'docs/a long name of a document that does not fit in the hundred bytes of a plain tar header, surely.docx':
        Buffer.from('word'),
    };
    writeMedia(media);
    // A material's upload under way (tus): not archived, it grows while HR sends it.
    writeMedia({ 'uploads/0123456789abcdef0123456789abcdef': randomBytes(10_000) });

    // Proposals submitted through the app, two at a time, each remembered with when it was sent and acknowledged.
    type Write = { title: string; detail: string; sentAt: number; ackedAt: number };
    const acknowledged: Write[] = [];
    let stop = false;
    let counter = 0;
    const writer = async () => {
      while (!stop) {
        const number = counter++;
        const write = {
          title: `drill-${String(number).padStart(5, '0')}`,
          detail: `第${number}条`,
          sentAt: Date.now(),
        };
        const answer = await t.call(
          routes.modifyProposalImproveDetail,
          { modify: JSON.stringify(improveForm({ ImproveName: write.title, ImproveDetail: write.detail })) },
          null,
        );
        expect(answer.body.result).toBe(true);
        acknowledged.push({ ...write, ackedAt: Date.now() });
      }
    };
    const writers = [writer(), writer()];
    const waitForWrites = async (count: number) => {
      const target = acknowledged.length + count;
      while (acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await waitForWrites(10);
    const before = await fingerprint(t.database.pool);

    const startedAt = Date.now();
    const backedUp = await runCli(['backup', '--out', path.join(dataDir, 'backups')], env);
    const finishedAt = Date.now();
    await waitForWrites(10);
    stop = true;
    await Promise.all(writers);

    archive = /backup written: (\S+)/.exec(backedUp.stdout)?.[1] as string;
    expect(path.basename(archive)).toMatch(/^ess-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(backedUp.stdout).toContain(`SECRET_KEY id ${keyIdOf(TEST_SECRET_KEY)}`);
    expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([path.basename(archive)]); // no draft left
    const earlier = acknowledged.filter((write) => write.ackedAt < startedAt);
    const later = acknowledged.filter((write) => write.sentAt > finishedAt);
    expect(earlier.length).toBeGreaterThanOrEqual(10);
    expect(later.length).toBeGreaterThanOrEqual(5);
    console.log(
      `drill: backup in ${finishedAt - startedAt} ms; ${acknowledged.length} proposals written, ` +
        `${earlier.length} before it, ${later.length} after it`,
    );

    // After the backup: rows changed and deleted (acknowledged ones among them), new ones, the media changed.
    await t.database.pool.query(`update proposals set detail = 'changed' where title in ($1, $2)`, [
      earlier[0]!.title,
      earlier[1]!.title,
    ]);
    await t.database.pool.query('delete from proposals where title = any($1)', [
      earlier.slice(2, 5).map((w) => w.title),
    ]);
    await t.database.pool.query(`update employees set name = '改名' where emp_no = '100001'`);
    await t.database.pool.query(
      `delete from payslips where employee_id in (select id from employees where emp_no = '100002')`,
    );
    rmSync(path.join(mediaDir, 'onboarding-guide.pdf'));
    writeFileSync(path.join(mediaDir, '安全培训/叉车操作.mp4'), 'overwritten');
    writeMedia({ 'added-later.txt': Buffer.from('new') });

    const restoreStarted = Date.now();
    const restored = await runCli(['restore', archive, '--yes'], env);
    console.log(`drill: restore in ${Date.now() - restoreStarted} ms: ${restored.stdout.split('\n')[0]}`);
    expect(restored.stdout).toContain(`it opens them`);

    const titles = await proposalsTitled('drill-');
    for (const write of earlier) expect(titles.get(write.title), write.title).toBe(write.detail);
    for (const write of later) expect(titles.has(write.title), write.title).toBe(false);
    // One moment for every table: each proposal with its audit row, no audit row without its proposal (the audit
    // table is copied before the proposals: copies of different moments would part them).
    const { rows: unpaired } = await t.database.pool.query(
      `select p.id from proposals p where not exists
         (select 1 from audit_log a where a.subject_type = 'proposal' and a.subject_id = p.id::text)
       union all select a.id from audit_log a where a.subject_type = 'proposal'
         and not exists (select 1 from proposals p where p.id::text = a.subject_id)`,
    );
    expect(unpaired).toEqual([]);
    expect(titles.size).toBeGreaterThan(earlier.length); // some written during the backup are in it too
    // Tables the drill's writes never touch are as they were before the backup, row for row.
    const after = await fingerprint(t.database.pool);
    for (const table of ['public.employees', 'public.payslips', 'public.bank_cards', 'public.files']) {
      expect(after[table], table).toBe(before[table]);
    }
    expect(readMedia()).toEqual(media);
  }, 120_000);

  it('refuses a damaged or cut archive, and takes back a load that fails midway: nothing changes', async () => {
    const before = await fingerprint(t.database.pool);
    const mediaBefore = readMedia();
    const damaged = path.join(dataDir, 'damaged.tar.gz');
    const whole = gunzipSync(readFileSync(archive));
    const at = whole.indexOf('db/public.employees.copy') + 512 + 20; // a byte of the employees' rows
    whole[at] = whole[at]! ^ 0x01;
    writeFileSync(damaged, gzipSync(whole));
    expect(await refusalOf(['restore', damaged, '--yes'])).toBe(
      `${damaged} is refused, nothing was changed: db/public.employees.copy is damaged (its SHA-256 is not the manifest's)`,
    );

    const cut = path.join(dataDir, 'cut.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(await refusalOf(['restore', cut, '--yes'])).toMatch(
      new RegExp(`^${cut} is refused, nothing was changed: not a whole gzip archive`),
    );
    // Whole and consistent, but a table's rows do not load as the manifest says: found midway through the load,
    // after the schema was dropped and rebuilt and other tables loaded; the one transaction takes it all back.
    const miscounted = await repack(archive, (name, bytes) => {
      if (name !== 'manifest.json') return bytes;
      const manifest = JSON.parse(bytes.toString('utf8'));
      const table = manifest.tables.find((entry: { name: string }) => entry.name === 'proposals');
      table.rows += 1;
      return Buffer.from(JSON.stringify(manifest));
    });
    expect(await refusalOf(['restore', miscounted, '--yes'])).toMatch(
      /^restore failed: the database was left as it was: proposals: (\d+) rows loaded, the manifest says \d+$/,
    );
    expect(await fingerprint(t.database.pool)).toEqual(before);
    expect(readMedia()).toEqual(mediaBefore);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.ess-restore'))).toEqual([]);
  }, 60_000);

  it('refuses an archive of a newer schema and migrates one of an older schema', async () => {
    const known = readMigrations().map((migration) => migration.tag);
    const newer = await repack(
      archive,
      editManifest((manifest) => {
        manifest.schema.tags.push('9999_from_the_future');
        manifest.schema.migrations += 1;
        manifest.schema.lastTag = '9999_from_the_future';
      }),
    );
    const before = await fingerprint(t.database.pool);
    expect(await refusalOf(['restore', newer, '--yes'])).toBe(
      `the archive is of schema version ${known.length + 1} (9999_from_the_future), newer than this code's ` +
        `${known.length} (${known.at(-1)}): restore it with the version of the software that made it; nothing was changed`,
    );
    expect(await fingerprint(t.database.pool)).toEqual(before);

    // A database one migration short: an empty one given the code's migrations but the last, as the previous
    // version would have left it, with a row in it, backed up as it is.
    await withDatabaseMigratedTo(
      known.length - 1,
      async (olderUrl) => {
        const pool = new pg.Pool({ connectionString: olderUrl, max: 2 });
        pool.on('error', () => {}); // the drop after the work ends a connection the pool is still closing
        let file: string;
        try {
          ({ file } = await createBackup({
            pool,
            mediaDir,
            outDir: path.join(dataDir, 'older'),
            keyId: keyIdOf(TEST_SECRET_KEY),
          }));
        } finally {
          await pool.end();
        }

        const restored = await runCli(['restore', file, '--yes'], env);
        expect(restored.stdout).toContain(
          `schema version ${known.length - 1} (${known.at(-2)}) migrated to ${known.length} (${known.at(-1)})`,
        );
        const migrated = await t.database.pool.query(
          `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                  (select description from roles where name = 'OlderRole') as description`,
        );
        expect(migrated.rows[0]).toEqual({ migrations: known.length, description: '上一版本的角色' });
        expect(await proposalsTitled('drill-')).toEqual(new Map()); // the older database's rows, not the drill's
      },
      (session) => session.query("insert into roles (name, description) values ('OlderRole', '上一版本的角色')"),
    );
  }, 90_000);

  it('restores as a role that owns its database but is no superuser (the references checked, in their order)', async () => {
    const role = `ess_restorer_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login password 'restorer-pass'`);
      await admin.query(`create database ${role} owner ${role}`);
      const url = new URL(inject('adminUrl'));
      url.username = role;
      url.password = 'restorer-pass';
      url.pathname = `/${role}`;
      const restored = await runCli(['restore', archive, '--yes'], { ...env, DATABASE_URL: url.toString() });
      const manifestRows = /: (\d+) rows in \d+ tables/.exec(restored.stdout)?.[1];
      const copy = new pg.Client({ connectionString: url.toString() });
      await copy.connect();
      try {
        const { rows } = await copy.query<{ titles: number }>(
          `select count(*)::int as titles from proposals where title like 'drill-%'`,
        );
        expect(rows[0]!.titles).toBeGreaterThan(0);
        expect(Number(manifestRows)).toBeGreaterThan(1000);
      } finally {
        await copy.end();
      }
    } finally {
      await admin.query(`drop database if exists ${role} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  }, 60_000);

  it('asks for --yes on DATABASE_URL, --without-key for a key it lacks, --out without DATA_DIR; a failed backup leaves nothing', async () => {
    expect(await refusalOf(['restore', archive])).toMatch(/^restore replaces every table of database ess_test_\w+ on /);
    const strangerKey = 'another-secret-key-that-is-long-enough-0000';
    const before = await fingerprint(t.database.pool);
    expect(await refusalOf(['restore', archive, '--yes'], { ...env, SECRET_KEY: strangerKey })).toBe(
      `the archive's ID and bank card numbers are sealed with key ${keyIdOf(TEST_SECRET_KEY)}; this installation ` +
        `has key ${keyIdOf(strangerKey)}, not ${keyIdOf(TEST_SECRET_KEY)}: set SECRET_KEY (or DATA_DIR/secret-key) to ` +
        "the backup's key, or restore with --without-key and give the server that key before it starts; nothing was changed",
    );
    expect(await fingerprint(t.database.pool)).toEqual(before);
    const anyway = await runCli(['restore', archive, '--yes', '--without-key'], { ...env, SECRET_KEY: strangerKey });
    expect(anyway.stdout.trim().split('\n').at(-1)).toBe(
      `WARNING: the archive's ID and bank card numbers are sealed with key ${keyIdOf(TEST_SECRET_KEY)}; this ` +
        `installation has key ${keyIdOf(strangerKey)}: the server refuses to start until it has key ${keyIdOf(TEST_SECRET_KEY)}`,
    );
    // A media file that changes while it is archived (a /proc file: its size says 0, it reads more) fails the backup
    // after the database's rows were written: one line, and nothing left in the directory.
    const changing = makeDataDir('ess-backup-changing-');
    mkdirSync(path.join(changing, 'media'));
    symlinkSync('/proc/self/status', path.join(changing, 'media', 'changing.txt'));
    const out = path.join(changing, 'out');
    expect(await refusalOf(['backup', '--out', out], { ...env, MEDIA_DIR: path.join(changing, 'media') })).toBe(
      'backup failed, no archive written: media/changing.txt changed while it was being archived',
    );
    expect(readdirSync(out)).toEqual([]);
    const { DATA_DIR: _, ...withoutDataDir } = env;
    expect(await refusalOf(['backup'], withoutDataDir)).toBe(
      'backup of DATABASE_URL without DATA_DIR: say where the archive goes with --out DIR',
    );
  }, 60_000);
});

describe('on the embedded database of a DATA_DIR', () => {
  /** A query on DATA_DIR's cluster, as a command opens it (beside a running server, or a cluster of its own). */
  const queryEmbedded = async (dir: string, sql: string) => {
    const { database, stop } = await openDatabaseForTools(readConfig({ DATA_DIR: dir }));
    try {
      return (await database.pool.query(sql)).rows;
    } finally {
      await database.close();
      await stop();
    }
  };
  const digestSql = `select (select count(*) from payslips) as payslips,
    (select md5(string_agg(name, ',' order by id)) from employees) as names`;

  it('backs up beside the running server, refuses to restore under it, restores once it has stopped', async () => {
    const embeddedDir = makeDataDir('ess-backup-embedded-');
    const embeddedEnv = { DATA_DIR: embeddedDir, SEED_DEMO: 'yes' };
    const port = await findFreePort();
    const server = spawnServer({ ...embeddedEnv, PORT: String(port) });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, server);
      const before = await queryEmbedded(embeddedDir, digestSql);
      const backedUp = await runCli(['backup'], embeddedEnv);
      const written = /backup written: (\S+)/.exec(backedUp.stdout)?.[1] as string;
      expect(path.dirname(written)).toBe(path.join(embeddedDir, 'backups'));
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(await refusalOf(['restore', written], embeddedEnv)).toBe(
        `stop the server first (pid ${server.child.pid}): restore replaces its database`,
      );

      await stopProcess(server.child);
      await queryEmbedded(embeddedDir, `delete from payslips; update employees set name = '改名'`);
      const restored = await runCli(['restore', written], embeddedEnv);
      expect(restored.stdout).toContain('it opens them');
      expect(await queryEmbedded(embeddedDir, digestSql)).toEqual(before);
      expect(Number(before[0].payslips)).toBeGreaterThan(0);
    } finally {
      await stopProcess(server.child);
    }
  }, 180_000);
});
