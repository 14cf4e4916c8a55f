import { describe, expect, it } from 'vitest';
import { toSafeRedirect } from './safe-redirect';

describe('toSafeRedirect', () => {
  it('keeps paths of this site with their query', () => {
    expect(toSafeRedirect('/salary/my-salary?m=2024-01')).toBe('/salary/my-salary?m=2024-01');
  });

  it('falls back to / for anything else', () => {
    for (const value of [
      null,
      '',
      'home',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/a\nb',
    ]) {
      expect(toSafeRedirect(value)).toBe('/');
    }
  });
});
