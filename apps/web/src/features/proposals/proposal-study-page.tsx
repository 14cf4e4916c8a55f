// /improve/proposal-study (M13, public): tabs 整改 (ADJUST) and 学习 (STUDY) over one form; a rectification names
// the department it is for, a learning proposal does not. Plant (BJ, AQ, LZ, JY), category (人机料法环), presenter,
// work step, description and suggestion, an optional picture; the contract's schema checks it all.
import {
  CLASS_TYPES,
  PLANT_LABELS,
  type ProposalType,
  STUDY_PLANTS,
  type StudyProposalForm,
  studyProposalForm,
} from '@ess/contract/proposals';
import { Button, Form, Input, Tabs, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { contractFormRules } from '../../components/form/contract-rules';
import { PickerField } from '../../components/form/picker-field';
import { RequiredLabel } from '../../components/form/required-label';
import { PublicFileUploader } from '../../components/upload/public-file-uploader';
import { t } from '../../i18n/zh-CN';
import { showToast } from '../../lib/toast';
import { useDepts } from './api/lookups';
import { useSubmitStudy } from './api/submit-proposal';
import './proposals.css';

const rulesOf = contractFormRules(studyProposalForm);
type Values = Omit<StudyProposalForm, 'ProposalType'>;

const PLANT_OPTIONS = STUDY_PLANTS.map((plant) => ({ value: plant, label: `${PLANT_LABELS[plant]}（${plant}）` }));
const CLASS_OPTIONS = CLASS_TYPES.map((classType) => ({ value: classType, label: classType }));

const ProposalStudyPage = () => {
  const [proposalType, setProposalType] = useState<ProposalType>('ADJUST');
  const [form] = Form.useForm<Values>();
  const plant = Form.useWatch('Bu', form) as string | undefined;
  const depts = useDepts(proposalType === 'ADJUST' ? plant : undefined);
  const submit = useSubmitStudy();
  const isAdjust = proposalType === 'ADJUST';

  const send = (values: Values) => {
    if (submit.isPending) return;
    submit.mutate(
      { ...values, ProposalType: proposalType, DeptNo: isAdjust ? values.DeptNo : undefined },
      {
        onSuccess: () => {
          void showToast({ content: t.proposals.success, kind: 'success' });
          form.resetFields();
        },
      },
    );
  };

  return (
    <div className="proposal-page">
      <Tabs
        className="proposal-tabs"
        activeKey={proposalType}
        onChange={(key) => {
          setProposalType(key as ProposalType);
          form.setFields([{ name: 'DeptNo', errors: [] }]);
        }}
      >
        <Tabs.Tab key="ADJUST" title={t.proposals.adjust} />
        <Tabs.Tab key="STUDY" title={t.proposals.study} />
      </Tabs>
      <Form
        form={form}
        name="proposal-study"
        layout="horizontal"
        requiredMarkStyle="none"
        // The type comes from the tab, not from a field.
        initialValues={{}}
        onFinish={send}
        onValuesChange={(changed) => {
          if ('Bu' in changed) form.setFieldsValue({ DeptNo: undefined });
        }}
        footer={
          <Button type="submit" color="primary" block size="large" loading={submit.isPending}>
            {t.proposals.submit}
          </Button>
        }
      >
        <Form.Item name="Bu" label={<RequiredLabel>{t.proposals.studyPlant}</RequiredLabel>} rules={rulesOf('Bu')}>
          <PickerField
            label={t.proposals.studyPlant}
            options={PLANT_OPTIONS}
            placeholder={t.proposals.choose.studyPlant}
          />
        </Form.Item>
        <Form.Item
          name="ClassType"
          label={<RequiredLabel>{t.proposals.classType}</RequiredLabel>}
          rules={rulesOf('ClassType')}
        >
          <PickerField
            label={t.proposals.classType}
            options={CLASS_OPTIONS}
            placeholder={t.proposals.choose.classType}
          />
        </Form.Item>
        {isAdjust && (
          <Form.Item
            name="DeptNo"
            label={<RequiredLabel>{t.proposals.adjustDept}</RequiredLabel>}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (!value) throw new Error(t.proposals.choose.adjustDept);
                },
              },
            ]}
          >
            <PickerField
              label={t.proposals.adjustDept}
              options={depts.data ?? []}
              placeholder={t.proposals.choose.adjustDept}
            />
          </Form.Item>
        )}
        <Form.Item
          name="Presenter"
          label={<RequiredLabel>{t.proposals.presenter}</RequiredLabel>}
          rules={rulesOf('Presenter')}
        >
          <Input placeholder={t.proposals.placeholder(t.proposals.presenter)} maxLength={64} clearable />
        </Form.Item>
        <Form.Item name="WorkNo" label={<RequiredLabel>{t.proposals.workNo}</RequiredLabel>} rules={rulesOf('WorkNo')}>
          <Input placeholder={t.proposals.placeholder(t.proposals.workNo)} maxLength={64} clearable />
        </Form.Item>
        <Form.Item
          name="QuestionDesc"
          label={<RequiredLabel>{t.proposals.questionDesc}</RequiredLabel>}
          rules={rulesOf('QuestionDesc')}
          layout="vertical"
        >
          <TextArea
            placeholder={t.proposals.placeholder(t.proposals.questionDesc)}
            rows={3}
            maxLength={2000}
            showCount
          />
        </Form.Item>
        <Form.Item
          name="SuggestDesc"
          label={<RequiredLabel>{t.proposals.suggestDesc}</RequiredLabel>}
          rules={rulesOf('SuggestDesc')}
          layout="vertical"
        >
          <TextArea
            placeholder={t.proposals.placeholder(t.proposals.suggestDesc)}
            rows={3}
            maxLength={2000}
            showCount
          />
        </Form.Item>
        <Form.Item name="FilePath" label={t.proposals.file} description={t.proposals.imageHint} layout="vertical">
          <PublicFileUploader upType="PROPOSAL" label={t.proposals.file} />
        </Form.Item>
      </Form>
    </div>
  );
};

export default ProposalStudyPage;
