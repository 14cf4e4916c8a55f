// Prints the size of the JavaScript a first visit to /login downloads, brotli (quality 11, as the build's .br
// files the server sends) and gzip (-9, the .gz files): every script index.html loads (the polyfills, then the
// entry) and everything they import statically, the login route's chunk and its static imports, and the sign-in
// call's chunk, which the screen fetches on idle or at the first touch of the form (other lazy imports are not
// counted: they load only when used). The budget holds for all of it, brotli. The stylesheets of the same chunks
// are reported beside it, outside the budget. Run after `npm run build -w apps/web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 80;
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
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(files, imported);
};
const read = (file) => readFileSync(path.join(dist, file));
const sizes = (file) => ({
  brotli: brotliCompressSync(read(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  gzip: gzipSync(read(file), { level: 9 }).length,
});
const sum = (files) =>
  [...files]
    .map(sizes)
    .reduce((total, size) => ({ brotli: total.brotli + size.brotli, gzip: total.gzip + size.gzip }), {
      brotli: 0,
      gzip: 0,
    });
const kb = (bytes) => (bytes / 1024).toFixed(1);
const both = ({ brotli, gzip }) => `${kb(brotli)} KB brotli, ${kb(gzip)} KB gzip`;

// index.html names the scripts that run before anything else: plugin-legacy's polyfills are not an import of
// the entry, so the manifest alone does not lead to them.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlAssets = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const htmlScripts = htmlAssets(/<script[^>]* src="([^"]+)"/g);
const htmlStyles = htmlAssets(/<link[^>]* rel="stylesheet"[^>]* href="([^"]+)"/g);

const initial = new Set();
for (const file of htmlScripts) {
  const key = keyOfFile.get(file);
  if (!key) throw new Error(`index.html loads a script the manifest does not list: ${file}`);
  visit(initial, key);
}
visit(initial, LOGIN_PAGE);

// The sign-in call's chunk: the login page imports it lazily. It is named after the module in the manifest only
// when that module is its facade; otherwise it is the lazy import of the page whose chunk is named after it.
const signInCallKey =
  (manifest[SIGN_IN_CALL] && SIGN_IN_CALL) ??
  manifest[LOGIN_PAGE].dynamicImports?.find((key) => manifest[key]?.name === path.basename(SIGN_IN_CALL, '.ts'));
const withSignIn = new Set(initial);
// Small chunks may be merged into others at build time: the call may already be part of what /login loads.
if (signInCallKey) visit(withSignIn, signInCallKey);
else if (!initial.has(manifest[LOGIN_PAGE].file))
  throw new Error(`the sign-in call's chunk is neither lazy nor part of /login: ${SIGN_IN_CALL}`);
const deferred = [...withSignIn].filter((file) => !initial.has(file));

const rows = [...withSignIn].map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.brotli - a.brotli);
console.log('  brotli     gzip');
for (const { file, brotli, gzip } of rows) {
  const note = deferred.includes(file) ? '  (the sign-in call, on idle)' : '';
  console.log(`${kb(brotli).padStart(5)} KB ${kb(gzip).padStart(5)} KB  ${file}${note}`);
}
const initialSize = sum(initial);
const total = sum(withSignIn);
console.log(`/login JS before the sign-in call: ${both(initialSize)}`);
console.log(`  + the sign-in call, fetched on idle or first use of the form: ${both(sum(deferred))}`);
console.log(`/login JS in all: ${both(total)}; budget ${BUDGET_KB} KB brotli`);
const styles = new Set([...initial].flatMap((file) => manifest[keyOfFile.get(file)]?.css ?? []).concat(htmlStyles));
console.log(`  CSS of the same chunks (outside the budget): ${both(sum(styles))}`);
if (total.brotli > BUDGET_KB * 1024) process.exitCode = 1;
