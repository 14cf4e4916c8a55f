import { act, render, screen } from '@testing-library/react';
import { Form as AntForm, Input as AntInput } from 'antd';
import { Form as MobileForm, Input as MobileInput } from 'antd-mobile';
import { type ComponentRef, createRef, type RefObject } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractFormRules, contractRules } from './contract-rules';

const person = z.object({
  name: z.string({ error: '请填写姓名' }).trim().min(1, { error: '请填写姓名' }).max(4, { error: '姓名最多 4 字' }),
  from: z.string().optional(),
  to: z.string().optional(),
});
const rulesOf = contractRules(person);
// A zod 4 refinement keeps the object schema, as the contract's cross-field forms do.
const formRulesOf = contractFormRules(
  person.superRefine((values, context) => {
    if (values.from && values.to && values.to < values.from) {
      context.addIssue({ code: 'custom', message: '结束日期不能早于开始日期', path: ['to'] });
    }
  }),
);

type AntFormRef = ComponentRef<typeof AntForm>;
type MobileFormRef = ComponentRef<typeof MobileForm>;
/** What both libraries' form instances offer the test. */
type FormHandle = { validateFields: () => Promise<unknown>; setFieldsValue: (values: object) => void };

/** The first error of each field validateFields refused, by field. */
const refusals = (form: FormHandle | null) =>
  act(async () => {
    try {
      await form?.validateFields();
      return {};
    } catch (failure) {
      const { errorFields } = failure as { errorFields: { name: string[]; errors: string[] }[] };
      return Object.fromEntries(errorFields.map((field) => [field.name.join('.'), field.errors[0]]));
    }
  });

/** One name field in either library's form, with the contract's rules. */
const NAME_FORMS = [
  {
    library: 'antd',
    renderForm: (ref: RefObject<FormHandle | null>) =>
      render(
        <AntForm ref={ref as RefObject<AntFormRef>}>
          <AntForm.Item name="name" label="姓名" rules={rulesOf('name')}>
            <AntInput />
          </AntForm.Item>
        </AntForm>,
      ),
  },
  {
    library: 'antd-mobile',
    renderForm: (ref: RefObject<FormHandle | null>) =>
      render(
        <MobileForm ref={ref as RefObject<MobileFormRef>}>
          <MobileForm.Item name="name" label="姓名" rules={rulesOf('name')}>
            <MobileInput />
          </MobileForm.Item>
        </MobileForm>,
      ),
  },
];

describe('contractRules', () => {
  it.each(NAME_FORMS.map(({ library, renderForm }) => [library, renderForm] as const))(
    "refuses in %s's Form with the contract's Chinese message, and lets a valid value through",
    async (_library, renderForm) => {
      const form = createRef<FormHandle>();
      renderForm(form);
      expect(await refusals(form.current)).toEqual({ name: '请填写姓名' });
      await screen.findByText('请填写姓名');
      act(() => form.current?.setFieldsValue({ name: '王小明明明' }));
      expect(await refusals(form.current)).toEqual({ name: '姓名最多 4 字' });
      act(() => form.current?.setFieldsValue({ name: '王明' }));
      expect(await refusals(form.current)).toEqual({});
    },
  );

  it("checks a field against the others in antd's Form (contractFormRules)", async () => {
    const form = createRef<AntFormRef>();
    render(
      <AntForm ref={form} initialValues={{ name: '王明', from: '2026-03-01', to: '2026-02-01' }}>
        <AntForm.Item name="name" rules={formRulesOf('name')}>
          <AntInput />
        </AntForm.Item>
        <AntForm.Item name="from" rules={formRulesOf('from')}>
          <AntInput />
        </AntForm.Item>
        <AntForm.Item name="to" rules={formRulesOf('to')} dependencies={['from']}>
          <AntInput />
        </AntForm.Item>
      </AntForm>,
    );
    expect(await refusals(form.current)).toEqual({ to: '结束日期不能早于开始日期' });
  });
});
