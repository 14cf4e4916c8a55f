// The public forms' shared pieces (improvement and study proposals, a candidate's registration): one horizontal
// antd-mobile form with a full-width submit button, items whose required mark sits in the label (RequiredLabel,
// so the form sets requiredMarkStyle="none"), and text fields whose placeholder asks for their label.
import {
  Button,
  Form,
  type FormItemProps,
  type FormProps,
  Input,
  type InputProps,
  TextArea,
  type TextAreaProps,
} from 'antd-mobile';
import type { ReactNode } from 'react';
import { t } from '../../i18n/zh-CN';
import { RequiredLabel } from './required-label';

type PublicFormProps = Omit<FormProps, 'layout' | 'requiredMarkStyle' | 'footer'> & {
  submitLabel: ReactNode;
  isPending: boolean;
  submitDisabled?: boolean;
};

export const PublicForm = ({ submitLabel, isPending, submitDisabled, children, ...props }: PublicFormProps) => (
  <Form
    {...props}
    layout="horizontal"
    requiredMarkStyle="none"
    footer={
      <Button type="submit" color="primary" block size="large" loading={isPending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    }
  >
    {children}
  </Form>
);

/** A form item the user must fill: the label carries the required mark. */
export const RequiredItem = ({ label, ...props }: Omit<FormItemProps, 'label'> & { label: ReactNode }) => (
  <Form.Item {...props} label={<RequiredLabel>{label}</RequiredLabel>} />
);

/** A one-line field asking for its label (请填写…); the form item passes value and onChange. */
const AskingInput = ({ label, ...props }: Omit<InputProps, 'placeholder'> & { label: string }) => (
  <Input placeholder={t.proposals.placeholder(label)} {...props} />
);

/** A free-text answer of up to 2000 characters asking for its label, with its count shown. */
const AskingTextArea = ({ label, ...props }: Omit<TextAreaProps, 'placeholder'> & { label: string }) => (
  <TextArea placeholder={t.proposals.placeholder(label)} rows={3} maxLength={2000} showCount {...props} />
);

type AskingItemProps = Pick<FormItemProps, 'name' | 'rules' | 'description'> & { label: string };

/** A required one-line field, its label written once for the item and the placeholder. */
export const RequiredTextItem = ({
  name,
  label,
  rules,
  description,
  ...input
}: AskingItemProps & Omit<InputProps, 'placeholder' | 'name'>) => (
  <RequiredItem name={name} label={label} rules={rules} description={description}>
    <AskingInput label={label} {...input} />
  </RequiredItem>
);

/** A required free-text answer below its label. */
export const RequiredTextAreaItem = ({ name, label, rules }: Omit<AskingItemProps, 'description'>) => (
  <RequiredItem name={name} label={label} rules={rules} layout="vertical">
    <AskingTextArea label={label} />
  </RequiredItem>
);
