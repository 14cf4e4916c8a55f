// Delivery to weak networks and old phones (DESIGN §10), on the real build in apps/web/dist and the real server.
//
// Old phones (apps/web/build/browsers.ts): every script, the pdf.js worker included, uses only syntax and
// built-ins those browsers have or get from a polyfill; es-check judges syntax and built-ins by its browser data,
// and regular expressions are checked here, since es-check does not look inside them: Safari before 16.4 cannot
// parse lookbehind, and esbuild turns such a literal into `new RegExp("…")`, which then throws when it runs (named
// groups are fine: Chrome 64, Safari 11.1). At run time, the app works in a Chromium stripped of the built-ins
// those browsers lack. Weak networks: text files go out precompressed, hashed ones cached for good.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import { type Node, parse } from 'acorn';
import { simple } from 'acorn-walk';
import { runChecks } from 'es-check';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPTED_FEATURES,
  BROWSERS,
  PDFJS_ACCEPTED_FEATURES,
  POLYFILLS_BEFORE_ENTRY,
} from '../apps/web/build/browsers';
import { baseUrl, launchBrowser, newPhone, signIn } from './harness';
import { chooseFile, makeJpeg, withExifOrientation } from './record-helpers';
import { submitPersonChange } from './review-helpers';
import { tapWhenStill } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makePayslip, useTestData } from './test-data';

const data = useTestData();

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The HR console's own build (apps/web/vite.admin.config.ts): office browsers, never loaded by a phone. */
const CONSOLE_ASSETS = `assets${path.sep}admin${path.sep}`;
const scripts = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.m?js$/.test(file) && !file.startsWith('.vite') && !file.startsWith(CONSOLE_ASSETS))
  .map((file) => path.join(dist, file));
const consoleScripts = readdirSync(path.join(dist, CONSOLE_ASSETS), { encoding: 'utf8' })
  .filter((file) => /\.js$/.test(file))
  .map((file) => path.join(dist, CONSOLE_ASSETS, file));
// pdf.js's chunk and its worker carry their own polyfills (apps/web/build/pdfjs-for-old-browsers.ts).
const isPdfJs = (file: string) => /^pdf(\.worker)?-[\w-]{8}\.m?js$/.test(path.basename(file));

type EsCheckResult = { success: boolean; errors: { file: string; err: Error }[] };
const esCheck = async (files: string[], accepted: string[], options: Record<string, unknown> = {}) => {
  const result: EsCheckResult = await runChecks([
    {
      ecmaVersion: 'checkBrowser',
      checkBrowser: true,
      browserslistQuery: BROWSERS,
      module: true,
      checkFeatures: true,
      ignore: accepted.join(','),
      cache: false,
      files,
      ...options,
    },
  ]);
  return result.errors.map(({ file, err }) => `${path.relative(dist, file)}: ${err.message}`);
};

/** What Safari 12 and Chrome 64 cannot do with a regular expression: ES2018 syntax and flags, no lookbehind. */
const regExpProblem = (pattern: string, flags: string) => {
  const parser = new RegExpParser({ ecmaVersion: 2018 });
  try {
    parser.parseFlags(flags);
    let hasLookbehind = false;
    visitRegExpAST(parser.parsePattern(pattern, 0, pattern.length, { unicode: flags.includes('u') }), {
      onAssertionEnter: (node) => {
        if (node.kind === 'lookbehind') hasLookbehind = true;
      },
    });
    return hasLookbehind ? 'lookbehind' : undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

type Walked = Node & Record<string, unknown>;
/** The text of a string literal or of a template literal without substitutions. */
const constantString = (node: Walked | undefined): string | undefined => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node?.quasis as { value: { cooked: string } }[] | undefined;
  if (node?.type === 'TemplateLiteral' && quasis?.length === 1) return quasis[0]?.value.cooked;
  return undefined;
};

/** Regular expressions in `code` these browsers reject: literals, and RegExp(…) built from constant strings. */
const regExpProblems = (code: string) => {
  const problems: string[] = [];
  const check = (node: Node, pattern: string, flags: string) => {
    const problem = regExpProblem(pattern, flags);
    if (problem) problems.push(`/${pattern.slice(0, 80)}/${flags} at ${node.start}: ${problem}`);
  };
  const checkConstructor = (node: Walked) => {
    const [source, flags] = node.arguments as Walked[];
    const callee = node.callee as Walked;
    const pattern = constantString(source);
    if (callee.type === 'Identifier' && callee.name === 'RegExp' && pattern !== undefined) {
      check(node, pattern, flags ? (constantString(flags) ?? '') : '');
    }
  };
  simple(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }), {
    Literal: (node) => {
      const { regex } = node as Walked & { regex?: { pattern: string; flags: string } };
      if (regex) check(node, regex.pattern, regex.flags);
    },
    NewExpression: (node) => checkConstructor(node as unknown as Walked),
    CallExpression: (node) => checkConstructor(node as unknown as Walked),
  });
  return problems;
};

describe('the built files on the oldest supported browsers', () => {
  it('finds the scripts of a build, the pdf.js worker among them', () => {
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter(isPdfJs)).toHaveLength(2);
  });

  it('loads the polyfills before the entry', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const sources = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual([
      expect.stringMatching(/^\/assets\/polyfills-/),
      expect.stringMatching(/^\/assets\/index-/),
    ]);
  });

  it('uses only syntax and built-ins they have or that are polyfilled before the entry', {
    timeout: 300_000,
  }, async () => {
    const accepted = [
      ...Object.keys(ACCEPTED_FEATURES),
      ...POLYFILLS_BEFORE_ENTRY.flatMap(({ feature }) => (feature ? [feature] : [])),
    ];
    expect(
      await esCheck(
        scripts.filter((file) => !isPdfJs(file)),
        accepted,
      ),
    ).toEqual([]);
  });

  // Parsing pdf.js (its 660 KB build and its worker) is CPU work that takes several times longer on a busy machine.
  it('uses in pdf.js only syntax they have and built-ins core-js provides', { timeout: 300_000 }, async () => {
    const accepted = [...Object.keys(ACCEPTED_FEATURES), ...Object.keys(PDFJS_ACCEPTED_FEATURES)];
    expect(await esCheck(scripts.filter(isPdfJs), accepted, { ignorePolyfillable: 'core-js' })).toEqual([]);
  });

  it('has no regular expression they cannot parse', () => {
    const problems = scripts.flatMap((file) =>
      regExpProblems(readFileSync(file, 'utf8')).map((problem) => `${path.relative(dist, file)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

/**
 * Built-ins that Chrome 64 or iOS Safari 12.0 lack and a page can remove, so that a current Chromium runs the app
 * roughly as they would: what the build polyfills must be back before the app's code runs.
 */
const removeNewerBuiltIns = () => {
  const global = globalThis as unknown as Record<string, unknown>;
  for (const name of ['AbortController', 'AbortSignal', 'BigInt', 'WeakRef', 'FinalizationRegistry']) {
    delete global[name];
  }
  for (const name of ['structuredClone', 'queueMicrotask', 'requestIdleCallback', 'createImageBitmap']) {
    delete global[name];
  }
  const remove = (owner: object, names: string[]) => {
    for (const name of names) delete (owner as Record<string, unknown>)[name];
  };
  remove(Object, ['fromEntries', 'hasOwn']);
  remove(Promise, ['allSettled', 'any', 'withResolvers']);
  remove(Array.prototype, ['flat', 'flatMap', 'at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'with']);
  remove(String.prototype, ['trimStart', 'trimEnd', 'replaceAll', 'matchAll', 'at']);
  // Chrome 64 and Safari 12 read files with FileReader only.
  remove(Blob.prototype, ['arrayBuffer', 'text', 'stream']);
  delete global.globalThis;
};

describe('the app in a browser without the newer built-ins', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  /** Plant GT, last month's payslip, no records. */
  let worker: MadeEmployee;
  let reviewer: MadeEmployee;
  /** Sends a change of their own, so that one waits for the reviewer. */
  let sender: MadeEmployee;

  beforeAll(async () => {
    worker = await makeEmployee(data.database, { plant: 'GT' });
    await makePayslip(data.database, worker);
    reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
    sender = await makeEmployee(data.database);
    browser = await launchBrowser();
    ({ context, page } = await newPhone(browser));
    await context.addInitScript(removeNewerBuiltIns);
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(() => browser?.close());

  it('shows /login and the handbook, signs in, and shows home and the payslip', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: '员工自助系统' }).waitFor();
    // pdf.js runs its worker on the page here (this Chromium's addEventListener refuses the polyfilled AbortSignal),
    // as it does on the browsers without module workers.
    await page.getByRole('button', { name: '《员工手册》' }).click();
    const handbook = page.getByRole('dialog', { name: '员工手册' });
    await handbook.getByText('1 / 5').waitFor();
    await handbook.getByRole('button', { name: '关闭' }).click();
    await handbook.waitFor({ state: 'hidden' });

    await page.getByLabel('账号').fill(worker.empNo);
    await page.getByLabel('密码').fill(FACTORY_PASSWORD);
    await page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: '查询服务' }).waitFor();
    // The payslip is checked against the contract's zod schemas as it arrives.
    await page.goto('/salary/my-salary');
    await page.getByText('实发工资').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('edits records there too: the forms, a date picker by keyboard, a photo compressed on the phone', async () => {
    // Still signed in as the worker (plant GT); nothing is sent.
    await page.goto('/user/my-education');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请添加学历').first().waitFor();
    await page.getByRole('button', { name: '添加学历' }).click();
    const sheet = page.getByRole('dialog', { name: '添加学历' });
    await sheet.getByRole('button', { name: '确定' }).click();
    await sheet.getByText('请填写专业').waitFor();
    await sheet.getByRole('button', { name: /^开始日期：/ }).click();
    const picker = page.getByRole('dialog', { name: '选择开始日期' });
    await picker.waitFor();
    await page.keyboard.press('ArrowUp');
    await picker.getByRole('button', { name: '确定' }).click();
    await sheet.getByRole('button', { name: /^开始日期：\d{4}-\d{2}-\d{2}$/ }).waitFor();

    await page.goto('/system-setting/person-photo');
    await page.getByRole('button', { name: '拍摄或选择照片' }).click();
    const agreement = page.getByRole('dialog', { name: '人脸信息使用告知' });
    await agreement.getByText('我已阅读并同意《人脸信息使用告知》').click();
    await agreement.getByRole('button', { name: '同意' }).click();
    await chooseFile(page, page.getByRole('button', { name: '从相册选择：人脸照片' }), {
      name: 'face.jpg',
      mimeType: 'image/jpeg',
      buffer: withExifOrientation(await makeJpeg(page, { width: 2000, height: 1500 }), 6),
    });
    const preview = page.getByRole('img', { name: '待上传的人脸照片' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([960, 1280]);
    expect(errors).toEqual([]);
  });

  it('holds the websocket open and shows the reviewers’ console', async () => {
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    // Signed in as the reviewer from here on, with a change of this spec's own waiting whichever specs ran before.
    await submitPersonChange(sender);
    await signIn(context, reviewer.empNo, FACTORY_PASSWORD);
    await page.goto('/review/change-list');
    const row = page.locator('.change-row').filter({ hasText: sender.empNo });
    await row.getByText('修改个人信息').waitFor();
    await expect.poll(() => frames.some((frame) => frame.includes('AUTH_OK'))).toBe(true);
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: `员工[${sender.empNo}]修改了个人信息` }).waitFor();
    await page.getByRole('button', { name: '驳回' }).click();
    await tapWhenStill(page.getByRole('dialog', { name: '驳回申请' }).getByRole('button', { name: '确认驳回' }));
    await page.getByText('请填写驳回原因').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('what each document preloads', () => {
  /** The scripts a document loads at once: its module scripts and its modulepreloads. */
  const scriptsOf = (document: string) =>
    [
      ...readFileSync(path.join(dist, document), 'utf8').matchAll(
        /<(?:script|link)[^>]* (?:src|href)="\/([^"]+\.js)"/g,
      ),
    ].map((match) => match[1] as string);
  // zod's own error class: a chunk holding it holds the schema library (about 26 KB brotli, and its set-up).
  const hasZod = (script: string) => readFileSync(path.join(dist, script), 'utf8').includes('ZodError');

  it('names the sign-in screen for a visitor without a session, the route gate and home for one with it', () => {
    const index = scriptsOf('index.html');
    const app = scriptsOf('app.html');
    const home = scriptsOf('home.html');
    expect(index.some((script) => script.includes('login-page'))).toBe(true);
    expect(app.some((script) => script.includes('login-page'))).toBe(false);
    expect(home.some((script) => script.includes('home-page'))).toBe(true);
    expect(app.every((script) => home.includes(script))).toBe(true);
  });

  it('keeps the schema library out of sign-in, the session restore, the layout and home', () => {
    expect(scripts.some((file) => hasZod(path.relative(dist, file)))).toBe(true);
    for (const document of ['index.html', 'app.html', 'home.html']) {
      expect(scriptsOf(document).filter(hasZod), document).toEqual([]);
    }
  });

  it('asks for few files: each is a round trip on one of a phone’s six connections', () => {
    // 12 scripts and one stylesheet for home on this build; 28 scripts and 18 stylesheets before the gate
    // held the signed-in screens' loaders, the styles became one file and the menus loaded on demand.
    expect(scriptsOf('home.html').length).toBeLessThanOrEqual(16);
    const styles = readFileSync(path.join(dist, 'home.html'), 'utf8').match(/rel="(?:stylesheet|preload)"[^>]*\.css/g);
    expect(styles).toHaveLength(1);
  });
});

describe('the HR console beside the employee app', () => {
  /** What only antd's code holds: its icon class and the attribute of its CSS-in-JS style tags. */
  const hasAntd = (file: string) => /anticon|data-css-hash/.test(readFileSync(file, 'utf8'));

  it('is its own page whose code lives in assets/admin/', () => {
    const html = readFileSync(path.join(dist, 'admin.html'), 'utf8');
    const sources = [...html.matchAll(/<(?:script|link)[^>]* (?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/^assets\/admin\//);
    expect(consoleScripts.some(hasAntd)).toBe(true);
  });

  it('keeps antd and the console out of every script and document of the employee app', () => {
    expect(scripts.filter(hasAntd).map((file) => path.relative(dist, file))).toEqual([]);
    for (const document of ['index.html', 'app.html', 'home.html']) {
      expect(readFileSync(path.join(dist, document), 'utf8'), document).not.toContain('/assets/admin/');
    }
  });

  it('answers /admin and its pages with the console’s document', async () => {
    for (const target of ['/admin', '/admin/imports']) {
      const response = await fetch(new URL(target, baseUrl()));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('/assets/admin/');
    }
  });
});

describe('precompressed text files', () => {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => !file.startsWith('.vite'));
  // The entry script index.html loads (other chunks share its name; some are too small to compress).
  const entry = /<script type="module"[^>]*src="\/(assets\/index-[^"]+\.js)"/.exec(
    readFileSync(path.join(dist, 'index.html'), 'utf8'),
  )?.[1];

  it('lie beside every text file of a kilobyte or more, and unpack to it', () => {
    const texts = files.filter((file) => /\.(?:m?js|css|html|svg|pdf)$/.test(file));
    expect(texts.some((file) => file.endsWith('.mjs'))).toBe(true);
    for (const file of texts) {
      const original = readFileSync(path.join(dist, file));
      if (statSync(path.join(dist, file)).size >= 1024) {
        expect([existsSync(path.join(dist, `${file}.br`)), existsSync(path.join(dist, `${file}.gz`))]).toEqual([
          true,
          true,
        ]);
      }
      if (existsSync(path.join(dist, `${file}.br`))) {
        expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`))).equals(original)).toBe(true);
      }
      if (existsSync(path.join(dist, `${file}.gz`))) {
        expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`))).equals(original)).toBe(true);
      }
    }
  });

  it('go out as brotli or gzip as the browser asks, hashed files cached for good', async () => {
    const get = async (target: string, encoding: string) => {
      const response = await fetch(new URL(target, baseUrl()), { headers: { 'accept-encoding': encoding } });
      await response.arrayBuffer();
      return [response.headers.get('content-encoding'), response.headers.get('cache-control')];
    };
    expect(await get('/login', 'gzip, deflate, br')).toEqual(['br', 'no-cache']);
    expect(await get('/login', 'gzip')).toEqual(['gzip', 'no-cache']);
    expect(await get(`/${entry}`, 'gzip, deflate, br')).toEqual(['br', 'public, max-age=31536000, immutable']);
    expect(await get(`/${entry}`, 'identity')).toEqual([null, 'public, max-age=31536000, immutable']);
  });
});
