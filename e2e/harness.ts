// Browser helpers for e2e specs: system Chromium in a 375×667 phone viewport, sign-in through the API.
import { createHash } from 'node:crypto';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export const DEMO_PASSWORD = 'demo1234';
/**
 * The server of this browser thread: specs running at the same time each have one of their own (global-setup.ts),
 * the specs of one thread take turns on it.
 */
export const serverOfThisThread = () => {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(poolId - 1) % servers.length] as { baseUrl: string; dataDir: string };
};

export const baseUrl = () => serverOfThisThread().baseUrl;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_FLAGS });

export type PhoneOptions = {
  /** Lets a test inject scripts of its own (axe-core), which the app's Content-Security-Policy refuses. */
  bypassCSP?: boolean;
  /** Device pixels per CSS pixel (most phones have 2 or 3). */
  deviceScaleFactor?: number;
};

export const newPhone = async (
  browser: Browser,
  { bypassCSP = false, deviceScaleFactor = 1 }: PhoneOptions = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    bypassCSP,
    deviceScaleFactor,
    baseURL: baseUrl(),
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  return { context, page };
};

/** An office PC of HR: the console's and the reviewers' screen, 1366×768. */
export const newDesk = async (
  browser: Browser,
  { bypassCSP = false }: Pick<PhoneOptions, 'bypassCSP'> = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    bypassCSP,
    baseURL: baseUrl(),
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  return { context, page };
};

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Calls the API directly (outside the browser). */
export const api = async <T = unknown>(path: string, body: unknown, token?: string) => {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token, authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { result: boolean; msg: string; data: T; totalCount?: number };
};

type LoginData = {
  token: string;
  refreshToken: string;
  userAccount: string;
  userName: string;
  id: number;
  baseBu: string;
  deptName: string;
  titleName: string;
};

/**
 * Signs in through the API and puts the session into the browser's cookies exactly as the web app does
 * (apps/web/src/lib/session.ts): ess_token, ess_refresh, ess_user (JSON of the login user).
 */
export const signIn = async (context: BrowserContext, empNo: string, password = DEMO_PASSWORD) => {
  const answer = await api<LoginData>('Account/CheckLogin', {
    userAccount: empNo,
    password: sha256(password),
    isRemember: true,
  });
  if (!answer.result) throw new Error(`sign-in of ${empNo} failed: ${answer.msg}`);
  const { token, refreshToken, ...user } = answer.data;
  const url = baseUrl();
  await context.addCookies([
    { name: 'ess_token', value: token, url },
    { name: 'ess_refresh', value: refreshToken, url },
    { name: 'ess_user', value: encodeURIComponent(JSON.stringify(user)), url },
  ]);
  return answer.data;
};

/** Marks the handbook read so its dialog does not cover the screen under test. */
export const markHandbookRead = (token: string) => api('Home/ModifyReadStatus', { readStatus: 'Y' }, token);

export type Phone = { browser: Browser; context: BrowserContext; page: Page };

/**
 * The phone every spec uses: one browser per spec file, a fresh 375×667 context and page per test, and a
 * screenshot of the screen when a test fails (e2e/screenshots/failed-*.png). Read `phone.page` inside
 * tests and helpers (it is replaced before each test).
 */
export const usePhone = (options: PhoneOptions = {}): Phone => {
  const phone = {} as Phone;
  beforeAll(async () => {
    phone.browser = await launchBrowser();
  });
  afterAll(() => phone.browser?.close());
  beforeEach(async () => {
    Object.assign(phone, await newPhone(phone.browser, options));
  });
  afterEach(async ({ task }) => {
    const { page, context } = phone;
    if (task.result?.state === 'fail' && page && !page.isClosed()) {
      const name = task.name.replace(/[^\w\u4e00-\u9fff-]+/g, '-').slice(0, 60);
      await page.screenshot({ path: `e2e/screenshots/failed-${name}.png` }).catch(() => {});
    }
    await context?.close();
  });
  return phone;
};
