// text(): what a person may type, and the Chinese message for what they may not.
import { describe, expect, it } from 'vitest';
import { text } from './common';

const field = text('描述');
const messageOf = (value: unknown) => {
  const parsed = field.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('text()', () => {
  it('takes Chinese, emoji, tabs and line breaks', () => {
    for (const value of ['食堂周二晚餐重复扣款', '𠮷野家 😀', '第一行\n第二行\r\n\t缩进', '']) {
      expect(messageOf(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('refuses NUL and the other control characters', () => {
    for (const value of ['a\u0000b', '\u0007', '\u001b[2J', 'x\u007f', '\u000b']) {
      expect(messageOf(value), JSON.stringify(value)).toBe('描述不能包含控制字符');
    }
  });

  it('refuses half a surrogate pair wherever it stands', () => {
    for (const value of ['\ud800', 'a\ud83d', '\udc00a', 'a\ude00', '\ud83d\ud83d']) {
      expect(messageOf(value), JSON.stringify(value)).toBe('描述包含无法识别的字符');
    }
  });

  it('names the field when it is missing or not text', () => {
    expect(messageOf(undefined)).toBe('请填写描述');
    expect(messageOf(12)).toBe('描述应为文本');
    expect(text('账号', { missing: '请输入账号' }).safeParse(undefined).error?.issues[0]?.message).toBe('请输入账号');
  });
});
