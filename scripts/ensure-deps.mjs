// Installs the npm packages when they are missing or older than package-lock.json (no dependencies itself).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const hashLockFile = () => {
  const lockFile = path.join(root, 'package-lock.json');
  return existsSync(lockFile) ? createHash('sha256').update(readFileSync(lockFile)).digest('hex') : 'no-lock';
};

export const ensureDeps = () => {
  const stampFile = path.join(root, 'node_modules', '.ess-installed');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hashLockFile()) return;
  console.log('[ess] installing npm packages (first run or package-lock.json changed)…');
  // `npm install` rather than `npm ci`: both follow the lock file, but install only changes what differs
  // from it (seconds after a pull), where ci deletes node_modules and installs everything again.
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stampFile, hashLockFile());
};

/** Newest modification time of the files under the given paths (skips node_modules and dist). */
export const newestMtime = (paths) => {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSafe(target);
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSafe(target)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(target, entry));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const target of paths) visit(path.join(root, target));
  return newest;
};

const statSafe = (target) => {
  try {
    return statSync(target);
  } catch {
    return undefined;
  }
};
const readdirSafe = (target) => {
  try {
    return readdirSync(target);
  } catch {
    return [];
  }
};

/** Builds the web app when its sources are newer than the last build. */
export const ensureWebBuild = () => {
  const builtIndex = path.join(root, 'apps/web/dist/index.html');
  const sources = newestMtime([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/admin.html',
    'apps/web/vite.config.ts',
    'apps/web/vite.admin.config.ts',
    'apps/web/build',
    'apps/web/package.json',
    'packages/contract/src',
  ]);
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (built >= sources) return;
  console.log('[ess] building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
};
