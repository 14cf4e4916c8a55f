// A number the server shows masked (ID card 3201**********1234, bank card 6222 **** **** 1234): left as shown it
// means "unchanged"; any edit replaces the whole value, so the employee types the whole new number. Cleared, it
// stays empty, and the form asks for the number (请填写…) rather than taking the clearing for "unchanged".
import { MASKED_NUMBER } from '@ess/contract/records';
import { Input } from 'antd-mobile';

/**
 * What an edit of the masked value leaves: a value without the mask's stars is a whole new one (pasted, or typed
 * over a selection of all); otherwise what was typed into it, between the unchanged start and the unchanged end.
 */
export const typedPart = (before: string, after: string) => {
  if (!after.includes('*')) return after;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  return after.slice(start, endAfter);
};

type MaskedNumberInputProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  inputMode: 'numeric' | 'text';
  maxLength: number;
};

export const MaskedNumberInput = ({
  id,
  value = '',
  onChange,
  placeholder,
  inputMode,
  maxLength,
}: MaskedNumberInputProps) => (
  <Input
    id={id}
    value={value}
    placeholder={placeholder}
    inputMode={inputMode}
    autoComplete="off"
    maxLength={MASKED_NUMBER.test(value) ? undefined : maxLength}
    onChange={(next) => onChange?.(MASKED_NUMBER.test(value) && next !== value ? typedPart(value, next) : next)}
  />
);
