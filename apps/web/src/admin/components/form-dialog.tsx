// A dialog around one form: OK checks the fields by their (contract) rules, and only then hands the values over;
// refused fields show their messages under them and nothing is sent.
import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { ct } from '../texts';

type FormDialogProps<Values> = {
  /** Names the form, so that its fields' ids differ from those of the page behind it. */
  name: string;
  form: FormInstance<Values>;
  title: string;
  okText: string;
  isDanger?: boolean;
  isPending: boolean;
  initialValues: Partial<Values>;
  onSubmit: (values: Values) => void;
  onClose: () => void;
  /** Words above the form. */
  intro?: ReactNode;
  children: ReactNode;
};

export const FormDialog = <Values,>({
  name,
  form,
  title,
  okText,
  isDanger = false,
  isPending,
  initialValues,
  onSubmit,
  onClose,
  intro,
  children,
}: FormDialogProps<Values>) => (
  <Modal
    open
    title={title}
    okText={okText}
    cancelText={ct.common.cancel}
    okButtonProps={{ danger: isDanger, loading: isPending }}
    onOk={() => form.validateFields().then(onSubmit, () => undefined)}
    onCancel={onClose}
  >
    {intro}
    <Form<Values> name={name} form={form} layout="vertical" initialValues={initialValues}>
      {children}
    </Form>
  </Modal>
);
