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
import { catalogueItemOf } from '../field-label';
import { MaskedNumberInput } from './masked-number-input';

const base = t.records.base;
const MARRIAGE = BASE_FIELDS.isMarry.format.options;
const rulesOf = contractRules(employeeBaseForm);
const BaseItem = catalogueItemOf(BASE_FIELDS, rulesOf);

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
    <BaseItem name="empTelNo">
      <Input type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={base.empTelNoPlaceholder} />
    </BaseItem>
    <BaseItem name="address">
      <Input maxLength={200} placeholder={base.addressPlaceholder} />
    </BaseItem>
    <BaseItem name="empCardType">
      <PickerField label={BASE_FIELDS.empCardType.label} options={dictionaries.card} />
    </BaseItem>
    <BaseItem name="empHeight">
      <Input inputMode="decimal" maxLength={6} placeholder={base.empHeightPlaceholder} />
    </BaseItem>
    <BaseItem name="empWeight">
      <Input inputMode="decimal" maxLength={6} placeholder={base.empWeightPlaceholder} />
    </BaseItem>
    <BaseItem name="empEmail">
      <Input
        type="email"
        inputMode="email"
        maxLength={100}
        autoComplete="email"
        placeholder={base.empEmailPlaceholder}
      />
    </BaseItem>
    <BaseItem name="empPolitical">
      <PickerField label={BASE_FIELDS.empPolitical.label} options={dictionaries.poli} />
    </BaseItem>
    <BaseItem name="isMarry">
      <Radio.Group>
        <Space>
          <Radio value="Y">{MARRIAGE.Y}</Radio>
          <Radio value="N">{MARRIAGE.N}</Radio>
        </Space>
      </Radio.Group>
    </BaseItem>
    <Form.Subscribe to={['isMarry']}>
      {({ isMarry }) =>
        isMarry === 'Y' && (
          <BaseItem name="hasBirth">
            <PickerField label={BASE_FIELDS.hasBirth.label} options={dictionaries.fert} />
          </BaseItem>
        )
      }
    </Form.Subscribe>

    <Form.Header>
      <h2 className="form-header-title">{base.contactSection}</h2>
    </Form.Header>
    <BaseItem name="emergencyContactName">
      <Input maxLength={64} placeholder={base.emergencyContactNamePlaceholder} />
    </BaseItem>
    <BaseItem name="emergencyContactRelation">
      <PickerField label={BASE_FIELDS.emergencyContactRelation.label} options={dictionaries.rel} />
    </BaseItem>
    <BaseItem name="emergencyContactTelNo">
      <Input type="tel" maxLength={20} placeholder={base.emergencyContactTelNoPlaceholder} />
    </BaseItem>

    <Form.Header>
      <h2 className="form-header-title">{base.scanSection}</h2>
    </Form.Header>
    <BaseItem name="empCardScanUp" layout="vertical">
      <FileUploader upType="CARD" label={BASE_FIELDS.empCardScanUp.label} />
    </BaseItem>
    <BaseItem name="empCardScanDown" layout="vertical">
      <FileUploader upType="CARD" label={BASE_FIELDS.empCardScanDown.label} />
    </BaseItem>
  </Form>
);
