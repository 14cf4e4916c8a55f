// A form's rules come from the contract: each field is checked by its own zod schema from the call's
// request, and refused with the schema's Chinese message, so the screen and the server never disagree.
import type { FormItemProps } from 'antd-mobile';
import type { z } from 'zod';

type Rules = NonNullable<FormItemProps['rules']>;

/** antd-mobile rules for one field of `schema` (a contract request object). */
export const contractRules =
  <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  (field: keyof Shape & string): Rules => {
    const fieldSchema = schema.shape[field] as z.ZodType;
    return [
      {
        // An empty control hands over '' or undefined; the schema decides whether that is allowed.
        validator: async (_rule, value: unknown) => {
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
  (field: keyof Shape & string): Rules => {
    const fieldSchema = schema.shape[field] as z.ZodType;
    return [
      ...contractRules(schema)(field),
      ({ getFieldsValue }) => ({
        validator: async (_rule, value: unknown) => {
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
