// 意见反馈 in the 收件箱: the feedback workers sent, the longest-waiting unanswered first, with how long each has
// waited (超时 past the configured days), its assignee and HR's answer, or 答复, which opens a dialog; the answer goes to the
// worker's 我的反馈 and reaches them as a message.
import type { FeedbackRow } from '@ess/contract/inbox';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { plantLabel } from '../../plant-options';
import { ct } from '../../texts';
import { useAnswerFeedback } from './api/answer-feedback';
import { AnswerDialog, AssigneeCell, WaitedCell } from './inbox-work';

const s = ct.submissions;

const FeedbackAnswerDialog = ({ row, onClose }: { row: FeedbackRow; onClose: () => void }) => {
  const send = useAnswerFeedback();
  return (
    <AnswerDialog
      title={s.answerOf(row.empName)}
      placeholder={s.answerPlaceholder}
      context={<Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{row.description}</Typography.Paragraph>}
      isSending={send.isPending}
      onSend={(answer) => send.mutate({ id: row.id, answer }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
};

const AnswerCell = ({ row }: { row: FeedbackRow }) => {
  const [isOpen, setOpen] = useState(false);
  if (row.answer !== null) {
    return (
      <Space direction="vertical" size={2}>
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.answer}</Typography.Text>
        <Typography.Text type="secondary">{s.answerLine(row.answeredAt ?? '')}</Typography.Text>
      </Space>
    );
  }
  return (
    <>
      <Button size="small" type="primary" aria-label={s.answerOf(row.empName)} onClick={() => setOpen(true)}>
        {s.answer}
      </Button>
      {isOpen && <FeedbackAnswerDialog row={row} onClose={() => setOpen(false)} />}
    </>
  );
};

export const FEEDBACK_COLUMNS: TableColumnsType<FeedbackRow> = [
  {
    title: s.createdAt,
    key: 'createdAt',
    width: 140,
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <span>{row.createdAt}</span>
        <WaitedCell row={row} />
      </Space>
    ),
  },
  {
    title: s.employee,
    key: 'employee',
    width: 170,
    render: (_, row) => (
      <Space direction="vertical" size={2}>
        <span>{s.person(row.empName, row.empNo)}</span>
        <Typography.Text type="secondary">{`${plantLabel(row.bu)} · ${row.deptName}`}</Typography.Text>
      </Space>
    ),
  },
  { title: s.feedbackType, key: 'type', width: 80, render: (_, row) => s.feedbackTypes[row.type] ?? row.type },
  {
    title: s.content,
    key: 'description',
    render: (_, row) => (
      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: true }}>
        {row.description}
      </Typography.Paragraph>
    ),
  },
  {
    title: s.handling,
    key: 'handling',
    width: 240,
    render: (_, row) => (
      <Space direction="vertical" size={6}>
        <AssigneeCell kind="feedback" row={row} />
        <AnswerCell row={row} />
      </Space>
    ),
  },
];
