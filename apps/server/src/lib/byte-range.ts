// The one byte range of a `Range: bytes=…` header, for files served with ranges (training media, handbook PDFs).

export type ByteRange = { start: number; end: number };

/**
 * The one range of a `Range: bytes=…` header (RFC 9110 §14): `a-b`, `a-`, `-n`. undefined: no usable header (the
 * whole file); 'unsatisfiable': past the end. Several ranges are answered with the whole file, as the RFC allows.
 */
export const parseRange = (header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined => {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
};
