// What every row of the 收件箱 shows besides its own fields: how long it has waited (超时 past the configured days),
// the colleague it is assigned to (chosen where it stands, among the HR of its plant), and, for a proposal or a
// candidate, HR's answer to its submitter or referrer, written in a dialog.
import { ANSWER_MAX_LENGTH, type InboxKind } from '@ess/contract/inbox';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ct } from '../../texts';
import { assigneesQuery, useAssignInboxItem } from './api/assignees';
import { type StatusChange, useSetSubmissionStatus } from './api/set-submission-status';

const s = ct.submissions;

export const WaitedCell = ({ row }: { row: { waitedDays: number; isOverdue: boolean } }) => (
  <Space size={4}>
    <span>{s.waited(row.waitedDays)}</span>
    {row.isOverdue && (
      <Typography.Text type="danger" strong>
        {s.overdue}
      </Typography.Text>
    )}
  </Space>
);

type Assignable = { id: number; bu: string; assigneeEmpNo: string | null; assigneeName: string | null };

/** The item's colleague: the plant's HR are read when the list opens (one read per plant, shared by its rows). */
export const AssigneeCell = ({ kind, row }: { kind: InboxKind; row: Assignable }) => {
  const colleagues = useQuery(assigneesQuery(row.bu));
  const assign = useAssignInboxItem();
  const current = row.assigneeEmpNo ?? '';
  const options = [
    { value: '', label: s.unassigned },
    ...(colleagues.data ?? []).map((person) => ({ value: person.empNo, label: s.person(person.name, person.empNo) })),
  ];
  // Shown by name before the colleagues are read, and when the assignee has since left the plant's HR.
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: s.person(row.assigneeName ?? '', current) });
  }
  return (
    <Select<string>
      aria-label={s.assigneeOf(row.id)}
      value={current}
      options={options}
      loading={colleagues.isPending || assign.isPending}
      disabled={assign.isPending}
      showSearch
      optionFilterProp="label"
      virtual={false}
      style={{ width: 150 }}
      onChange={(assigneeEmpNo) => {
        if (assigneeEmpNo !== current) assign.mutate({ kind, id: row.id, assigneeEmpNo });
      }}
    />
  );
};

/** HR's answer in a dialog (a feedback's, a proposal's, a candidate's): 1–500 characters, blank refused in words. */
export const AnswerDialog = ({
  title,
  placeholder,
  initial = '',
  context,
  isSending,
  onSend,
  onClose,
}: {
  title: string;
  placeholder: string;
  initial?: string;
  /** What is answered, shown above the box. */
  context?: ReactNode;
  isSending: boolean;
  onSend: (answer: string) => void;
  onClose: () => void;
}) => {
  const [text, setText] = useState(initial);
  const [isMissing, setMissing] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={s.send}
      cancelText={ct.common.cancel}
      confirmLoading={isSending}
      onCancel={onClose}
      onOk={() => {
        if (!text.trim()) {
          setMissing(true);
          return;
        }
        onSend(text.trim());
      }}
    >
      {context}
      <Input.TextArea
        aria-label={s.answer}
        value={text}
        rows={4}
        maxLength={ANSWER_MAX_LENGTH}
        showCount
        status={isMissing ? 'error' : undefined}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          setMissing(false);
        }}
      />
      {isMissing && <Typography.Text type="danger">{s.answerRequired}</Typography.Text>}
    </Modal>
  );
};

/** HR's answer to a proposal's submitter or a candidate's referrer: sent with the status it has now. */
export const DecisionAnswerCell = ({
  change,
  answer,
  whom,
}: {
  change: StatusChange;
  answer: string;
  whom: string;
}) => {
  const [isOpen, setOpen] = useState(false);
  const setStatus = useSetSubmissionStatus();
  return (
    <Space direction="vertical" size={2}>
      {answer && <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{answer}</Typography.Text>}
      <Button size="small" aria-label={s.answerTo(whom, change.id)} onClick={() => setOpen(true)}>
        {answer ? s.editAnswer : s.answer}
      </Button>
      {isOpen && (
        <AnswerDialog
          title={s.answerTo(whom, change.id)}
          placeholder={s.decisionAnswerPlaceholder(whom)}
          initial={answer}
          isSending={setStatus.isPending}
          onSend={(text) => setStatus.mutate({ ...change, answer: text }, { onSuccess: () => setOpen(false) })}
          onClose={() => setOpen(false)}
        />
      )}
    </Space>
  );
};
