// `npm run lighthouse -- <path>`: Lighthouse mobile (its default simulated slow 4G and 4× CPU slowdown) against a
// running server, three runs, the median of each figure. Lighthouse 12 comes from the npm registry through npx, so
// it is no dependency of the project. Options: --base-url http://127.0.0.1:8080 (the server `npm start` runs),
// --runs 3, --keep (keeps the JSON reports and prints where), --account 100001 (signed in as that demo
// employee, password demo1234, handbook read and messages marked read: the screen a worker sees every day).
// Every run starts from an empty browser profile (a cold cache).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
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
    account: { type: 'string' },
    password: { type: 'string', default: 'demo1234' },
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
/** Signs in through the API and answers the session cookies the web app keeps. */
const sessionCookies = async () => {
  const base = new URL(values['base-url']).origin;
  const post = async (call, body, token) => {
    const response = await fetch(`${base}/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const password = createHash('sha256').update(values.password).digest('hex');
  const login = await post('Account/CheckLogin', { userAccount: values.account, password, isRemember: true });
  if (!login.result) throw new Error(`sign-in of ${values.account} failed: ${login.msg}`);
  const { token, refreshToken, ...user } = login.data;
  await post('Home/ModifyReadStatus', { readStatus: 'Y' }, token);
  await post('SystemNotice/ModifyReadMsg', {}, token);
  return [
    { name: 'ess_token', value: token, url: base },
    { name: 'ess_refresh', value: refreshToken, url: base },
    { name: 'ess_user', value: encodeURIComponent(JSON.stringify(user)), url: base },
  ];
};

/**
 * Signed in: a Chromium of our own with an empty profile and the session cookies set over CDP, and
 * Lighthouse on its debugging port with storage reset off (it would clear the cookies).
 */
const runSignedIn = async (output) => {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'ess-lighthouse-profile-'));
  const port = 9300 + Math.floor(Math.random() * 600);
  const chrome = spawn(
    chromePath,
    [...chromeFlags.split(' '), `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`],
    {
      stdio: 'ignore',
    },
  );
  try {
    let browser;
    for (let attempt = 0; !browser; attempt += 1) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch((error) => {
        if (attempt > 50) throw error;
        return new Promise((resolve) => setTimeout(() => resolve(undefined), 200));
      });
    }
    await browser.contexts()[0].addCookies(await sessionCookies());
    await browser.close();
    execFileSync(
      'npx',
      ['--yes', 'lighthouse@12', target, `--port=${port}`, '--disable-storage-reset', ...lighthouseOptions(output)],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } finally {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill();
    await exited;
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // Chromium's helper processes can still be writing into it; a temporary directory left behind is harmless.
    }
  }
};

function lighthouseOptions(output) {
  return ['--only-categories=performance,accessibility', '--output=json', `--output-path=${output}`, '--quiet'];
}

for (let run = 1; run <= runs; run += 1) {
  const output = path.join(outDir, `run-${run}.json`);
  if (values.account) await runSignedIn(output);
  else {
    execFileSync(
      'npx',
      ['--yes', 'lighthouse@12', target, `--chrome-flags=${chromeFlags}`, ...lighthouseOptions(output)],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, CHROME_PATH: chromePath },
      },
    );
  }
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
