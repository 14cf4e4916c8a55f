// A field's label on a form, from the contract's field catalogue: a required field says so, an optional one says 选填.
import type { RecordField } from '@ess/contract/record-fields';
import { Form, type FormItemProps } from 'antd-mobile';
import type { ContractRule } from '../../components/form/contract-rules';
import { RequiredLabel } from '../../components/form/required-label';
import { t } from '../../i18n/zh-CN';

type LabelledField = Pick<RecordField, 'label' | 'required'>;

export const fieldLabel = (field: LabelledField) =>
  field.required ? <RequiredLabel>{field.label}</RequiredLabel> : t.form.optional(field.label);

/** The form item of a catalogue's field, its label and rules found by its key: the key is written once. */
export const catalogueItemOf =
  <Key extends string>(fields: Record<Key, LabelledField>, rulesOf: (key: Key) => ContractRule[]) =>
  ({ name, ...props }: Omit<FormItemProps, 'name' | 'label' | 'rules'> & { name: Key }) => (
    <Form.Item {...props} name={name} label={fieldLabel(fields[name])} rules={rulesOf(name)} />
  );
