// Some answers carry their data as JSON text (SPEC §7: meals, payslip, cabinet, safety issues). What the text holds is
// the contract's too: an answer schema made here checks the text's content, not only that it is a string.
import { z } from 'zod';

const contentOfText = new WeakMap<z.ZodType, z.ZodType>();

/** JSON text of `content`; with `orEmpty`, also '' (the call's "nothing there"). Its output stays the text. */
export const jsonTextOf = <T extends z.ZodType>(content: T, { orEmpty = false }: { orEmpty?: boolean } = {}) => {
  const text = z.string().superRefine((value, context) => {
    if (orEmpty && value === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'not JSON text' });
      return;
    }
    for (const issue of content.safeParse(parsed).error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });
  contentOfText.set(text, content);
  return text;
};

/** The content schema of an answer made by `jsonTextOf`, for a reader that looks deeper than parsing (tests). */
export const contentOfJsonText = (schema: z.ZodType) => contentOfText.get(schema);
