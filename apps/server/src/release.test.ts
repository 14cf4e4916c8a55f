// The release as an operator deploys it: `npm run release` builds it, a copy outside the repository (so nothing
// resolves from the repository's node_modules) starts with `node server/main.mjs` alone, runs its embedded PostgreSQL,
// serves the web app and signs the demo employee in, `node server/cli.mjs backup` works beside it, and SIGTERM stops
// it with exit code 0 and no postgres left.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import {
  findFreePort,
  isAlive,
  postmasterPidOf,
  removeDataDirs,
  root,
  serverEnv,
  signIn,
  waitFor,
} from '../test/server-process';

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const temporary: string[] = [];
let stopServer = () => {};
afterAll(async () => {
  stopServer();
  await removeDataDirs();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

it('builds a release that runs with node alone outside the repository', { timeout: 60_000 }, async () => {
  // The web app is built only when its sources changed (`npm test` builds it first); bundling and the install of the
  // two externals from npm's cache take seconds.
  execFileSync(process.execPath, ['scripts/release.mjs', '--no-tar'], { cwd: root, stdio: 'ignore' });
  const installed = mkdtempSync(path.join(os.tmpdir(), 'ess-release-'));
  temporary.push(installed);
  chmodSync(installed, 0o755); // root's postgres user runs the binaries from here
  const app = path.join(installed, `ess-${version}`);
  cpSync(path.join(root, 'release', `ess-${version}`), app, { recursive: true, verbatimSymlinks: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-release-data-'));
  temporary.push(dataDir);
  chmodSync(dataDir, 0o755);

  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  // The release's own web build, not the tests' API-only setting.
  const { WEB_DIST: _webDist, ...env } = serverEnv({ DATA_DIR: dataDir, PORT: String(port) });
  const child = spawn(process.execPath, ['server/main.mjs'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  stopServer = () => child.exitCode === null && child.kill('SIGKILL');
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );

  await waitFor(
    async () =>
      child.exitCode !== null ||
      (await fetch(`${base}/readyz`).then(
        (answer) => answer.status === 200,
        () => false,
      )),
    { what: 'the release ready', timeoutMs: 40_000 },
  );
  expect(child.exitCode, output).toBeNull();
  const postmaster = postmasterPidOf(dataDir);

  const signedIn = await signIn(base, '100001', 'demo1234');
  expect(signedIn.body.result, signedIn.body.msg).toBe(true);
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  expect((await fetch(`${base}${script}`)).status).toBe(200);

  const backup = await promisify(execFile)(process.execPath, ['server/cli.mjs', 'backup'], { cwd: app, env });
  const archive = backup.stdout.match(/backup written: (\S+)/)?.[1];
  expect(archive && existsSync(archive), backup.stdout + backup.stderr).toBe(true);

  child.kill('SIGTERM');
  expect(await exited, output).toBe(0);
  expect(isAlive(postmaster)).toBe(false);
});
