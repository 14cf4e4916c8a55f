import { describe, expect, it } from 'vitest';
import { typedPart } from './masked-number-input';

describe('an edit of a masked number', () => {
  it('keeps only what was typed into the masked value', () => {
    expect(typedPart('3206**********1236', '3206**********12365')).toBe('5');
    expect(typedPart('3206**********1236', '33206**********1236')).toBe('3');
    expect(typedPart('6217 **** **** 0122', '6217 **8** **** 0122')).toBe('8');
  });

  it('empties it when a character is taken away', () => {
    expect(typedPart('3206**********1236', '3206**********123')).toBe('');
  });

  it('takes a whole new number (pasted, or typed over everything) as it is', () => {
    expect(typedPart('6217 **** **** 0122', '6222021234567890123')).toBe('6222021234567890123');
    expect(typedPart('3206**********1236', '320682199001011231')).toBe('320682199001011231');
  });
});
