// The sheet where one record is added or changed. What was typed survives the sheet being closed (back, Esc, ×):
// the screen keeps it and gives it back when the same record is opened again, until 确定 takes it into the list.
import { Button, Form } from 'antd-mobile';
import type { PickerOption } from '../../../components/form/picker-field';
import { Sheet } from '../../../components/sheet';
import { t } from '../../../i18n/zh-CN';
import { showToast } from '../../../lib/toast';
import type { RecordKind, RecordValues } from '../record-kinds';

type RecordFormProps = {
  kind: RecordKind;
  initialValues: RecordValues;
  majorOptions: readonly PickerOption[];
  onValuesChange: (values: RecordValues) => void;
  onSave: (values: RecordValues) => void;
};

/** Mounted with the sheet's content: a fresh form each time the sheet opens. */
const RecordForm = ({ kind, initialValues, majorOptions, onValuesChange, onSave }: RecordFormProps) => {
  const [form] = Form.useForm<RecordValues>();
  const { FormFields } = kind;
  return (
    <Form
      form={form}
      name={kind.formName}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={initialValues}
      onValuesChange={(_changed, all: RecordValues) => onValuesChange(all)}
      onFinish={(values: RecordValues) => onSave(values)}
      onFinishFailed={() => void showToast({ content: t.records.fillComplete, kind: 'fail' })}
      footer={
        <Button block type="submit" color="primary" size="large">
          {t.records.done}
        </Button>
      }
    >
      <FormFields majorOptions={majorOptions} />
    </Form>
  );
};

type RecordSheetProps = Omit<RecordFormProps, 'initialValues'> & {
  /** The record being changed, or undefined to add one. */
  target: { isNew: boolean; values: RecordValues } | undefined;
  onClose: () => void;
};

export const RecordSheet = ({ kind, target, onClose, ...form }: RecordSheetProps) => (
  <Sheet
    visible={target !== undefined}
    title={target?.isNew ? t.records.addTitle(kind.name) : t.records.editTitle(kind.name)}
    onClose={onClose}
  >
    {target && (
      <div className="record-sheet-form">
        <RecordForm kind={kind} initialValues={target.values} {...form} />
      </div>
    )}
  </Sheet>
);
