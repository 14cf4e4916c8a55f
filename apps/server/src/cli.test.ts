// The operator's commands as real processes beside a real server. reset-code on one DATA_DIR: the command uses the
// server's database and the server keeps answering; a second server refuses; after the server stops, the command runs
// a cluster of its own and stops it again. The first day on an empty DATABASE_URL: create-admin, the administrator
// in the console, a roster import, reset codes for the new employees, who sign in with them. Key rotation on an
// embedded install: a restart without any variable reads every number; a server with another key refuses to start.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  callApi,
  clientHash,
  createEmptyDatabase,
  findFreePort,
  makeDataDir,
  removeDataDirs,
  runCli,
  type ServerProcess,
  signIn,
  spawnServer,
  stopProcess,
  waitFor,
  waitForHealth,
} from '../test/server-process';
import { readConfig } from './config';
import { createPersonalDataCipher, keyIdOf } from './core/personal-data';
import { openDatabaseForTools } from './db/connect';

const dataDir = makeDataDir('ess-cli-test-');
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await stopProcess(server.child);
  await removeDataDirs();
});

const startServer = (port: number, env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'yes' }) => {
  const server = spawnServer({ ...env, PORT: String(port) });
  servers.push(server);
  return server;
};

const runResetCode = (port: number) =>
  runCli(['reset-code', '100001'], { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'yes' });

describe('reset-code beside the running server', () => {
  it('issues the code through the server’s cluster, which keeps serving; a second server refuses', async () => {
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(port);
    await waitForHealth(base, server);

    const { stdout } = await runResetCode(port);
    expect(stdout).toMatch(/reset code for 100001: \S+/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const signedIn = (await signIn(base, '100001', 'demo1234')).body;
    expect(signedIn.result).toBe(true);
    expect(signedIn.data.token).toBeTruthy();

    const second = startServer(await findFreePort());
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `[ess] another server is already running on this DATA_DIR (pid ${server.child.pid})`,
    );
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false);

    // No server: the command starts the cluster for itself and stops it when done.
    const alone = await runResetCode(port);
    expect(alone.stdout).toMatch(/reset code for 100001: \S+/);
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '').toBe('');
  }, 180_000);
});

type ImportJob = { id: number; status: string };

describe('the first day on an empty database', () => {
  it('create-admin, the console, a roster import, and reset codes for the new employees', async () => {
    const database = await createEmptyDatabase(inject('adminUrl'));
    try {
      const port = await findFreePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { DATABASE_URL: database.url, DATA_DIR: makeDataDir('ess-first-day-'), SEED_DEMO: 'no' };
      const server = startServer(port, env);
      await waitForHealth(base, server);
      expect(await database.query('select 1 from employees')).toEqual([]); // nobody can sign in

      // No terminal: a one-time password, printed once.
      const created = await runCli(['create-admin', '--emp-no', '900100', '--name', '张三', '--plant', 'NT'], env);
      expect(created.stdout).toContain('created 900100: roles Employee, HRAdmin, SysAdmin; administers NT');
      const oneTime = /one-time password: (\S+)/.exec(created.stdout)?.[1] as string;
      const first = await signIn(base, '900100', oneTime);
      expect(first.body.result).toBe(true);
      const profile = await callApi<{ mustChangePassword: boolean }>(
        base,
        'Account/CheckUserToken',
        first.body.data.token,
      );
      expect(profile.body.data.mustChangePassword).toBe(true);
      const changed = await callApi(base, 'Account/ChangePwd', first.body.data.token, {
        oldPwd: clientHash(oneTime),
        newPwd: clientHash('admin-pass-1'),
      });
      expect(changed.body.result).toBe(true);
      const token = (await signIn(base, '900100', 'admin-pass-1')).body.data.token;
      const session = await callApi<{ roles: string[] }>(base, 'Console/GetSession', token);
      expect(session.body.result).toBe(true);
      expect(session.body.data.roles).toEqual(expect.arrayContaining(['HRAdmin', 'SysAdmin']));
      expect((await callApi(base, 'People/Search', token, { bu: 'HZ' })).body).toMatchObject({ result: true });
      const audit = await database.query<{ action: string; actor_id: number | null }>(
        'select action, actor_id from audit_log order by id',
      );
      expect(audit.slice(0, 2)).toEqual([
        { action: 'person.create', actor_id: null },
        { action: 'person.roles', actor_id: null },
      ]);

      // 数据导入 → 员工花名册 of plant HZ, as the console sends it.
      const form = new FormData();
      form.append('bu', 'HZ');
      form.append('kind', 'employees');
      const roster =
        '工号,姓名,部门,班组,职务,工资单类型,入职日期\nR0001,新人甲,总装车间,一班,操作工,PS01,2026-11-02\nR0002,新人乙,总装车间,二班,操作工,PS01,2026-11-02\n';
      form.append('file', new Blob([roster], { type: 'text/csv' }), '花名册.csv');
      const upload = await fetch(`${base}/api/Import/Upload`, {
        method: 'POST',
        headers: { token, authorization: `Bearer ${token}` },
        body: form,
      });
      const uploaded = (await upload.json()) as { result: boolean; data: ImportJob };
      expect(uploaded.result).toBe(true);
      const jobStatus = async () =>
        (await callApi<ImportJob>(base, 'Import/GetJob', token, { id: uploaded.data.id })).body.data.status;
      await waitFor(async () => (await jobStatus()) === 'ready', { what: 'the roster checked' });
      expect((await callApi(base, 'Import/Commit', token, { id: uploaded.data.id })).body.result).toBe(true);
      await waitFor(async () => (await jobStatus()) === 'done', { what: 'the roster imported' });

      const out = path.join(env.DATA_DIR, 'codes.csv');
      const issued = await runCli(['reset-codes', '--plant', 'HZ', '--out', out, '--base-url', base], env);
      expect(issued.stdout).toContain('2 reset codes of plant HZ');
      const lines = readFileSync(out, 'utf8')
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('工号,姓名,部门,班组,重置码,链接,有效期至');
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 4))).toEqual([
        ['R0001', '新人甲', '总装车间', '一班'],
        ['R0002', '新人乙', '总装车间', '二班'],
      ]);
      for (const line of lines.slice(1)) {
        const [empNo, , , , code, link] = line.split(',') as string[];
        expect(link).toBe(`${base}/home/reset-password?code=${code}`);
        const reset = await fetch(`${base}/api/Account/ResetPassword`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        expect(((await reset.json()) as { result: boolean }).result).toBe(true);
        expect((await signIn(base, empNo!, '123456')).body.result).toBe(true); // INITIAL_PASSWORD, to be changed
      }
      // Everyone has a password now: a second run issues none.
      expect((await runCli(['reset-codes', '--plant', 'HZ'], env)).stdout.trim()).toBe(
        '工号,姓名,部门,班组,重置码,链接,有效期至',
      );

      await stopProcess(server.child);
      expect(await server.exited).toBe(0);
    } finally {
      await database.drop();
    }
  }, 180_000);

  it.runIf(existsSync('/usr/bin/script'))(
    'create-admin on a terminal asks the password twice',
    async () => {
      const database = await createEmptyDatabase(inject('adminUrl'));
      try {
        const env = { DATABASE_URL: database.url, DATA_DIR: makeDataDir('ess-first-day-') };
        // `script` gives the command a terminal; the password is typed when it is asked for.
        const command = `${process.execPath} --import tsx apps/server/src/cli.ts create-admin --emp-no 900200 --name 李四 --plant HZ`;
        const terminal = spawnServer(env, { command: ['script', '-qec', command, '/dev/null'], hasInput: true });
        await waitFor(() => terminal.output().includes('password (at least 6 characters): '), { what: 'the prompt' });
        terminal.child.stdin?.write('typed-pass-1\r');
        await waitFor(() => terminal.output().includes('the same password again: '), { what: 'the second prompt' });
        terminal.child.stdin?.write('typed-pass-1\r');
        expect(await terminal.exited).toBe(0);
        expect(terminal.output()).toContain('created 900200: roles Employee, HRAdmin, SysAdmin; administers HZ');
        expect(terminal.output()).not.toContain('typed-pass-1'); // not echoed
        const [row] = await database.query<{ must_change_password: boolean }>(
          "select must_change_password from employees where emp_no = '900200'",
        );
        expect(row).toEqual({ must_change_password: false }); // chosen by the administrator: kept
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});

describe('rotating the secret key of an embedded install', () => {
  /** Every sealed number of the records and the change requests, opened as a server of this DATA_DIR opens them. */
  const openEverySealedValue = async (keyDir: string) => {
    const config = readConfig({ DATA_DIR: keyDir });
    const { database, stop } = await openDatabaseForTools(config);
    try {
      const { rows } = await database.pool.query<{ sealed: string }>(
        `select emp_card_enc as sealed from employee_profiles where emp_card_enc is not null
         union all select bank_no_enc from bank_cards`,
      );
      const cipher = createPersonalDataCipher(config.secretKey, config.previousSecretKeys);
      return rows.map((row) => ({ keyId: row.sealed.split('.')[0], plain: cipher.open(row.sealed) }));
    } finally {
      await database.close();
      await stop();
    }
  };

  it('rotate-key leaves an install that reads every number after a restart without variables', async () => {
    const keyDir = makeDataDir('ess-rotation-');
    const env = { DATA_DIR: keyDir, SEED_DEMO: 'yes' };
    const port = await findFreePort();
    const first = startServer(port, env);
    await waitForHealth(`http://127.0.0.1:${port}`, first);
    await stopProcess(first.child);
    const oldKey = readFileSync(path.join(keyDir, 'secret-key'), 'utf8');
    const before = await openEverySealedValue(keyDir);
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((value) => value.keyId))).toEqual(new Set([keyIdOf(oldKey)]));

    const rotated = await runCli(['rotate-key'], env);
    const newKey = readFileSync(path.join(keyDir, 'secret-key'), 'utf8');
    expect(newKey).not.toBe(oldKey);
    expect(rotated.stdout).toContain(`new key ${keyIdOf(newKey)} in ${path.join(keyDir, 'secret-key')}`);
    expect(readFileSync(path.join(keyDir, 'previous-secret-keys'), 'utf8').split('\n')).toContain(oldKey);

    // Restarted with no SECRET_KEY nor PREVIOUS_SECRET_KEYS: it starts, and every number reads, now under the new key.
    const second = startServer(port, env);
    await waitForHealth(`http://127.0.0.1:${port}`, second);
    expect((await signIn(`http://127.0.0.1:${port}`, '100001', 'demo1234')).body.result).toBe(true);
    await stopProcess(second.child);
    const after = await openEverySealedValue(keyDir);
    expect(after.map((value) => value.plain)).toEqual(before.map((value) => value.plain));
    expect(new Set(after.map((value) => value.keyId))).toEqual(new Set([keyIdOf(newKey)]));

    // A rotation through the environment (the new SECRET_KEY, the file's in PREVIOUS_SECRET_KEYS), then reseal, which
    // moves the key file along, so that a restart without the variables still reads everything.
    const envKey = 'a-new-key-given-in-the-environment-40-chars';
    const resealed = await runCli(['reseal'], { ...env, SECRET_KEY: envKey, PREVIOUS_SECRET_KEYS: newKey });
    expect(resealed.stdout).toContain(`now holds key ${keyIdOf(envKey)}`);
    expect(readFileSync(path.join(keyDir, 'secret-key'), 'utf8')).toBe(envKey);
    const third = startServer(port, env);
    await waitForHealth(`http://127.0.0.1:${port}`, third);
    await stopProcess(third.child);
    const afterEnv = await openEverySealedValue(keyDir);
    expect(afterEnv.map((value) => value.plain)).toEqual(before.map((value) => value.plain));
    expect(new Set(afterEnv.map((value) => value.keyId))).toEqual(new Set([keyIdOf(envKey)]));

    // A server with a key that sealed none of it refuses, naming the key it lacks; nothing is left running.
    const strangerKey = 'another-key-of-forty-characters-or-more!';
    const stranger = startServer(port, { ...env, SECRET_KEY: strangerKey });
    expect(await stranger.exited).toBe(1);
    expect(stranger.output()).not.toContain('    at '); // no stack
    expect(stranger.output().trim().split('\n').at(-1)).toBe(
      `[ess] SECRET_KEY: the database holds ID and bank card numbers sealed with key ${keyIdOf(envKey)}, which this ` +
        `server lacks (it has ${[strangerKey, oldKey, newKey].map(keyIdOf).join(', ')}): set ` +
        'SECRET_KEY, or PREVIOUS_SECRET_KEYS, to the key that sealed them',
    );
    expect(existsSync(path.join(keyDir, 'pg-owner'))).toBe(false);
  }, 180_000);
});
