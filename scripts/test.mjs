// `npm test`: install what is missing (npm packages; Debian's chromium and nginx when root), build the web app,
// run the test projects server, web and e2e and end with the line `N passed, N failed`. `npm run test:ops` runs
// the operations proofs (project ops: release, CLI, backups, starts and stops, nginx in front) the same way.
// Extra arguments go to vitest, e.g. `npm test -- --project server`.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, ensureWebBuild, root } from './ensure-deps.mjs';
import { ensureSupportedNode } from './ensure-node.mjs';

await ensureSupportedNode();
const args = process.argv.slice(2);
const projects = args.flatMap((arg, index) => (args[index - 1] === '--project' ? [arg] : []));
const runsE2e = projects.length === 0 || projects.includes('e2e');
/** Without a project named: all but the operations proofs, which `npm run test:ops` runs. */
const projectArgs = projects.length === 0 ? ['--project', 'server', '--project', 'web', '--project', 'e2e'] : [];

ensureDeps();
if (runsE2e || projects.includes('server') || projects.includes('ops')) ensureSystemTools();
if (runsE2e) ensureWebBuild();

const reportDir = path.join(root, '.test-data');
mkdirSync(reportDir, { recursive: true });
const reportFile = path.join(reportDir, 'vitest-report.json');
rmSync(reportFile, { force: true });
const run = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...projectArgs, ...args],
  { cwd: root, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests ?? 0;
  // Tests, not describe blocks: a file counts once more only when it failed without a failed test of its own
  // (it did not load, or a hook outside every test threw).
  const filesFailedOutsideTests = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  failed = (report.numFailedTests ?? 0) + filesFailedOutsideTests;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);

function ensureSystemTools() {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  // nginx: the topology test puts two instances behind the shipped site file (deploy/nginx/ess.conf).
  const hasNginx = existsSync('/usr/sbin/nginx');
  if (existsSync(chrome) && hasNginx) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    // fonts-wqy-microhei: without a CJK font the Chinese screens render as boxes in failure screenshots.
    console.log('[ess] installing Debian chromium and nginx for the browser and topology tests…');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei nginx-light',
      {
        stdio: 'inherit',
      },
    );
    return;
  }
  if (existsSync(chrome) || !runsE2e) return; // without nginx the topology test says it is skipped
  console.error(
    `[ess] The browser tests need Chromium at ${chrome}. Install it (Debian: sudo apt-get install chromium) ` +
      'or set CHROME_PATH to a Chromium binary, then run npm test again.',
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}
