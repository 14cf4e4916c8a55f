// Some answers carry their data as JSON text (SPEC §7: meals, payslip, cabinet, safety issues); the text
// is parsed here and checked against the contract's schema, so a screen never renders a half-shaped row.
import type { z } from 'zod';
import { t } from '../i18n/zh-CN';

/** The data of `text`, or undefined when the text is empty (the server's "nothing there"). */
export const parseJsonData = <S extends z.ZodType>(text: string, schema: S): z.output<S> | undefined => {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(t.queryState.invalidData);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(t.queryState.invalidData);
  return parsed.data;
};
