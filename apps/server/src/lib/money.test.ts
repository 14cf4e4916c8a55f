import { describe, expect, it } from 'vitest';
import { toAmount } from './money';

describe('payslip amounts', () => {
  it('round to cents half away from zero, as decimals', () => {
    expect(toAmount(1.005)).toBe(1.01);
    expect(toAmount(1234.565)).toBe(1234.57);
    expect(toAmount(-50.125)).toBe(-50.13);
    expect(toAmount(0.1 + 0.2)).toBe(0.3);
    expect(toAmount(8.1)).toBe(8.1);
  });

  it('show anything but a finite number as 0, and tiny or huge numbers sensibly', () => {
    for (const odd of [undefined, null, '12.3', Number.NaN, Number.POSITIVE_INFINITY, {}])
      expect(toAmount(odd)).toBe(0);
    expect(toAmount(1e-7)).toBe(0);
    expect(toAmount(-1e-7)).toBe(0);
    expect(toAmount(1e21)).toBe(1e21);
  });
});
