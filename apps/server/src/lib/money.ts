// Money as the payslips, the imports and PostgreSQL's numeric(12, 2) have it: yuan with at most cents.

/**
 * An item as money: rounded to cents half away from zero, as PostgreSQL rounds numeric. The shift by
 * exponent works on the number's shortest decimal text, so 1.005 becomes 1.01, not 1 as 1.005 * 100 would.
 * Anything but a number (a missing item, a text slipped into the JSON) shows as 0.
 */
export const toAmount = (value: unknown) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  // A double has no cents left to round beyond this.
  if (Math.abs(value) >= 1e15) return value;
  const text = String(Math.abs(value));
  const cents = text.includes('e') ? Math.round(Math.abs(value) * 100) : Math.round(Number(`${text}e2`));
  return (Math.sign(value) * cents) / 100 || 0;
};
