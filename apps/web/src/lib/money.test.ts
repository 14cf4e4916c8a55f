import { describe, expect, it } from 'vitest';
import { formatMoney, subtractMoney } from './money';

describe('formatMoney', () => {
  it('prints yuan with two decimals and grouped thousands', () => {
    expect(formatMoney(1234.56)).toBe('¥1,234.56');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥5.00');
    expect(formatMoney(12.3)).toBe('¥12.30');
    expect(formatMoney(1234567.8)).toBe('¥1,234,567.80');
    expect(formatMoney(100)).toBe('¥100.00');
    expect(formatMoney(1000)).toBe('¥1,000.00');
  });

  it('rounds to the cent', () => {
    expect(formatMoney(0.005)).toBe('¥0.01');
    expect(formatMoney(2.675)).toBe('¥2.68');
    expect(formatMoney(999.999)).toBe('¥1,000.00');
  });

  it('puts the minus sign before the currency sign, never on zero', () => {
    expect(formatMoney(-150)).toBe('-¥150.00');
    expect(formatMoney(-1234.5)).toBe('-¥1,234.50');
    expect(formatMoney(-0.001)).toBe('¥0.00');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('--');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('--');
  });
});

describe('subtractMoney', () => {
  it('subtracts in cents', () => {
    expect(subtractMoney(12.1, 4)).toBe(8.1);
    expect(subtractMoney(0.3, 0.1)).toBe(0.2);
    expect(subtractMoney(14, 0)).toBe(14);
  });
});
