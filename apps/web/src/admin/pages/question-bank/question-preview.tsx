// A question as a worker's phone shows it in an exam or a survey: the app's own question component (antd-mobile,
// features/training) in a 375 px screen, answerable, with the key written beneath for HR.

import type { AnswerMap } from '@ess/contract/paper-engine';
import { OPTION_LETTERS, type QuestionDraft } from '@ess/contract/question-bank';
import type { PaperQuestion } from '@ess/contract/training';
import { Typography } from 'antd';
import { useState } from 'react';
import { PaperForm } from '../../../components/paper-form';
import { ct } from '../../texts';
import { keyText } from './key-text';
import './question-bank.css';

const q = ct.questionBank;

/** The draft as the app's paper call would send it: no key, marks only where the question is scored. */
const paperQuestionOf = (draft: Omit<QuestionDraft, 'categoryId'>): PaperQuestion => {
  const hasKey = keyText(draft) !== '';
  return {
    id: 1,
    subject: draft.subject || '（题目）',
    subjectType: draft.subjectType,
    isMust: draft.isMust ? 'Y' : 'N',
    score: hasKey ? draft.score : 0,
    verbContent: '',
    details: draft.options.map((option, index) => ({
      id: index + 1,
      verb: OPTION_LETTERS[index] ?? String(index + 1),
      verbContent: option.content || `（选项 ${OPTION_LETTERS[index]}）`,
      isFill: option.isFill ? 'Y' : 'N',
    })),
  };
};

export const QuestionPreview = ({ draft }: { draft: Omit<QuestionDraft, 'categoryId'> }) => {
  const [answers, setAnswers] = useState<AnswerMap>({});
  const key = keyText(draft);
  return (
    <figure className="bank-phone">
      <figcaption>
        <Typography.Text strong>{q.preview}</Typography.Text>
      </figcaption>
      <div className="bank-phone-screen">
        <PaperForm
          questions={[paperQuestionOf(draft)]}
          answers={answers}
          onChange={(patch) => setAnswers((current) => ({ ...current, ...patch }))}
        />
      </div>
      <Typography.Text type="secondary">{q.previewKey(key || q.noKey)}</Typography.Text>
    </figure>
  );
};
