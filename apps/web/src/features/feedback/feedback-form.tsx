// Feedback: a type and a description, both required (反馈类型或描述为空).
import { FEEDBACK_TYPES, type FeedbackType } from '@ess/contract/notices';
import { Button, Radio, Space, TextArea } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { describeError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useModifyNotice } from './api/modify-notice';

export const MAX_DESCRIPTION_LENGTH = 1000;

export const FeedbackForm = ({ bu, onSubmitted }: { bu: string; onSubmitted: () => void }) => {
  const [type, setType] = useState<FeedbackType>();
  const [description, setDescription] = useState('');
  const submitNotice = useModifyNotice();
  const typeLabelId = useId();
  const descriptionId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitNotice.isPending) return;
    const text = description.trim();
    if (!type || !text) return void showToast({ content: t.feedback.required });
    submitNotice.mutate(
      {
        NoticeType: type,
        NoticeTitle: `${t.feedback.title}-${t.feedback.types[type] ?? type}`,
        NoticeDesc: text,
        NoticeBody: '',
        Bu: bu,
      },
      {
        onSuccess: () => {
          void showToast({ content: t.feedback.success, kind: 'success' });
          onSubmitted();
        },
        onError: (error) => void showToast({ content: describeError(error), kind: 'fail' }),
      },
    );
  };

  return (
    <form className="feedback-form" onSubmit={submit} noValidate>
      <div className="feedback-field" role="radiogroup" aria-labelledby={typeLabelId}>
        <span className="feedback-label" id={typeLabelId}>
          {t.feedback.type}
        </span>
        <Radio.Group value={type} onChange={(value) => setType(value as FeedbackType)}>
          <Space wrap>
            {FEEDBACK_TYPES.map((value) => (
              <Radio key={value} value={value}>
                {t.feedback.types[value] ?? value}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
      <div className="feedback-field">
        <label className="feedback-label" htmlFor={descriptionId}>
          {t.feedback.description}
        </label>
        <TextArea
          id={descriptionId}
          placeholder={t.feedback.descriptionPlaceholder}
          value={description}
          onChange={setDescription}
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          showCount
        />
      </div>
      <Button type="submit" color="primary" block size="large" loading={submitNotice.isPending}>
        {t.feedback.submit}
      </Button>
    </form>
  );
};
