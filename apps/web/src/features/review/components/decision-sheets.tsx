// The two decisions, each in a sheet: 审核通过 with an optional opinion, 驳回 with a reason it cannot go without
// (请填写驳回原因). Their rules are the contract's own schemas, so the screen and the server agree.
import { reviewRoutes } from '@ess/contract/review';
import { Button, Form, TextArea } from 'antd-mobile';
import { contractRules } from '../../../components/form/contract-rules';
import { RequiredLabel } from '../../../components/form/required-label';
import { Sheet } from '../../../components/sheet';
import { t } from '../../../i18n/zh-CN';

export const MAX_TEXT_LENGTH = 500;

const approveRules = contractRules(reviewRoutes.approveChange.request);
const rejectRules = contractRules(reviewRoutes.rejectChange.request);

type SheetProps = {
  visible: boolean;
  isPending: boolean;
  onClose: () => void;
};

export const ApproveSheet = ({
  visible,
  isPending,
  onClose,
  onApprove,
}: SheetProps & { onApprove: (opinion: string) => void }) => (
  <Sheet visible={visible} title={t.review.approveTitle} onClose={onClose}>
    <Form
      name="approve-change"
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={({ opinion }: { opinion?: string }) => onApprove((opinion ?? '').trim())}
      footer={
        <Button type="submit" color="primary" block size="large" loading={isPending}>
          {t.review.approveConfirm}
        </Button>
      }
    >
      <Form.Item name="opinion" label={t.review.opinion} rules={approveRules('opinion')}>
        <TextArea placeholder={t.review.opinionPlaceholder} rows={3} maxLength={MAX_TEXT_LENGTH} showCount />
      </Form.Item>
    </Form>
  </Sheet>
);

export const RejectSheet = ({
  visible,
  isPending,
  onClose,
  onReject,
}: SheetProps & { onReject: (reason: string) => void }) => (
  <Sheet visible={visible} title={t.review.rejectTitle} onClose={onClose}>
    <Form
      name="reject-change"
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={({ reason }: { reason?: string }) => onReject((reason ?? '').trim())}
      footer={
        <Button type="submit" color="danger" block size="large" loading={isPending}>
          {t.review.rejectConfirm}
        </Button>
      }
    >
      <Form.Item
        name="reason"
        label={<RequiredLabel>{t.review.rejectReason}</RequiredLabel>}
        rules={rejectRules('reason')}
      >
        <TextArea placeholder={t.review.reasonPlaceholder} rows={4} maxLength={MAX_TEXT_LENGTH} showCount />
      </Form.Item>
    </Form>
  </Sheet>
);
