// Prints the gzip size of the JavaScript a visit to /login downloads: the entry chunk and everything it
// imports statically, plus the login route's chunk and its static imports (lazy imports are not counted:
// they load only when used). Run after `npm run build -w apps/web`.
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

const visit = (files, key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, 0);
  for (const imported of chunk.imports ?? []) visit(files, imported);
};
const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const initial = new Map();
visit(initial, 'index.html');
visit(initial, LOGIN_PAGE);
let total = 0;
for (const file of initial.keys()) {
  initial.set(file, gzipSize(file));
  total += initial.get(file);
}
for (const [file, size] of [...initial].sort((a, b) => b[1] - a[1])) console.log(`${kb(size).padStart(7)} KB  ${file}`);

const withSignIn = new Map(initial);
visit(withSignIn, SIGN_IN_CALL);
let deferred = 0;
for (const file of withSignIn.keys()) if (!initial.has(file)) deferred += gzipSize(file);

console.log(`/login JS (gzip): ${kb(total)} KB of ${BUDGET_KB} KB budget`);
console.log(
  `  + sign-in call, fetched on idle or first use of the form: ${kb(deferred)} KB (total ${kb(total + deferred)} KB)`,
);
if (total > BUDGET_KB * 1024) process.exitCode = 1;
