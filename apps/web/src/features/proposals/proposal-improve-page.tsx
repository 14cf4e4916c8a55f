// /improve/proposal-improve (M10, public): the monthly improvement proposal. An overlay asks for the plant first
// (NT commercial vehicles or HZ); then the form, checked by the contract's own schema (the spec's messages), with
// departments and teams of that plant (NT's from NT, GT and NY) and at most one picture. Signed in, the name and
// number are the worker's own.
import { IMPROVE_PLANTS, type ImproveProposalForm, improveProposalForm, PLANT_LABELS } from '@ess/contract/proposals';
import { Button, Form, Input } from 'antd-mobile';
import { useEffect, useId, useRef, useState } from 'react';
import { contractRules } from '../../components/form/contract-rules';
import { PickerField } from '../../components/form/picker-field';
import { PublicForm, RequiredItem, RequiredTextAreaItem, RequiredTextItem } from '../../components/form/public-form';
import { PublicFileUploader } from '../../components/upload/public-file-uploader';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import { showToast } from '../../lib/toast';
import { useImproveDepts, useImproveTeams } from './api/lookups';
import { useSubmitImprove } from './api/submit-proposal';
import './proposals.css';

const rulesOf = contractRules(improveProposalForm);
type Plant = (typeof IMPROVE_PLANTS)[number];
type Values = Omit<ImproveProposalForm, 'Bu'>;

/** A modal of its own: antd-mobile's Mask hides its content from screen readers (aria-hidden). */
export const PlantOverlay = ({ onPick }: { onPick: (plant: Plant) => void }) => {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogRef.current?.querySelector('button')?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="plant-overlay-backdrop">
      <div ref={dialogRef} className="plant-overlay" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="plant-overlay-title">
          {t.proposals.choosePlant}
        </h2>
        <p className="plant-overlay-hint">{t.proposals.choosePlantHint}</p>
        {IMPROVE_PLANTS.map((plant) => (
          <Button key={plant} block color="primary" size="large" onClick={() => onPick(plant)}>
            {PLANT_LABELS[plant]}
          </Button>
        ))}
      </div>
    </div>
  );
};

const ProposalImprovePage = () => {
  const [plant, setPlant] = useState<Plant>();
  const [form] = Form.useForm<Values>();
  const user = useCurrentUser().data?.profile;
  const depts = useImproveDepts(plant);
  const teams = useImproveTeams(plant);
  const submit = useSubmitImprove();

  useEffect(() => {
    if (user) form.setFieldsValue({ ImproveEmpName: user.userName, ImproveEmpNo: user.userAccount });
  }, [user, form]);

  const pickPlant = (next: Plant) => {
    setPlant(next);
    // Departments and teams belong to a plant: a change of plant empties them.
    form.setFieldsValue({ ImproveDept: undefined, TeamNo: undefined, AssistDept: undefined });
  };

  const send = (values: Values) => {
    if (!plant || submit.isPending) return;
    submit.mutate(
      { ...values, Bu: plant },
      {
        onSuccess: () => {
          void showToast({ content: t.proposals.success, kind: 'success' });
          form.resetFields();
          if (user) form.setFieldsValue({ ImproveEmpName: user.userName, ImproveEmpNo: user.userAccount });
        },
      },
    );
  };

  const deptOptions = depts.data ?? [];
  return (
    <div className="proposal-page">
      {!plant && <PlantOverlay onPick={pickPlant} />}
      {plant && (
        <div className="proposal-plant">
          <span>
            {t.proposals.plant}：{PLANT_LABELS[plant]}
          </span>
          <Button size="mini" fill="outline" color="primary" onClick={() => setPlant(undefined)}>
            {t.proposals.changePlant}
          </Button>
        </div>
      )}
      {(depts.isError || teams.isError) && <p className="proposal-error">{t.proposals.lookupFailed}</p>}
      <PublicForm
        form={form}
        name="proposal-improve"
        onFinish={send}
        submitLabel={t.proposals.submit}
        isPending={submit.isPending}
        submitDisabled={!plant}
      >
        <RequiredItem name="ImproveDept" label={t.proposals.dept} rules={rulesOf('ImproveDept')}>
          <PickerField label={t.proposals.dept} options={deptOptions} placeholder={t.proposals.choose.dept} />
        </RequiredItem>
        <RequiredItem name="TeamNo" label={t.proposals.team} rules={rulesOf('TeamNo')}>
          <PickerField label={t.proposals.team} options={teams.data ?? []} placeholder={t.proposals.choose.team} />
        </RequiredItem>
        <RequiredItem name="AssistDept" label={t.proposals.assistDept} rules={rulesOf('AssistDept')}>
          <PickerField
            label={t.proposals.assistDept}
            options={deptOptions}
            placeholder={t.proposals.choose.assistDept}
          />
        </RequiredItem>
        <RequiredTextItem
          name="ImproveName"
          label={t.proposals.improveName}
          rules={rulesOf('ImproveName')}
          maxLength={100}
          clearable
        />
        <RequiredTextItem
          name="ImproveEmpName"
          label={t.proposals.empName}
          rules={rulesOf('ImproveEmpName')}
          maxLength={64}
          disabled={Boolean(user)}
        />
        <RequiredTextItem
          name="ImproveEmpNo"
          label={t.proposals.empNo}
          rules={rulesOf('ImproveEmpNo')}
          description={user ? t.proposals.signedInHint : undefined}
          maxLength={32}
          inputMode="numeric"
          disabled={Boolean(user)}
        />
        <RequiredTextAreaItem name="ImproveDetail" label={t.proposals.detail} rules={rulesOf('ImproveDetail')} />
        <RequiredTextAreaItem name="ImproveSuggest" label={t.proposals.suggest} rules={rulesOf('ImproveSuggest')} />
        <Form.Item name="ImageNo" label={t.proposals.imageNo} rules={rulesOf('ImageNo')}>
          <Input placeholder={t.proposals.imageNoPlaceholder} maxLength={32} />
        </Form.Item>
        <Form.Item name="FilePath" label={t.proposals.image} description={t.proposals.imageHint} layout="vertical">
          <PublicFileUploader upType="PROPOSAL" label={t.proposals.image} />
        </Form.Item>
      </PublicForm>
    </div>
  );
};

export default ProposalImprovePage;
