// The base data form of 个人信息 (SPEC §5): every rule and message from the contract's employeeBaseForm; height and
// weight on the number pad; 生育状况 only for the married; the ID card number masked as the server shows it, an
// edit replacing it whole; both ID card scans uploaded (upType CARD).
import type { EmployeeInfo } from '@ess/contract/records';
import { employeeBaseForm } from '@ess/contract/records';
import { Form, Input, Radio, Space } from 'antd-mobile';
import { contractRules } from '../../../components/form/contract-rules';
import { PickerField, type PickerOption } from '../../../components/form/picker-field';
import { RequiredLabel } from '../../../components/form/required-label';
import { FileUploader } from '../../../components/upload/file-uploader';
import { t } from '../../../i18n/zh-CN';
import { MaskedNumberInput } from './masked-number-input';

const base = t.records.base;
const rulesOf = contractRules(employeeBaseForm);

/** The form's values: text as typed (height and weight too), choices as codes, files as addresses. */
export type BaseValues = {
  empCard?: string;
  empTelNo?: string;
  address?: string;
  empCardType?: string;
  empHeight?: string;
  empWeight?: string;
  empEmail?: string;
  empPolitical?: string;
  isMarry?: string;
  hasBirth?: string;
  empCardScanUp?: string;
  empCardScanDown?: string;
  emergencyContactName?: string;
  emergencyContactRelation?: string;
  emergencyContactTelNo?: string;
};

const orUndefined = (value: string | null) => (value ? value : undefined);

export const baseValuesOf = (info: EmployeeInfo): BaseValues => ({
  empCard: info.empCard,
  empTelNo: info.empTelNo,
  address: info.address,
  empCardType: orUndefined(info.empCardType),
  empHeight: info.empHeight === null ? '' : String(info.empHeight),
  empWeight: info.empWeight === null ? '' : String(info.empWeight),
  empEmail: info.empEmail,
  empPolitical: orUndefined(info.empPolitical),
  isMarry: orUndefined(info.isMarry),
  hasBirth: orUndefined(info.hasBirth),
  empCardScanUp: orUndefined(info.empCardScanUp),
  empCardScanDown: orUndefined(info.empCardScanDown),
  emergencyContactName: info.emergencyContactName,
  emergencyContactRelation: orUndefined(info.emergencyContactRelation),
  emergencyContactTelNo: info.emergencyContactTelNo,
});

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
      label={info.empCard ? base.empCard : <RequiredLabel>{base.empCard}</RequiredLabel>}
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
    <Form.Item name="empTelNo" label={<RequiredLabel>{base.empTelNo}</RequiredLabel>} rules={rulesOf('empTelNo')}>
      <Input type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={base.empTelNoPlaceholder} />
    </Form.Item>
    <Form.Item name="address" label={<RequiredLabel>{base.address}</RequiredLabel>} rules={rulesOf('address')}>
      <Input maxLength={200} placeholder={base.addressPlaceholder} />
    </Form.Item>
    <Form.Item
      name="empCardType"
      label={<RequiredLabel>{base.empCardType}</RequiredLabel>}
      rules={rulesOf('empCardType')}
    >
      <PickerField label={base.empCardType} options={dictionaries.card} />
    </Form.Item>
    <Form.Item name="empHeight" label={<RequiredLabel>{base.empHeight}</RequiredLabel>} rules={rulesOf('empHeight')}>
      <Input inputMode="decimal" maxLength={6} placeholder={base.empHeightPlaceholder} />
    </Form.Item>
    <Form.Item name="empWeight" label={<RequiredLabel>{base.empWeight}</RequiredLabel>} rules={rulesOf('empWeight')}>
      <Input inputMode="decimal" maxLength={6} placeholder={base.empWeightPlaceholder} />
    </Form.Item>
    <Form.Item name="empEmail" label={t.form.optional(base.empEmail)} rules={rulesOf('empEmail')}>
      <Input
        type="email"
        inputMode="email"
        maxLength={100}
        autoComplete="email"
        placeholder={base.empEmailPlaceholder}
      />
    </Form.Item>
    <Form.Item
      name="empPolitical"
      label={<RequiredLabel>{base.empPolitical}</RequiredLabel>}
      rules={rulesOf('empPolitical')}
    >
      <PickerField label={base.empPolitical} options={dictionaries.poli} />
    </Form.Item>
    <Form.Item name="isMarry" label={<RequiredLabel>{base.isMarry}</RequiredLabel>} rules={rulesOf('isMarry')}>
      <Radio.Group>
        <Space>
          <Radio value="Y">{base.married}</Radio>
          <Radio value="N">{base.unmarried}</Radio>
        </Space>
      </Radio.Group>
    </Form.Item>
    <Form.Subscribe to={['isMarry']}>
      {({ isMarry }) =>
        isMarry === 'Y' && (
          <Form.Item name="hasBirth" label={t.form.optional(base.hasBirth)} rules={rulesOf('hasBirth')}>
            <PickerField label={base.hasBirth} options={dictionaries.fert} />
          </Form.Item>
        )
      }
    </Form.Subscribe>

    <Form.Header>
      <h2 className="form-header-title">{base.contactSection}</h2>
    </Form.Header>
    <Form.Item
      name="emergencyContactName"
      label={<RequiredLabel>{base.emergencyContactName}</RequiredLabel>}
      rules={rulesOf('emergencyContactName')}
    >
      <Input maxLength={64} placeholder={base.emergencyContactNamePlaceholder} />
    </Form.Item>
    <Form.Item
      name="emergencyContactRelation"
      label={t.form.optional(base.emergencyContactRelation)}
      rules={rulesOf('emergencyContactRelation')}
    >
      <PickerField label={base.emergencyContactRelation} options={dictionaries.rel} />
    </Form.Item>
    <Form.Item
      name="emergencyContactTelNo"
      label={<RequiredLabel>{base.emergencyContactTelNo}</RequiredLabel>}
      rules={rulesOf('emergencyContactTelNo')}
    >
      <Input type="tel" maxLength={20} placeholder={base.emergencyContactTelNoPlaceholder} />
    </Form.Item>

    <Form.Header>
      <h2 className="form-header-title">{base.scanSection}</h2>
    </Form.Header>
    <Form.Item
      name="empCardScanUp"
      label={<RequiredLabel>{base.empCardScanUp}</RequiredLabel>}
      rules={rulesOf('empCardScanUp')}
      layout="vertical"
    >
      <FileUploader upType="CARD" label={base.empCardScanUp} />
    </Form.Item>
    <Form.Item
      name="empCardScanDown"
      label={<RequiredLabel>{base.empCardScanDown}</RequiredLabel>}
      rules={rulesOf('empCardScanDown')}
      layout="vertical"
    >
      <FileUploader upType="CARD" label={base.empCardScanDown} />
    </Form.Item>
  </Form>
);
