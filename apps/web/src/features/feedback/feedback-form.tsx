// Feedback: a type and a description (反馈类型或描述为空), checked by the contract's own schema.
import { FEEDBACK_TYPES, type FeedbackType, feedbackNotice } from '@ess/contract/notices';
import { Button, Form, Radio, Space, TextArea } from 'antd-mobile';
import { contractRules } from '../../components/form/contract-rules';
import { t } from '../../i18n/zh-CN';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { showToast } from '../../lib/toast';
import { useModifyNotice } from './api/modify-notice';

export const MAX_DESCRIPTION_LENGTH = 1000;

const rulesOf = contractRules(feedbackNotice);

type Values = { NoticeType?: FeedbackType; NoticeDesc?: string };

export const FeedbackForm = ({ bu, onSubmitted }: { bu: string; onSubmitted: () => void }) => {
  const [form] = Form.useForm<Values>();
  const submitNotice = useModifyNotice();
  const idempotency = useIdempotencyKey();

  const submit = ({ NoticeType, NoticeDesc = '' }: Values) => {
    if (submitNotice.isPending || !NoticeType) return;
    submitNotice.mutate(
      {
        notice: {
          NoticeType,
          NoticeTitle: `${t.feedback.title}-${t.feedback.types[NoticeType] ?? NoticeType}`,
          NoticeDesc: NoticeDesc.trim(),
          NoticeBody: '',
          Bu: bu,
        },
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: () => {
          idempotency.renew();
          void showToast({ content: t.feedback.success, kind: 'success' });
          onSubmitted();
        },
      },
    );
  };

  return (
    <Form
      form={form}
      name="feedback"
      className="feedback-form"
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={submit}
      footer={
        <Button type="submit" color="primary" block size="large" loading={submitNotice.isPending}>
          {t.feedback.submit}
        </Button>
      }
    >
      <Form.Item name="NoticeType" label={t.feedback.type} rules={rulesOf('NoticeType')}>
        <Radio.Group>
          <Space wrap>
            {FEEDBACK_TYPES.map((value) => (
              <Radio key={value} value={value}>
                {t.feedback.types[value] ?? value}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="NoticeDesc" label={t.feedback.description} rules={rulesOf('NoticeDesc')}>
        <TextArea
          placeholder={t.feedback.descriptionPlaceholder}
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          showCount
        />
      </Form.Item>
    </Form>
  );
};
