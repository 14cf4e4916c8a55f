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
import { Form, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { contractFormRules } from '../../components/form/contract-rules';
import { PickerField } from '../../components/form/picker-field';
import { PublicForm, RequiredItem, RequiredTextAreaItem, RequiredTextItem } from '../../components/form/public-form';
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
      <PublicForm
        form={form}
        name="proposal-study"
        // The type comes from the tab, not from a field.
        initialValues={{}}
        onFinish={send}
        onValuesChange={(changed) => {
          if ('Bu' in changed) form.setFieldsValue({ DeptNo: undefined });
        }}
        submitLabel={t.proposals.submit}
        isPending={submit.isPending}
      >
        <RequiredItem name="Bu" label={t.proposals.studyPlant} rules={rulesOf('Bu')}>
          <PickerField
            label={t.proposals.studyPlant}
            options={PLANT_OPTIONS}
            placeholder={t.proposals.choose.studyPlant}
          />
        </RequiredItem>
        <RequiredItem name="ClassType" label={t.proposals.classType} rules={rulesOf('ClassType')}>
          <PickerField
            label={t.proposals.classType}
            options={CLASS_OPTIONS}
            placeholder={t.proposals.choose.classType}
          />
        </RequiredItem>
        {isAdjust && (
          <RequiredItem
            name="DeptNo"
            label={t.proposals.adjustDept}
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
          </RequiredItem>
        )}
        <RequiredTextItem
          name="Presenter"
          label={t.proposals.presenter}
          rules={rulesOf('Presenter')}
          maxLength={64}
          clearable
        />
        <RequiredTextItem name="WorkNo" label={t.proposals.workNo} rules={rulesOf('WorkNo')} maxLength={64} clearable />
        <RequiredTextAreaItem name="QuestionDesc" label={t.proposals.questionDesc} rules={rulesOf('QuestionDesc')} />
        <RequiredTextAreaItem name="SuggestDesc" label={t.proposals.suggestDesc} rules={rulesOf('SuggestDesc')} />
        <Form.Item name="FilePath" label={t.proposals.file} description={t.proposals.imageHint} layout="vertical">
          <PublicFileUploader upType="PROPOSAL" label={t.proposals.file} />
        </Form.Item>
      </PublicForm>
    </div>
  );
};

export default ProposalStudyPage;
