import { describe, expect, it } from 'vitest';
import {
  countDaysBetween,
  formatMonth,
  formatShanghaiTime,
  getServiceLength,
  getShanghaiMonth,
  getShanghaiToday,
} from './dates';

describe('formatMonth', () => {
  it('shows yyyy-MM as the screens write months', () => {
    expect(formatMonth('2026-10')).toBe('2026年10月');
    expect(formatMonth('2025-03')).toBe('2025年3月');
  });

  it('leaves anything else as it came', () => {
    expect(formatMonth('2025-13')).toBe('2025-13');
    expect(formatMonth('2025年3月')).toBe('2025年3月');
  });
});

describe('getShanghaiToday', () => {
  it('is already the next day in Shanghai at 16:00 UTC', () => {
    expect(getShanghaiToday(new Date('2024-03-01T15:59:59Z'))).toBe('2024-03-01');
    expect(getShanghaiToday(new Date('2024-03-01T16:00:00Z'))).toBe('2024-03-02');
  });
});

describe('countDaysBetween', () => {
  it('counts calendar days across months and leap days', () => {
    expect(countDaysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(countDaysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(countDaysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('rejects malformed and impossible dates', () => {
    expect(countDaysBetween('2024-02-31', '2024-03-01')).toBeUndefined();
    expect(countDaysBetween('yesterday', '2024-03-01')).toBeUndefined();
  });
});

describe('getServiceLength', () => {
  it('is day 1 on the enter date', () => {
    expect(getServiceLength('2024-05-10', '2024-05-10')).toEqual({ elapsedDays: 0, dayNumber: 1, months: 0, days: 0 });
  });

  it('counts months as 30 days, not calendar months', () => {
    // 400 days = 13 × 30 + 10
    expect(getServiceLength('2023-01-01', '2024-02-05')).toMatchObject({ elapsedDays: 400, months: 13, days: 10 });
    // 31 calendar days of January are one 30-day month and a day.
    expect(getServiceLength('2024-01-01', '2024-02-01')).toMatchObject({ months: 1, days: 1 });
    expect(getServiceLength('2024-01-01', '2024-01-31')).toMatchObject({ months: 1, days: 0 });
    expect(getServiceLength('2024-01-01', '2024-01-30')).toMatchObject({ months: 0, days: 29 });
  });

  it('accepts a timestamp-like enter date', () => {
    expect(getServiceLength('2024-01-01T00:00:00', '2024-01-11')).toMatchObject({ elapsedDays: 10 });
  });

  it('has nothing to say without an enter date or before it', () => {
    expect(getServiceLength(null, '2024-01-01')).toBeUndefined();
    expect(getServiceLength('2024-02-01', '2024-01-01')).toBeUndefined();
  });
});

describe('getShanghaiMonth', () => {
  it('counts months back from the Shanghai calendar, across the year', () => {
    const newYear = new Date('2025-12-31T16:00:00Z'); // 2026-01-01 00:00 in Shanghai
    expect(getShanghaiMonth(0, newYear)).toBe('2026-01');
    expect(getShanghaiMonth(1, newYear)).toBe('2025-12');
    expect(getShanghaiMonth(13, newYear)).toBe('2024-12');
    expect(getShanghaiMonth(1, new Date('2025-12-31T15:59:59Z'))).toBe('2025-11');
  });

  it('is not thrown off by month ends', () => {
    expect(getShanghaiMonth(1, new Date('2026-03-31T04:00:00Z'))).toBe('2026-02');
  });
});

describe('formatShanghaiTime', () => {
  it('shows an instant on the Shanghai clock whatever its offset', () => {
    expect(formatShanghaiTime('2026-11-24T16:30:00.000Z')).toBe('2026-11-25 00:30:00');
    expect(formatShanghaiTime('2026-11-25T00:30:00+08:00')).toBe('2026-11-25 00:30:00');
  });
});
