// The two decisions, each in a dialog: 审核通过 with an optional opinion, 驳回 with a reason it cannot go without
// (请填写驳回原因). Their rules are the contract's own schemas, so the page and the server agree.
import { reviewRoutes } from '@ess/contract/review';
import { Form, Input, Modal } from 'antd';
import { contractRules } from '../../../../components/form/contract-rules';
import { ct } from '../../../texts';

const r = ct.review;
const MAX_TEXT_LENGTH = 500;
const approveRules = contractRules(reviewRoutes.approveChange.request);
const rejectRules = contractRules(reviewRoutes.rejectChange.request);

export type DecisionKind = 'approve' | 'reject';

export const DecisionModal = ({
  kind,
  isPending,
  onCancel,
  onSubmit,
}: {
  kind: DecisionKind | null;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (text: string) => void;
}) => {
  const [form] = Form.useForm<{ opinion?: string; reason?: string }>();
  const isReject = kind === 'reject';
  return (
    <Modal
      open={kind !== null}
      title={isReject ? r.rejectTitle : r.approveTitle}
      okText={isReject ? r.rejectConfirm : r.approveConfirm}
      okButtonProps={{ danger: isReject, loading: isPending }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => onSubmit(((isReject ? values.reason : values.opinion) ?? '').trim())}
      >
        {isReject ? (
          <Form.Item name="reason" label={r.rejectReason} rules={rejectRules('reason')} required>
            <Input.TextArea rows={4} maxLength={MAX_TEXT_LENGTH} showCount placeholder={r.reasonPlaceholder} />
          </Form.Item>
        ) : (
          <Form.Item name="opinion" label={r.opinion} rules={approveRules('opinion')}>
            <Input.TextArea rows={4} maxLength={MAX_TEXT_LENGTH} showCount placeholder={r.opinionPlaceholder} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};
