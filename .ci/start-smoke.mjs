// CI: `npm start` in the current directory, as a new user runs it: /healthz answers 200, / serves the app, the demo
// employee signs in through the API, and SIGTERM stops the server, which exits 0. Node only (no curl).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A deadline that does not keep this process alive once everything else is done. */
const deadline = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
const fail = (message) => {
  throw new Error(`start smoke: ${message}`);
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const ownerFile = path.resolve('data', 'pg-owner');
const { DATA_DIR, DATABASE_URL, ...env } = process.env; // the defaults: embedded cluster in ./data
const npm = spawn('npm', ['start'], {
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true, // its own process group, so a failed run can be cleaned up whole
});
let exitCode;
const exited = new Promise((resolve) =>
  npm.once('exit', (code, signal) => {
    exitCode = code ?? signal;
    resolve();
  }),
);

try {
  const giveUpAt = Date.now() + 300_000; // a first start may build the web app and seed the demo company
  for (;;) {
    if (exitCode !== undefined) fail(`npm start exited with ${exitCode} before /healthz answered`);
    const health = await fetch(`${base}/healthz`).catch(() => undefined);
    if (health?.status === 200) break;
    if (Date.now() > giveUpAt) fail('/healthz did not answer 200 within 300 s');
    await sleep(250);
  }
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) fail(`/ answered ${page.status} without the app`);

  const login = await fetch(`${base}/api/Account/CheckLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userAccount: '100001', password: createHash('sha256').update('demo1234').digest('hex') }),
  });
  const answer = await login.json();
  if (login.status !== 200 || answer.result !== true || !answer.data?.token) {
    fail(`sign-in answered ${login.status} ${JSON.stringify(answer)}`);
  }

  // SIGTERM goes to the server itself (npm's child), as a process manager would send it.
  const serverPid = JSON.parse(readFileSync(ownerFile, 'utf8')).pid;
  process.kill(serverPid, 'SIGTERM');
  await Promise.race([exited, deadline(30_000)]);
  if (exitCode !== 0) fail(`after SIGTERM npm start ended with ${exitCode ?? 'nothing within 30 s'}`);
  if (existsSync(ownerFile)) fail('the server exited without giving up the embedded cluster');
  console.log('start smoke: /healthz, / and sign-in answered; SIGTERM stopped the server cleanly');
} finally {
  if (exitCode === undefined) {
    process.kill(-npm.pid, 'SIGTERM');
    await Promise.race([exited, deadline(20_000)]);
    if (exitCode === undefined) process.kill(-npm.pid, 'SIGKILL');
  }
}
