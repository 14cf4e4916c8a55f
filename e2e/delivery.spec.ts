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
import { baseUrl, DEMO_PASSWORD, launchBrowser, newPhone } from './harness';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const scripts = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.m?js$/.test(file) && !file.startsWith('.vite'))
  .map((file) => path.join(dist, file));
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

  it('uses only syntax and built-ins they have or that are polyfilled before the entry', async () => {
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

  it('uses in pdf.js only syntax they have and built-ins core-js provides', async () => {
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
  for (const name of ['structuredClone', 'queueMicrotask', 'requestIdleCallback']) delete global[name];
  const remove = (owner: object, names: string[]) => {
    for (const name of names) delete (owner as Record<string, unknown>)[name];
  };
  remove(Object, ['fromEntries', 'hasOwn']);
  remove(Promise, ['allSettled', 'any', 'withResolvers']);
  remove(Array.prototype, ['flat', 'flatMap', 'at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'with']);
  remove(String.prototype, ['trimStart', 'trimEnd', 'replaceAll', 'matchAll', 'at']);
  delete global.globalThis;
};

describe('the app in a browser without the newer built-ins', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
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

    await page.getByLabel('账号').fill('100002');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: '查询服务' }).waitFor();
    // The payslip is checked against the contract's zod schemas as it arrives.
    await page.goto('/salary/my-salary');
    await page.getByText('实发工资').first().waitFor();
    expect(errors).toEqual([]);
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
