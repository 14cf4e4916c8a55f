// The base data form of 个人信息 (SPEC §5): every rule and message from the contract's employeeBaseForm; height and
// weight on the number pad; 生育状况 only for the married; the ID card number masked as the server shows it, an
// edit replacing it whole; both ID card scans uploaded (upType CARD).
import { BASE_FIELDS, type FieldFormat } from '@ess/contract/record-fields';
import type { EmployeeInfo } from '@ess/contract/records';
import { employeeBaseForm } from '@ess/contract/records';
import { Form, Input, Radio, Space } from 'antd-mobile';
import { contractRules } from '../../../components/form/contract-rules';
import { PickerField, type PickerOption } from '../../../components/form/picker-field';
import { RequiredLabel } from '../../../components/form/required-label';
import { FileUploader } from '../../../components/upload/file-uploader';
import { t } from '../../../i18n/zh-CN';
import { fieldLabel } from '../field-label';
import { MaskedNumberInput } from './masked-number-input';

const base = t.records.base;
const MARRIAGE = BASE_FIELDS.isMarry.format.options;
const rulesOf = contractRules(employeeBaseForm);

/** The form's values: text as typed (height and weight too), choices as codes, files as addresses. */
export type BaseValues = Partial<Record<keyof typeof BASE_FIELDS, string>>;

/** A value as its control holds it: a number as typed, an empty choice or file as none. */
const formValueOf = (format: FieldFormat, value: string | number | null) => {
  if (format.kind === 'number' || format.kind === 'text') return value === null ? '' : String(value);
  return value ? String(value) : undefined;
};

export const baseValuesOf = (info: EmployeeInfo): BaseValues =>
  Object.fromEntries(
    Object.entries(BASE_FIELDS).map(([key, field]) => [
      key,
      formValueOf(field.format, info[key as keyof typeof BASE_FIELDS]),
    ]),
  );

export type BaseDictionaries = {
  card: PickerOption[];
  poli: PickerOption[];
  rel: PickerOption[];
  fert: PickerOption[];
};

type BaseInfoFormProps = {
  form: ReturnType<typeof Form.useForm<BaseValues>>[0];
  info: EmployeeInfo;
  dictionaries: BaseDictionaries;
};

export const BaseInfoForm = ({ form, info, dictionaries }: BaseInfoFormProps) => (
  <Form
    form={form}
    name="base"
    layout="horizontal"
    mode="card"
    requiredMarkStyle="none"
    initialValues={baseValuesOf(info)}
    className="base-info-form"
  >
    <Form.Header>
      <h2 className="form-header-title">{base.section}</h2>
    </Form.Header>
    <Form.Item label={base.empName}>
      <span className="readonly-value">{info.empName}</span>
    </Form.Item>
    <Form.Item label={base.empNo}>
      <span className="readonly-value">{info.empNo}</span>
    </Form.Item>
    <Form.Item label={base.empEnterDate}>
      <span className="readonly-value">{info.empEnterDate ?? t.records.notFilled}</span>
    </Form.Item>
    <Form.Item
      name="empCard"
      label={info.empCard ? BASE_FIELDS.empCard.label : <RequiredLabel>{BASE_FIELDS.empCard.label}</RequiredLabel>}
      description={info.empCard ? base.empCardHint : undefined}
      rules={[
        ...rulesOf('empCard'),
        {
          // Without a number on file, one must be given (the server asks for it too).
          validator: async (_rule, value: string | undefined) => {
            if (!info.empCard && !value?.trim()) throw new Error(base.empCardRequired);
          },
        },
      ]}
    >
      <MaskedNumberInput placeholder={base.empCardPlaceholder} inputMode="text" maxLength={18} />
    </Form.Item>
    <Form.Item name="empTelNo" label={fieldLabel(BASE_FIELDS.empTelNo)} rules={rulesOf('empTelNo')}>
      <Input type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={base.empTelNoPlaceholder} />
    </Form.Item>
    <Form.Item name="address" label={fieldLabel(BASE_FIELDS.address)} rules={rulesOf('address')}>
      <Input maxLength={200} placeholder={base.addressPlaceholder} />
    </Form.Item>
    <Form.Item name="empCardType" label={fieldLabel(BASE_FIELDS.empCardType)} rules={rulesOf('empCardType')}>
      <PickerField label={BASE_FIELDS.empCardType.label} options={dictionaries.card} />
    </Form.Item>
    <Form.Item name="empHeight" label={fieldLabel(BASE_FIELDS.empHeight)} rules={rulesOf('empHeight')}>
      <Input inputMode="decimal" maxLength={6} placeholder={base.empHeightPlaceholder} />
    </Form.Item>
    <Form.Item name="empWeight" label={fieldLabel(BASE_FIELDS.empWeight)} rules={rulesOf('empWeight')}>
      <Input inputMode="decimal" maxLength={6} placeholder={base.empWeightPlaceholder} />
    </Form.Item>
    <Form.Item name="empEmail" label={fieldLabel(BASE_FIELDS.empEmail)} rules={rulesOf('empEmail')}>
      <Input
        type="email"
        inputMode="email"
        maxLength={100}
        autoComplete="email"
        placeholder={base.empEmailPlaceholder}
      />
    </Form.Item>
    <Form.Item name="empPolitical" label={fieldLabel(BASE_FIELDS.empPolitical)} rules={rulesOf('empPolitical')}>
      <PickerField label={BASE_FIELDS.empPolitical.label} options={dictionaries.poli} />
    </Form.Item>
    <Form.Item name="isMarry" label={fieldLabel(BASE_FIELDS.isMarry)} rules={rulesOf('isMarry')}>
      <Radio.Group>
        <Space>
          <Radio value="Y">{MARRIAGE.Y}</Radio>
          <Radio value="N">{MARRIAGE.N}</Radio>
        </Space>
      </Radio.Group>
    </Form.Item>
    <Form.Subscribe to={['isMarry']}>
      {({ isMarry }) =>
        isMarry === 'Y' && (
          <Form.Item name="hasBirth" label={fieldLabel(BASE_FIELDS.hasBirth)} rules={rulesOf('hasBirth')}>
            <PickerField label={BASE_FIELDS.hasBirth.label} options={dictionaries.fert} />
          </Form.Item>
        )
      }
    </Form.Subscribe>

    <Form.Header>
      <h2 className="form-header-title">{base.contactSection}</h2>
    </Form.Header>
    <Form.Item
      name="emergencyContactName"
      label={fieldLabel(BASE_FIELDS.emergencyContactName)}
      rules={rulesOf('emergencyContactName')}
    >
      <Input maxLength={64} placeholder={base.emergencyContactNamePlaceholder} />
    </Form.Item>
    <Form.Item
      name="emergencyContactRelation"
      label={fieldLabel(BASE_FIELDS.emergencyContactRelation)}
      rules={rulesOf('emergencyContactRelation')}
    >
      <PickerField label={BASE_FIELDS.emergencyContactRelation.label} options={dictionaries.rel} />
    </Form.Item>
    <Form.Item
      name="emergencyContactTelNo"
      label={fieldLabel(BASE_FIELDS.emergencyContactTelNo)}
      rules={rulesOf('emergencyContactTelNo')}
    >
      <Input type="tel" maxLength={20} placeholder={base.emergencyContactTelNoPlaceholder} />
    </Form.Item>

    <Form.Header>
      <h2 className="form-header-title">{base.scanSection}</h2>
    </Form.Header>
    <Form.Item
      name="empCardScanUp"
      label={fieldLabel(BASE_FIELDS.empCardScanUp)}
      rules={rulesOf('empCardScanUp')}
      layout="vertical"
    >
      <FileUploader upType="CARD" label={BASE_FIELDS.empCardScanUp.label} />
    </Form.Item>
    <Form.Item
      name="empCardScanDown"
      label={fieldLabel(BASE_FIELDS.empCardScanDown)}
      rules={rulesOf('empCardScanDown')}
      layout="vertical"
    >
      <FileUploader upType="CARD" label={BASE_FIELDS.empCardScanDown.label} />
    </Form.Item>
  </Form>
);
