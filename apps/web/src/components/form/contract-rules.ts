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
