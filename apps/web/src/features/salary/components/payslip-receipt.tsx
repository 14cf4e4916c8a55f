// On a payslip HR published from the console: 确认无误 for the whole payslip, and 有疑问 on a line, which sends a
// short question to HR; the line then shows the question's state and HR's answer.
import type { Payslip } from '@ess/contract/salary';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { t } from '../../../i18n/zh-CN';
import { callApi } from '../../../lib/api-client';
import { confirmAction } from '../../../lib/confirm-action';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { queryKeys } from '../../../lib/query-keys';
import { showToast } from '../../../lib/toast';

type Receipt = NonNullable<Payslip['RECEIPT']>;

export const useReceiptActions = (month: string) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.salary.payslip(month) });
  const confirm = useMutation({
    mutationFn: (settlesQuestions: boolean) =>
      callApi('confirmPayslip', { day: month, settlesQuestions }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: async () => {
      void showToast({ content: t.salary.confirmDone, kind: 'success' });
      await refresh();
    },
  });
  const ask = useMutation({
    mutationFn: (input: { itemKey: string; question: string }) =>
      callApi('disputePayslipLine', { day: month, ...input }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: async () => {
      void showToast({ content: t.salary.asked, kind: 'success' });
      await refresh();
    },
  });
  return { confirm, ask };
};

/** Under a line: the questions asked on it and HR's answers. */
export const LineQuestions = ({ receipt, itemKey }: { receipt: Receipt; itemKey: string }) => {
  const questions = receipt.DISPUTES.filter((dispute) => dispute.ITEM_KEY === itemKey);
  if (questions.length === 0) return null;
  return (
    <ul className="salary-questions">
      {questions.map((question, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: questions are listed in the order they were asked and never move.
        <li key={index}>
          <span>{question.QUESTION}</span>
          <span className="salary-answer">
            {question.STATUS === 'answered'
              ? t.salary.answer(question.ANSWER)
              : question.STATUS === 'settled'
                ? t.salary.settled
                : t.salary.waiting}
          </span>
        </li>
      ))}
    </ul>
  );
};

export const AskDialog = ({
  label,
  onSubmit,
  onClose,
}: {
  label: string;
  onSubmit: (question: string) => Promise<unknown>;
  onClose: () => void;
}) => {
  const [question, setQuestion] = useState('');
  const fieldId = useId();
  return (
    <Dialog
      visible
      title={t.salary.askTitle(label)}
      onClose={onClose}
      content={
        // The label names the field by its id (antd-mobile's TextArea passes no aria-label on, but passes the id).
        <div className="salary-ask-field">
          <label className="salary-ask-label" htmlFor={fieldId}>
            {t.salary.askLabel}
          </label>
          <TextArea
            id={fieldId}
            placeholder={t.salary.askPlaceholder}
            maxLength={200}
            rows={3}
            value={question}
            onChange={setQuestion}
          />
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t.salary.askCancel, onClick: onClose },
          {
            key: 'submit',
            text: t.salary.askSubmit,
            bold: true,
            onClick: async () => {
              if (!question.trim()) return void showToast({ content: t.salary.askEmpty, kind: 'fail' });
              try {
                await onSubmit(question.trim());
                onClose();
              } catch {
                // Told once by the query client's mutation cache; the dialog stays with the text.
              }
            },
          },
        ],
      ]}
    />
  );
};

/**
 * 确认无误; while a question of the employee's on a line is unanswered, it first asks: wait for HR's answer, or say
 * the question is settled and confirm (the server refuses a confirm that does not say so).
 */
export const ConfirmBar = ({
  receipt,
  labelOf,
  onConfirm,
  isPending,
}: {
  receipt: Receipt;
  labelOf: (itemKey: string) => string;
  onConfirm: (settlesQuestions: boolean) => void;
  isPending: boolean;
}) => {
  const open = receipt.DISPUTES.filter((dispute) => dispute.STATUS === 'open');
  const confirmWhenSettled = async () => {
    if (open.length === 0) return onConfirm(false);
    const lines = [...new Set(open.map((dispute) => labelOf(dispute.ITEM_KEY)))].join('、');
    const isSettled = await confirmAction({
      name: t.salary.openQuestion.title,
      title: t.salary.openQuestion.title,
      content: t.salary.openQuestion.content(lines),
      confirmText: t.salary.openQuestion.settle,
      cancelText: t.salary.openQuestion.wait,
    });
    if (isSettled) onConfirm(true);
  };
  return receipt.CONFIRMED_AT ? (
    <p className="salary-confirmed" role="status">
      {t.salary.confirmed(receipt.CONFIRMED_AT)}
    </p>
  ) : (
    <div className="salary-confirm">
      <Button block color="primary" loading={isPending} onClick={() => void confirmWhenSettled()}>
        {t.salary.confirm}
      </Button>
    </div>
  );
};
