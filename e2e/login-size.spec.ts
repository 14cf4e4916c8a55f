// What a first visit to /login downloads (docs/decisions.md, "/login size"), in Chromium on a cold cache: the
// JavaScript bytes on the wire, brotli as the server sends it, stay under 80 KB, the sign-in call fetched on the
// first touch of the form included. Then, on the same page, the worker signs in and home opens with the code the
// sign-in screen left out.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { zhCN } from '../apps/web/src/i18n/zh-CN';
import { zhCNShell } from '../apps/web/src/i18n/zh-CN-shell';
import { usePhone } from './harness';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, useTestData } from './test-data';

const BUDGET_BYTES = 80 * 1024;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

type Script = { url: string; encoding: string; bytes?: number };

/** Every script the page asks for from now on, with its content-encoding and the bytes it took on the wire. */
const watchScripts = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, Script>();
  const acceptEncodings = new Set<string>();
  const headerOf = (headers: Record<string, unknown>, name: string) =>
    Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  cdp.on('Network.requestWillBeSentExtraInfo', ({ headers }) => {
    const asked = headerOf(headers, 'accept-encoding');
    if (typeof asked === 'string') acceptEncodings.add(asked);
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const encoding = headerOf(response.headers, 'content-encoding');
    scripts.set(requestId, { url: response.url, encoding: typeof encoding === 'string' ? encoding : 'identity' });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  return { scripts: () => [...scripts.values()], acceptEncodings, stop: () => cdp.detach() };
};

const fileOf = (url: string) => path.join(dist, new URL(url).pathname);

const phone = usePhone();
const data = useTestData();

/** The handbook is read and there are no messages: no dialog before home. */
let worker: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '登录员工' });
});

describe('/login on a first visit', () => {
  it('downloads under 80 KB of JavaScript, brotli, and none of what only the signed-in screens use', async () => {
    const watch = await watchScripts(phone.page);
    await phone.page.goto('/login');
    const account = phone.page.getByLabel(zhCNShell.login.account);
    await account.waitFor();
    // The worker's first touch of the form fetches the sign-in call, if the browser's idle time has not already.
    await account.focus();
    const isSignInCall = (script: Script) => /\/check-login-call-[\w-]+\.js$/.test(script.url);
    await expect
      .poll(() => {
        const scripts = watch.scripts();
        return scripts.some(isSignInCall) && scripts.every((script) => script.bytes !== undefined);
      })
      .toBe(true);
    const scripts = watch.scripts();
    await watch.stop();

    const files = scripts.map((script) => fileOf(script.url));
    for (const file of files) expect(existsSync(file), file).toBe(true);
    // Chromium asks for brotli from localhost over plain http too; should it not, the .br files the server would
    // send elsewhere are what counts.
    const isBrotli = scripts.every((script) => script.encoding === 'br');
    const bytes = isBrotli
      ? scripts.reduce((total, script) => total + (script.bytes ?? 0), 0)
      : files.reduce((total, file) => total + statSync(`${file}.br`).size, 0);
    console.log(
      `/login: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB ${isBrotli ? 'on the wire, brotli' : 'brotli (the .br files)'}` +
        `; accept-encoding ${[...watch.acceptEncodings].join(' | ')}`,
    );
    expect(bytes).toBeLessThan(BUDGET_BYTES);

    // The query library (its provider's error text) and the other screens' texts stay with the screens using them.
    const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(code).toContain(zhCNShell.login.submitting);
    expect(code).not.toContain('No QueryClient set');
    expect(code).not.toContain(zhCN.session.menuFailed);
    expect(code).not.toContain(zhCN.layout.footer);
  });

  it('signs in through the form and opens home, which brings the rest', async () => {
    const watch = await watchScripts(phone.page);
    await phone.page.goto('/login');
    await phone.page.getByLabel(zhCNShell.login.account).fill(worker.empNo);
    await phone.page.getByLabel(zhCNShell.login.password).fill(FACTORY_PASSWORD);
    await phone.page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
    await phone.page.getByRole('button', { name: zhCNShell.login.submit }).click();
    await phone.page.waitForURL('**/home');
    await phone.page.getByText('登录员工，您好！').waitFor();
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    const code = watch
      .scripts()
      .map((script) => readFileSync(fileOf(script.url), 'utf8'))
      .join('\n');
    await watch.stop();
    expect(code).toContain('No QueryClient set');
    expect(code).toContain(zhCN.layout.footer);
  });
});
