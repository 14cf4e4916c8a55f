// The server as an operator runs it: its embedded PostgreSQL killed under it comes back (with a log line) and the
// requests recover; stopped the usual ways with sign-ins in flight — SIGTERM to npm, SIGINT or SIGTERM to the whole
// process group — every request is answered, nothing is left running, and the next start succeeds.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clientHash,
  findFreePort,
  healthOf,
  isAlive,
  makeDataDir,
  postmasterPidOf,
  removeDataDirs,
  type ServerProcess,
  signIn,
  spawnServer,
  stopProcess,
  waitFor,
  waitForHealth,
} from '../test/server-process';

const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) {
    try {
      if (!server.hasExited() && server.child.pid) process.kill(-server.child.pid, 'SIGKILL'); // npm's group
    } catch {}
    await stopProcess(server.child, 'SIGKILL');
  }
  await removeDataDirs();
});

describe('a supervised embedded PostgreSQL', () => {
  it('comes back after its postmaster is killed with -9: a log line, then the requests answer again', async () => {
    const dataDir = makeDataDir('ess-supervised-');
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'no' });
    started.push(server);
    await waitForHealth(base, server);
    const killed = postmasterPidOf(dataDir);
    process.kill(killed, 'SIGKILL');

    await waitFor(() => server.output().includes('stopped unexpectedly'), { what: 'the log line' });
    expect(server.output()).toContain(
      `[ess] the embedded PostgreSQL (pid ${killed}) stopped unexpectedly (SIGKILL); starting it again on 127.0.0.1:`,
    );
    await waitFor(() => /\[ess\] the embedded PostgreSQL is back \(pid \d+\)/.test(server.output()), {
      what: 'the line that it is back',
    });
    expect(await healthOf(base)).toBe(200);
    expect(postmasterPidOf(dataDir)).not.toBe(killed);
    // A call that needs the database answers as usual (no such account here: the generic refusal).
    const answer = await signIn(base, '100001', 'demo1234');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe(false);
    expect(server.hasExited()).toBe(false);

    await stopProcess(server.child);
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('exits non-zero with one line when it does not come back', async () => {
    const dataDir = makeDataDir('ess-supervised-');
    const port = await findFreePort();
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'no' });
    started.push(server);
    await waitForHealth(`http://127.0.0.1:${port}`, server);
    // A setting PostgreSQL refuses: every start after the kill fails.
    appendFileSync(path.join(dataDir, 'pg', 'postgresql.conf'), '\nno_such_setting = 1\n');
    process.kill(postmasterPidOf(dataDir), 'SIGKILL');

    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /\n\[ess\] the embedded PostgreSQL did not come back after 5 attempts \(The embedded PostgreSQL exited during start \(FATAL: configuration file "\S+postgresql\.conf" contains errors\)\. Its log:\); see \S+postgres\.log\n/,
    );
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false);
  }, 120_000);
});

describe('stopping `npm start` the usual ways', () => {
  const dataDir = makeDataDir('ess-npm-start-');

  /** `npm start` in a process group of its own, as a terminal or a service manager runs it. */
  const startWithNpm = async () => {
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const npm = spawnServer({ DATA_DIR: dataDir, PORT: String(port) }, { command: ['npm', 'start'], detached: true });
    started.push(npm);
    await waitForHealth(base, npm); // the first start seeds the demo company
    const serverPid = (JSON.parse(readFileSync(path.join(dataDir, 'pg-owner'), 'utf8')) as { pid: number }).pid;
    return { npm, base, serverPid, postmasterPid: postmasterPidOf(dataDir) };
  };

  /**
   * 30 sign-ins (argon2: each takes a while), each on a connection of its own; the stop is sent once every request
   * has been written to its socket and the first one is answered, so the others are in flight.
   */
  const stopWithSignInsInFlight = async (base: string, sendStop: () => void) => {
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const sent: Promise<void>[] = [];
    const answers = Array.from({ length: 30 }, (_, index) => {
      const body = JSON.stringify({ userAccount: String(100001 + index), password: clientHash('demo1234') });
      return new Promise<{ status: number; text: string; at: number }>((resolve) => {
        const request = http.request(`${base}/api/Account/CheckLogin`, {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        sent.push(new Promise((written) => request.once('finish', () => written())));
        request.once('response', (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.once('end', () => resolve({ status: response.statusCode ?? 0, text, at: Date.now() }));
        });
        request.once('error', (error) => resolve({ status: 0, text: error.message, at: Date.now() }));
        request.end(body);
      });
    });
    await Promise.all(sent);
    await Promise.race(answers);
    sendStop();
    const stopSentAt = Date.now();
    const settled = await Promise.all(answers);
    const failed = settled.filter((answer) => answer.status !== 200 || !answer.text.includes('"result":true'));
    expect(failed).toEqual([]);
    expect(settled.filter((answer) => answer.at >= stopSentAt).length).toBeGreaterThan(0); // really in flight
  };

  const expectAllGone = async (pids: number[]) => {
    await waitFor(() => pids.every((pid) => !isAlive(pid)), {
      what: `pids ${pids.join(', ')} gone`,
      timeoutMs: 60_000,
    });
    expect(existsSync(path.join(dataDir, 'pg-owner'))).toBe(false); // the server gave the cluster up cleanly
  };

  it('SIGTERM to npm: requests answered, server and postgres gone', async () => {
    const { npm, base, serverPid, postmasterPid } = await startWithNpm();
    await stopWithSignInsInFlight(base, () => npm.child.kill('SIGTERM'));
    await expectAllGone([npm.child.pid!, serverPid, postmasterPid]);
    // The server notices npm is gone; under an older Node the wrapper running it on a supported one (scripts/
    // ensure-node.mjs) notices instead and passes a SIGTERM on.
    expect(npm.output()).toMatch(/\[ess\] (npm exited|SIGTERM): finishing in-flight requests/);
  }, 300_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} to the whole process group (Ctrl-C, a service manager): the same, and the next start succeeds`, async () => {
      const { npm, base, serverPid, postmasterPid } = await startWithNpm();
      await stopWithSignInsInFlight(base, () => process.kill(-npm.child.pid!, signal));
      await expectAllGone([npm.child.pid!, serverPid, postmasterPid]);
      // Every process of the group gets the signal at once: the server may see it, or first see npm gone.
      expect(npm.output()).toMatch(new RegExp(`\\[ess\\] (npm exited|${signal}): finishing in-flight requests`));
    }, 120_000);
  }

  it('starts again on the same DATA_DIR after those stops', async () => {
    const { npm, serverPid, postmasterPid } = await startWithNpm();
    process.kill(serverPid, 'SIGTERM');
    await expectAllGone([npm.child.pid!, serverPid, postmasterPid]);
  }, 120_000);
});
