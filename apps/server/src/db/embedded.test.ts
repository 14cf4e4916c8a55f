// The embedded cluster survives its owner being killed with -9: the orphaned postgres is shut down
// cleanly and a new start finds every acknowledged write.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-embedded-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A child process starts the cluster, commits a row, reports, then waits to be killed.
const CHILD = `
  import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))};
  import pg from 'pg';
  const cluster = await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR });
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  await client.query('create table acknowledged (note text)');
  await client.query("insert into acknowledged values ('written before kill -9')");
  process.stdout.write('committed\\n');
  setInterval(() => {}, 1000);
`;

describe('embedded PostgreSQL', () => {
  it('recovers after its owner is killed with -9, keeping committed rows', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk) => String(chunk).includes('committed') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const orphanPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow(); // the orphan still holds the data directory

    const cluster = await startEmbeddedPostgres({ dataDir });
    try {
      expect(() => process.kill(orphanPid, 0)).toThrow();
      const client = new pg.Client({ connectionString: cluster.adminUrl });
      await client.connect();
      const { rows } = await client.query('select note from acknowledged');
      await client.end();
      expect(rows).toEqual([{ note: 'written before kill -9' }]);
    } finally {
      await cluster.stop();
    }
  }, 90_000);
});
