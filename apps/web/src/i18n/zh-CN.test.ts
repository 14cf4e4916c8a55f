// The app's own Chinese text uses full-width punctuation (，。？！：；（）); only the messages the spec
// quotes keep the half-width marks it writes them with. Both text modules are checked: the shell's (what /login
// downloads) and the screens' one, which also holds the shell's texts under the same keys; and the HR console's.
import { describe, expect, it } from 'vitest';
import { ct } from '../admin/texts';
import { zhCN } from './zh-CN';
import { zhCNShell } from './zh-CN-shell';

/** Messages quoted verbatim by SPEC.md, DESIGN.md §3 and the issues, kept exactly as written there. */
const SPEC_QUOTED = new Set([
  '请求服务器错误,请稍后重试',
  '获取用户信息失败,请重新登录！',
  '登录已过期,请重新登录',
  // SPEC §8 上传图片失败,{msg}: the words before the server's message.
  '上传图片失败,',
  // The issue on training quotes the unplayable video's message.
  '该视频暂时无法播放,请稍后再试',
]);

const CJK = '\\u3400-\\u9fff\\uf900-\\ufaff';
/** A half-width , ? ! : ; ( ) with a Chinese character on either side of it. */
const HALF_WIDTH_BESIDE_CJK = new RegExp(`[${CJK}][,?!:;()]|[,?!:;()][${CJK}]`);

/** Every text of the module with where it is; functions are called with Chinese sample arguments. */
const collectTexts = (value: unknown, path: string): { path: string; text: string }[] => {
  if (typeof value === 'string') return [{ path, text: value }];
  if (typeof value === 'function') return collectTexts((value as (...args: unknown[]) => unknown)('甲', '乙'), path);
  if (Array.isArray(value)) return value.flatMap((item, index) => collectTexts(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => collectTexts(item, `${path}.${key}`));
  }
  return [];
};

const shellTexts = collectTexts(zhCNShell, 't');
const screenTexts = collectTexts(zhCN, 't');

describe.each([
  { file: 'zh-CN-shell.ts', texts: shellTexts, atLeast: 50, sample: { path: 't.login.submit', text: '登录' } },
  { file: 'zh-CN.ts', texts: screenTexts, atLeast: 200, sample: { path: 't.home.welcome', text: '甲，您好！' } },
  {
    file: 'admin/texts.ts',
    texts: collectTexts(ct, 'ct'),
    atLeast: 150,
    sample: { path: 'ct.people.transferDialog.title', text: '调动：甲' },
  },
])('$file punctuation', ({ texts, atLeast, sample }) => {
  it('finds the texts it checks, functions included', () => {
    expect(texts.length).toBeGreaterThan(atLeast);
    expect(texts).toContainEqual(sample);
  });

  it('uses full-width punctuation beside Chinese, except in the spec-quoted messages', () => {
    const halfWidth = texts.filter(({ text }) => !SPEC_QUOTED.has(text) && HALF_WIDTH_BESIDE_CJK.test(text));
    expect(halfWidth).toEqual([]);
  });
});

describe('zh-CN texts', () => {
  it('keeps every spec-quoted message of the allow-list as the spec writes it', () => {
    const all = new Set([...shellTexts, ...screenTexts].map(({ text }) => text));
    for (const quoted of SPEC_QUOTED) expect(all).toContain(quoted);
  });

  it("holds every shell text under the same key in the screens' module, so `t` of either reads it alike", () => {
    expect(screenTexts).toEqual(expect.arrayContaining(shellTexts));
  });

  it("keeps the screens' texts out of the shell: only the shell's groups are there", () => {
    expect(Object.keys(zhCNShell).sort()).toEqual(['api', 'app', 'common', 'login', 'routes']);
    expect(Object.keys(zhCNShell.common)).toEqual(['loading', 'retryLoad']);
  });
});
