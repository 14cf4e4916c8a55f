// 人员情况 of a paper's results: everyone of the audience (and anyone who answered) with where they stand, filtered by
// standing, number or name; and one worker's attempts, each question as they saw it with their answer beside the key.
// An anonymous survey lists who took part and no more.
import {
  type AnsweredQuestion,
  type PaperRow,
  type PersonAttempts,
  RESULT_STANDING_LABELS,
  RESULT_STANDINGS,
  type ResultPerson,
  type ResultStanding,
} from '@ess/contract/paper-authoring';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Collapse, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { ct } from '../../texts';
import { personAttemptsQuery, RESULT_PEOPLE_PAGE_SIZE, type ResultPeopleFilter, resultPeopleQuery } from './api/papers';

const r = ct.paperResults;

/** Standing in words, and in colour only beside the words. */
const STANDING_COLORS: Record<ResultStanding, string> = {
  'not-started': 'default',
  'in-progress': 'processing',
  submitted: 'blue',
  passed: 'success',
  failed: 'error',
};

/** （已选）, （正确答案） or （已选，正确答案） after an option. */
const marksOf = (option: AnsweredQuestion['options'][number]) => {
  const marks = [option.isChosen && r.chosen, option.isCorrect && r.rightOption].filter(Boolean);
  return marks.length === 0 ? '' : `（${marks.join('，')}）`;
};

const AnsweredQuestionView = ({ question, index }: { question: AnsweredQuestion; index: number }) => (
  <div style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
    <Typography.Paragraph strong style={{ marginBottom: 4 }}>
      {`${index + 1}. ${question.subject}`}
      {question.isCorrect !== null && (
        <Tag color={question.isCorrect ? 'success' : 'error'} style={{ marginLeft: 8 }}>
          {r.earned(question.earned ?? 0, question.marks)}
        </Tag>
      )}
    </Typography.Paragraph>
    {question.options.length > 0 && (
      <ul className="paper-results-options">
        {question.options.map((option) => (
          <li key={option.id}>{option.content + marksOf(option)}</li>
        ))}
      </ul>
    )}
    <Typography.Paragraph style={{ marginBottom: 4 }}>
      {`${r.given}：${question.given === '' ? r.notAnswered : question.given}`}
    </Typography.Paragraph>
    {question.key !== '' && <Typography.Paragraph type="secondary">{`${r.key}：${question.key}`}</Typography.Paragraph>}
  </div>
);

const attemptHeader = (attempt: PersonAttempts['attempts'][number]) =>
  [
    r.attempt(attempt.attemptNo),
    attempt.startedAt && r.startedAt(attempt.startedAt),
    attempt.submittedAt ? r.submittedAt(attempt.submittedAt) : r.inProgress,
    attempt.isSubmittedAtDeadline && r.atDeadline,
    attempt.score !== null && r.score(attempt.score),
    attempt.isPassed !== null && (attempt.isPassed ? r.passedTag : r.failedTag),
  ]
    .filter(Boolean)
    .join(' · ');

const PersonAttemptsModal = ({
  paperId,
  person,
  onClose,
}: {
  paperId: number;
  person: ResultPerson;
  onClose: () => void;
}) => {
  const attempts = useQuery(personAttemptsQuery(paperId, person.employeeId));
  const data = attempts.data;
  return (
    <Modal
      open
      width="min(820px, 96vw)"
      title={r.attemptsTitle(person.name, person.empNo)}
      onCancel={onClose}
      footer={null}
    >
      <QueryErrorOf query={attempts} />
      {data && (
        <Collapse
          // The latest attempt open, the earlier ones a click away.
          defaultActiveKey={[String(data.attempts.at(-1)?.attemptNo)]}
          items={data.attempts.map((attempt) => ({
            key: String(attempt.attemptNo),
            label: attemptHeader(attempt),
            children: attempt.questions.map((question, index) => (
              <AnsweredQuestionView key={question.id} question={question} index={index} />
            )),
          }))}
        />
      )}
    </Modal>
  );
};

export const ResultPeople = ({ row, isAnonymous }: { row: PaperRow; isAnonymous: boolean }) => {
  const [filter, setFilter] = useState<ResultPeopleFilter>({ standing: '', keyword: '' });
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<ResultPerson>();
  const people = useQuery({ ...resultPeopleQuery(row.id, filter, page), placeholderData: keepPreviousData });
  const isExam = row.examType === 'EXAM';
  // A survey has no pass: 已提交 alone.
  const standings = RESULT_STANDINGS.filter((standing) => isExam || (standing !== 'passed' && standing !== 'failed'));
  const change = (next: Partial<ResultPeopleFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };
  return (
    <Card size="small" title={r.peopleTitle}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={r.standing}
          style={{ width: 140 }}
          value={filter.standing}
          onChange={(standing) => change({ standing })}
          options={[
            { value: '', label: r.allStandings },
            ...standings.map((standing) => ({ value: standing, label: RESULT_STANDING_LABELS[standing] })),
          ]}
        />
        <Input.Search
          aria-label={r.keyword}
          placeholder={r.keyword}
          allowClear
          maxLength={64}
          style={{ width: 220 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() })}
        />
      </Space>
      {isAnonymous && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {r.anonymousPeople}
        </Typography.Paragraph>
      )}
      <QueryErrorOf query={people} />
      <Table<ResultPerson>
        size="small"
        rowKey="employeeId"
        loading={people.isFetching}
        dataSource={people.data?.data ?? []}
        pagination={{
          current: page,
          pageSize: RESULT_PEOPLE_PAGE_SIZE,
          total: people.data?.totalCount ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: r.empNo, dataIndex: 'empNo', width: 100 },
          { title: r.name, dataIndex: 'name', width: 100 },
          { title: ct.common.plant, dataIndex: 'bu', width: 70 },
          { title: r.dept, dataIndex: 'deptName' },
          {
            title: r.standing,
            width: 90,
            render: (_, person) => (
              <Tag color={STANDING_COLORS[person.standing]}>{RESULT_STANDING_LABELS[person.standing]}</Tag>
            ),
          },
          { title: r.attemptCount, dataIndex: 'attemptCount', width: 80 },
          ...(isExam
            ? [
                {
                  title: r.bestScore,
                  width: 80,
                  render: (_: unknown, person: ResultPerson) => person.bestScore ?? '—',
                },
              ]
            : []),
          { title: r.lastSubmitted, dataIndex: 'lastSubmittedAt', width: 150 },
          ...(isAnonymous
            ? []
            : [
                {
                  title: '',
                  width: 100,
                  render: (_: unknown, person: ResultPerson) =>
                    person.standing === 'not-started' ? null : (
                      <Button
                        type="link"
                        size="small"
                        aria-label={r.viewAttemptsOf(person.name)}
                        onClick={() => setShown(person)}
                      >
                        {r.viewAttempts}
                      </Button>
                    ),
                },
              ]),
        ]}
      />
      {shown && <PersonAttemptsModal paperId={row.id} person={shown} onClose={() => setShown(undefined)} />}
    </Card>
  );
};
