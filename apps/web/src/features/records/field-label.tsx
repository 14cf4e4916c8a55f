// A field's label on a form, from the contract's field catalogue: a required field says so, an optional one says 选填.
import type { RecordField } from '@ess/contract/record-fields';
import { RequiredLabel } from '../../components/form/required-label';
import { t } from '../../i18n/zh-CN';

export const fieldLabel = (field: Pick<RecordField, 'label' | 'required'>) =>
  field.required ? <RequiredLabel>{field.label}</RequiredLabel> : t.form.optional(field.label);
