// 撤回: a published batch taken back, with the reason the employees receive (checked by the contract's rule).
import type { PayslipBatch } from '@ess/contract/payslip-batches';
import { payslipBatchRoutes } from '@ess/contract/payslip-batches';
import { Form, Input, Modal } from 'antd';
import { contractRules } from '../../../components/form/contract-rules';
import { ct } from '../../texts';
import { useWithdrawBatch } from './api/withdraw-payslip-batch';

const rulesOf = contractRules(payslipBatchRoutes.withdrawPayslipBatch.request);

export const WithdrawDialog = ({ batch, onClose }: { batch: PayslipBatch; onClose: () => void }) => {
  const [form] = Form.useForm<{ reason: string }>();
  const withdraw = useWithdrawBatch();
  // Refused fields show their messages under them; nothing is sent then.
  const save = () =>
    form.validateFields().then(
      ({ reason }) => withdraw.mutate({ id: batch.id, reason }, { onSuccess: onClose }),
      () => undefined,
    );
  return (
    <Modal
      open
      title={ct.batches.withdrawTitle(batch.bu, batch.month)}
      okText={ct.batches.withdraw}
      cancelText={ct.common.cancel}
      okButtonProps={{ danger: true, loading: withdraw.isPending }}
      onCancel={onClose}
      onOk={save}
    >
      <Form name="withdraw" form={form}>
        <Form.Item name="reason" rules={rulesOf('reason')}>
          <Input.TextArea
            aria-label={ct.batches.withdrawReason}
            placeholder={ct.batches.withdrawReasonHint}
            maxLength={200}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
