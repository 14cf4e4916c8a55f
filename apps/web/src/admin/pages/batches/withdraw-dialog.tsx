// 撤回: a published batch taken back, with the reason the employees receive (checked by the contract's rule).
import { type PayslipBatch, payslipBatchRoutes } from '@ess/contract/payslip-batches';
import { Form, Input } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { FormDialog } from '../../components/form-dialog';
import { ct } from '../../texts';
import { useWithdrawBatch } from './api/withdraw-payslip-batch';

const rulesOf = contractRules(payslipBatchRoutes.withdrawPayslipBatch.request);

export const WithdrawDialog = ({ batch, onClose }: { batch: PayslipBatch; onClose: () => void }) => {
  const [form] = Form.useForm<{ reason: string }>();
  const withdraw = useWithdrawBatch();
  return (
    <FormDialog
      name="withdraw"
      form={form}
      title={ct.batches.withdrawTitle(batch.bu, batch.month)}
      okText={ct.batches.withdraw}
      isDanger
      isPending={withdraw.isPending}
      initialValues={{ reason: '' }}
      onSubmit={({ reason }) => withdraw.mutate({ id: batch.id, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Form.Item name="reason" rules={rulesOf('reason')}>
        <Input.TextArea
          aria-label={ct.batches.withdrawReason}
          placeholder={ct.batches.withdrawReasonHint}
          maxLength={200}
        />
      </Form.Item>
    </FormDialog>
  );
};
