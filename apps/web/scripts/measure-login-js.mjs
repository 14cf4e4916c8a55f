// Prints the gzip size of the JavaScript a visit to /login downloads: every script index.html loads (the
// polyfills, then the entry) and everything they import statically, plus the login route's chunk and its static
// imports (lazy imports are not counted: they load only when used). The stylesheets of the same chunks are
// reported beside it, outside the budget. Run after `npm run build -w apps/web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
const LOGIN_PAGE = 'src/features/account/login-page.tsx';
// Fetched on idle or at the first touch of the form, not before the screen paints; reported apart.
const SIGN_IN_CALL = 'src/features/account/api/check-login-call.ts';
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const visit = (files, key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, 0);
  for (const imported of chunk.imports ?? []) visit(files, imported);
};
const stylesOf = (files) =>
  new Set([...files.keys()].flatMap((file) => manifest[keyOfFile.get(file)]?.css ?? []).concat(htmlStyles));
const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);

// index.html names the scripts that run before anything else: plugin-legacy's polyfills are not an import of
// the entry, so the manifest alone does not lead to them.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlAssets = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const htmlScripts = htmlAssets(/<script[^>]* src="([^"]+)"/g);
const htmlStyles = htmlAssets(/<link[^>]* rel="stylesheet"[^>]* href="([^"]+)"/g);

const initial = new Map();
for (const file of htmlScripts) {
  const key = keyOfFile.get(file);
  if (!key) throw new Error(`index.html loads a script the manifest does not list: ${file}`);
  visit(initial, key);
}
visit(initial, LOGIN_PAGE);
let total = 0;
for (const file of initial.keys()) {
  initial.set(file, gzipSize(file));
  total += initial.get(file);
}
for (const [file, size] of [...initial].sort((a, b) => b[1] - a[1])) console.log(`${kb(size).padStart(7)} KB  ${file}`);

const withSignIn = new Map(initial);
// Small chunks are merged into others at build time: the sign-in call may already be part of what /login loads.
if (manifest[SIGN_IN_CALL]) visit(withSignIn, SIGN_IN_CALL);
const deferred = sum([...withSignIn.keys()].filter((file) => !initial.has(file)));

console.log(`/login JS (gzip): ${kb(total)} KB of ${BUDGET_KB} KB budget`);
console.log(
  `  + sign-in call, fetched on idle or first use of the form: ${kb(deferred)} KB (total ${kb(total + deferred)} KB)`,
);
console.log(`  CSS of the same chunks (gzip, outside the budget): ${kb(sum(stylesOf(initial)))} KB`);
if (total > BUDGET_KB * 1024) process.exitCode = 1;
