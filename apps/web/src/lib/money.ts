// Money as the screens show it: ¥1,234.56, two decimals, thousands grouped, minus sign in front.
// Worked out by hand rather than with Intl so old phone WebViews without full ICU print the same.

/**
 * Whole cents of an amount that arrived as a float (12.3 → 1230), so sums and differences stay exact.
 * Shifting the decimal text rounds 2.675 up as written; 2.675 * 100 is 267.49999… in binary.
 */
export const toCents = (amount: number): number => {
  const magnitude = Math.abs(amount);
  const text = String(magnitude);
  const cents = text.includes('e') ? Math.round(magnitude * 100) : Math.round(Number(`${text}e2`));
  return amount < 0 ? -cents : cents;
};

export const formatMoney = (amount: number): string => {
  if (!Number.isFinite(amount)) return '--';
  const cents = Math.abs(toCents(amount));
  const yuan = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(cents % 100).padStart(2, '0');
  return `${cents !== 0 && amount < 0 ? '-' : ''}¥${yuan}.${fraction}`;
};

/** a − b without float noise (12.1 − 4 is 8.1, not 8.099999999999999). */
export const subtractMoney = (a: number, b: number): number => (toCents(a) - toCents(b)) / 100;
