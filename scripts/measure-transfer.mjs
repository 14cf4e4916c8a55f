// Bytes on the wire for a worker's visits, from a running server (`npm start`, or any URL):
// /login on a cold cache, and a signed-in /home on a cold cache and reopened on a warm one.
// `npm run measure:transfer -- [http://localhost:8080] [--account 100001 --password demo1234]`
// Chromium from /usr/bin/chromium (or CHROME_PATH); the numbers are the encoded (compressed) sizes. The JavaScript
// column sums the script responses alone (what the /login budget of apps/web/scripts/measure-login-js.mjs is about);
// the last line names the accept-encoding Chromium sent and the content-encodings the scripts came back with
// (Chromium asks for brotli over plain http only from localhost-like hosts; elsewhere only over https).
import { createHash } from 'node:crypto';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const base = (args.find((arg) => arg.startsWith('http')) ?? 'http://localhost:8080').replace(/\/$/, '');
const account = option('account', '100001');
const password = option('password', 'demo1234');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Loads `path` and sums what travelled until the network is idle. */
const visit = async (page, path) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map();
  let bytes = 0;
  const servedFromCache = new Set();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => servedFromCache.add(requestId));
  cdp.on('Network.requestWillBeSentExtraInfo', ({ headers }) => {
    const asked = Object.entries(headers).find(([name]) => name.toLowerCase() === 'accept-encoding')?.[1];
    if (asked) acceptEncodings.add(asked);
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    responses.set(requestId, {
      url: response.url,
      status: response.status,
      fromCache: response.fromDiskCache,
      isScript: type === 'Script',
      encoding: encoding?.[1] ?? 'identity',
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    bytes += encodedDataLength;
    const entry = responses.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await cdp.detach();
  for (const [requestId, entry] of responses) if (servedFromCache.has(requestId)) entry.fromCache = true;
  const entries = [...responses.values()];
  const scripts = entries.filter((entry) => entry.isScript);
  for (const script of scripts) if (!script.fromCache) scriptEncodings.add(script.encoding);
  const scriptBytes = scripts.reduce((total, script) => total + (script.bytes ?? 0), 0);
  return {
    requests: entries.length,
    fromCache: entries.filter((entry) => entry.fromCache).length,
    revalidated: entries.filter((entry) => entry.status === 304).length,
    kilobytes: Number((bytes / 1024).toFixed(1)),
    scripts: scripts.length,
    'JS kilobytes': Number((scriptBytes / 1024).toFixed(1)),
  };
};

const acceptEncodings = new Set();
const scriptEncodings = new Set();

const signIn = async (context) => {
  const response = await fetch(`${base}/api/Account/CheckLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userAccount: account,
      password: createHash('sha256').update(password).digest('hex'),
      isRemember: true,
    }),
  });
  const answer = await response.json();
  if (!answer.result) throw new Error(`sign-in failed: ${answer.msg}`);
  const { token, refreshToken, ...user } = answer.data;
  await context.addCookies([
    { name: 'ess_token', value: token, url: base },
    { name: 'ess_refresh', value: refreshToken, url: base },
    { name: 'ess_user', value: encodeURIComponent(JSON.stringify(user)), url: base },
  ]);
  // The handbook dialog would load the PDF viewer on home: measure the screen a worker sees every day.
  await fetch(`${base}/api/Home/ModifyReadStatus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ readStatus: 'Y' }),
  });
};

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: FLAGS });
try {
  const results = {};
  const viewport = { width: 375, height: 667 };
  {
    const context = await browser.newContext({ viewport });
    results['/login, cold cache'] = await visit(await context.newPage(), '/login');
    await context.close();
  }
  {
    const context = await browser.newContext({ viewport });
    await signIn(context);
    const page = await context.newPage();
    results['/home signed in, cold cache'] = await visit(page, '/home');
    results['/home reopened, warm cache'] = await visit(page, '/home');
    await context.close();
  }
  console.table(results);
  console.log(
    `accept-encoding sent: ${[...acceptEncodings].join(' | ') || '(none seen)'}; ` +
      `scripts came ${[...scriptEncodings].join(', ') || '(none)'}`,
  );
} finally {
  await browser.close();
}
