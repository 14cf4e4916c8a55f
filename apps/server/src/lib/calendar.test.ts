// The Shanghai calendar around UTC midnight and year ends.
import { describe, expect, it } from 'vitest';
import { companyDateTime, companyMonth, companyToday } from './calendar';

describe('company calendar', () => {
  it('is eight hours ahead of UTC', () => {
    expect(companyToday(new Date('2024-03-10T15:59:59Z'))).toBe('2024-03-10');
    expect(companyToday(new Date('2024-03-10T16:00:00Z'))).toBe('2024-03-11');
  });

  it('turns the month and the year on Shanghai midnight', () => {
    expect(companyMonth(new Date('2024-12-31T15:59:59Z'))).toBe('2024-12');
    expect(companyMonth(new Date('2024-12-31T16:00:00Z'))).toBe('2025-01');
    expect(companyToday(new Date('2024-02-29T04:00:00Z'))).toBe('2024-02-29');
  });

  it('prints a moment on the Shanghai clock, midnight as 00', () => {
    expect(companyDateTime(new Date('2024-12-31T16:00:00Z'))).toBe('2025-01-01 00:00:00');
    expect(companyDateTime(new Date('2024-03-10T05:07:09Z'))).toBe('2024-03-10 13:07:09');
  });
});
