// 撤回: a version published by mistake taken back, with the reason (checked by the contract's rule); the plants'
// previous version is current again.
import { type HandbookVersion, handbookRoutes } from '@ess/contract/handbook';
import { Form, Input, Typography } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { FormDialog } from '../../components/form-dialog';
import { ct } from '../../texts';
import { useWithdrawVersion } from './api/withdraw-handbook-version';

const h = ct.handbook;
const rulesOf = contractRules(handbookRoutes.withdrawHandbookVersion.request);

export const WithdrawDialog = ({ version, onClose }: { version: HandbookVersion; onClose: () => void }) => {
  const [form] = Form.useForm<{ reason: string }>();
  const withdraw = useWithdrawVersion();
  return (
    <FormDialog
      name="withdraw-version"
      form={form}
      title={h.withdrawTitle(h.kinds[version.kind], version.label)}
      okText={h.withdraw}
      isDanger
      isPending={withdraw.isPending}
      initialValues={{ reason: '' }}
      intro={<Typography.Paragraph>{h.withdrawIntro}</Typography.Paragraph>}
      onSubmit={({ reason }) => withdraw.mutate({ id: version.id, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Form.Item name="reason" label={h.withdrawReason} rules={rulesOf('reason')}>
        <Input.TextArea placeholder={h.withdrawReasonHint} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
};
