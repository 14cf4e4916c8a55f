// A form's rules come from the contract: each field is checked by its own zod schema from the call's
// request, and refused with the schema's Chinese message, so the screen and the server never disagree.
// One adapter for both form libraries: antd-mobile's Form (the app) and antd's (the HR console) take the same
// async-validator rules, a validator per rule or a function of the form that returns one.
import type { z } from 'zod';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
/** What a rule of the other fields needs of the form: the values of all of them. */
type FormValues = { getFieldsValue: (all: true) => unknown };
/** A rule both antd's and antd-mobile's Form.Item take. */
export type ContractRule = { validator: Validator } | ((form: FormValues) => { validator: Validator });

/** Rules for one field of `schema` (a contract request object). */
export const contractRules =
  <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  (field: keyof Shape & string): ContractRule[] => {
    const fieldSchema = schema.shape[field] as z.ZodType;
    return [
      {
        // An empty control hands over '' or undefined; the schema decides whether that is allowed.
        validator: async (_rule, value) => {
          const parsed = fieldSchema.safeParse(value === null ? undefined : value);
          if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
        },
      },
    ];
  };

/**
 * The rules of a field of a form whose schema also checks its fields against one another (an end date not before
 * the start date): the field's own schema first, then the whole form, refused with the first issue about this
 * field. The Form.Item names the fields it depends on (`dependencies`) to be checked again when they change.
 */
export const contractFormRules =
  <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  (field: keyof Shape & string): ContractRule[] => {
    const fieldSchema = schema.shape[field] as z.ZodType;
    return [
      ...contractRules(schema)(field),
      ({ getFieldsValue }) => ({
        validator: async (_rule, value) => {
          if (!fieldSchema.safeParse(value === null ? undefined : value).success) return;
          const values = Object.fromEntries(
            Object.entries(getFieldsValue(true) as Record<string, unknown>).map(([key, item]) => [
              key,
              item === null ? undefined : item,
            ]),
          );
          const parsed = schema.safeParse(values);
          const issue = parsed.success ? undefined : parsed.error.issues.find((item) => item.path[0] === field);
          if (issue) throw new Error(issue.message);
        },
      }),
    ];
  };
