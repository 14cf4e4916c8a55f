// `npm run lighthouse -- <path>`: Lighthouse mobile (its default simulated slow 4G and 4× CPU slowdown) against a
// running server, three runs, the median of each figure. Lighthouse 12 comes from the npm registry through npx, so
// it is no dependency of the project. Options: --base-url http://127.0.0.1:8080 (the server `npm start` runs),
// --runs 3, --keep (keeps the JSON reports and prints where).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:8080' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const target = new URL(positionals[0] ?? '/login', values['base-url']).href;
const runs = Number(values.runs);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}; set CHROME_PATH.`);
  process.exit(1);
}
// Headless, and nothing that would reach outside this machine or add background work to the measurement.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

const outDir = mkdtempSync(path.join(os.tmpdir(), 'ess-lighthouse-'));
const results = [];
for (let run = 1; run <= runs; run += 1) {
  const output = path.join(outDir, `run-${run}.json`);
  execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      target,
      `--chrome-flags=${chromeFlags}`,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chromePath } },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  if (run === 1) console.log(`Lighthouse ${report.lighthouseVersion}, ${report.environment.hostUserAgent}`);
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const result = {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    fcpMs: report.audits['first-contentful-paint'].numericValue,
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    tbtMs: report.audits['total-blocking-time'].numericValue,
    speedIndexMs: report.audits['speed-index'].numericValue,
    transferKb: report.audits['total-byte-weight'].numericValue / 1024,
    requests: requests.length,
  };
  results.push(result);
  console.log(`run ${run}: ${format(result)}`);
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const medians = Object.fromEntries(
  Object.keys(results[0]).map((key) => [key, median(results.map((result) => result[key]))]),
);
console.log(`median of ${runs} for ${target}: ${format(medians)}`);
if (values.keep) console.log(`reports in ${outDir}`);
else rmSync(outDir, { recursive: true, force: true });

function format(result) {
  return [
    `performance ${result.performance.toFixed(2)}`,
    `accessibility ${result.accessibility.toFixed(2)}`,
    `FCP ${(result.fcpMs / 1000).toFixed(2)} s`,
    `LCP ${(result.lcpMs / 1000).toFixed(2)} s`,
    `TBT ${Math.round(result.tbtMs)} ms`,
    `SI ${(result.speedIndexMs / 1000).toFixed(2)} s`,
    `transfer ${result.transferKb.toFixed(1)} KB in ${result.requests} requests`,
  ].join(', ');
}
