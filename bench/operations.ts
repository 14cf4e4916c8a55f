// Issue 20's goals: what /metrics and the job queue cost the query calls (an instance with METRICS_TOKEN, scraped
// every second, and the queue's workers, against one without either, in turns), and a backup of the bench database
// while the query calls run (its time, the calls during it against alone), then its restore into a fresh database.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type Loaded = { rps: number; p99: number };

type CliRun = { stdout: string; seconds: number };

/** The operator's command, as `npm run ess --` runs it, against this database. */
export const runCli = (root: string, env: NodeJS.ProcessEnv, args: string[]): Promise<CliRun> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve({ stdout, seconds: (Date.now() - started) / 1000 });
      else reject(new Error(`cli ${args[0]} exited ${code}: ${stdout}`));
    });
  });

/** Scrapes /metrics every second while `work` runs, as an eager Prometheus would. */
export const whileScraped = async <T>(base: string, token: string, work: () => Promise<T>): Promise<T> => {
  let isDone = false;
  const scraping = (async () => {
    while (!isDone) {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  try {
    return await work();
  } finally {
    isDone = true;
    await scraping;
  }
};

/**
 * The query call alone, then during a backup taken by the CLI beside the serving instance, then the archive restored
 * into a fresh database of the same cluster. `loadFor(seconds)` loads the call on the instance for that long.
 */
export const benchBackup = async ({
  root,
  env,
  dataDir,
  restoreUrl,
  loadFor,
}: {
  root: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  restoreUrl: string;
  loadFor: (seconds: number) => Promise<Loaded>;
}) => {
  const outDir = path.join(dataDir, 'backups');
  mkdirSync(outDir, { recursive: true });
  const quiet = await runCli(root, env, ['backup', '--out', outDir]);
  // The load runs as long as the quiet backup took, from the start of the second one.
  const seconds = Math.max(3, Math.ceil(quiet.seconds));
  const alone = await loadFor(seconds);
  const [during, loaded] = await Promise.all([loadFor(seconds), runCli(root, env, ['backup', '--out', outDir])]);
  const archive = /backup written: (\S+) \(([^,]+)/.exec(loaded.stdout);
  const restored = await runCli(root, { ...env, DATABASE_URL: restoreUrl }, ['restore', archive?.[1] ?? '', '--yes']);
  return { quiet, loaded, size: archive?.[2] ?? '?', alone, during, restored };
};
