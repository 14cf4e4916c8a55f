// 结果 of an exam or a survey: the figures (who of the audience started, submitted, passed; mean and median), the
// score bands, each question's share right and its answers over the options (so a trainer sees which question was
// misunderstood, the right option in green), what was written, per department, per employee (results-people.tsx);
// and the sheet.
import type { PaperRow, QuestionResult } from '@ess/contract/paper-authoring';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, List, Row, Space, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { saveDownload } from '../../download';
import { ct } from '../../texts';
import { exportPaperResults, paperResultsQuery } from './api/papers';
import { ResultPeople } from './results-people';

const r = ct.paperResults;
const ScoreBands = lazy(() => import('./results-charts').then((module) => ({ default: module.ScoreBands })));
const OptionSpread = lazy(() => import('./results-charts').then((module) => ({ default: module.OptionSpread })));

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 1000) / 10}%`);

const QuestionDetail = ({ question }: { question: QuestionResult }) => (
  <Row gutter={16}>
    {(question.options.length > 0 || question.judgeCounts) && (
      <Col xs={24} lg={12}>
        <Typography.Text strong>{r.spread}</Typography.Text>
        <Suspense fallback={null}>
          <OptionSpread question={question} />
        </Suspense>
        <ul className="paper-results-options">
          {question.judgeCounts ? (
            <>
              <li>{`${r.judgeYes}：${r.people(question.judgeCounts.Y)}`}</li>
              <li>{`${r.judgeNo}：${r.people(question.judgeCounts.N)}`}</li>
            </>
          ) : (
            question.options.map((option) => (
              <li key={option.id}>
                {`${option.content}${option.isCorrect ? r.right : ''}：${r.people(option.count)}（${percent(option.count, question.answeredCount)}）`}
              </li>
            ))
          )}
        </ul>
      </Col>
    )}
    {(question.subjectType === 'ST04' || question.subjectType === 'ST05' || question.texts.length > 0) && (
      <Col xs={24} lg={12}>
        <Typography.Text strong>{r.texts}</Typography.Text>
        <List
          size="small"
          locale={{ emptyText: r.noTexts }}
          dataSource={question.texts}
          renderItem={(text) => <List.Item>{text}</List.Item>}
        />
      </Col>
    )}
  </Row>
);

export const ResultsDrawer = ({ row, onClose }: { row: PaperRow; onClose: () => void }) => {
  const results = useQuery(paperResultsQuery(row.id));
  const data = results.data;
  const isExam = row.examType === 'EXAM';
  return (
    <Drawer
      open
      width="min(1120px, 96vw)"
      title={r.title(row.title)}
      onClose={onClose}
      extra={<Button onClick={() => void exportPaperResults(row.id).then(saveDownload)}>{r.export}</Button>}
    >
      <QueryErrorOf query={results} />
      {data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <Space size="large" wrap>
              <Statistic title={r.audience} value={data.audienceCount} />
              <Statistic title={r.started} value={data.startedCount} />
              <Statistic title={r.submitted} value={data.submittedCount} />
              {isExam && data.passScore !== null && (
                <Statistic title={r.passed} value={r.passRate(data.passedCount, data.submittedCount)} />
              )}
              {isExam && <Statistic title={r.mean} value={data.meanScore ?? '—'} />}
              {isExam && <Statistic title={r.median} value={data.medianScore ?? '—'} />}
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {data.isAnonymous ? r.anonymousNote : r.bestNote}
            </Typography.Paragraph>
          </Card>
          {isExam && (
            <Card size="small" title={r.distribution}>
              <Suspense fallback={null}>
                <ScoreBands bands={data.distribution} />
              </Suspense>
            </Card>
          )}
          <Card size="small" title={r.questions}>
            <Table<QuestionResult>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.questions}
              expandable={{ expandedRowRender: (question) => <QuestionDetail question={question} /> }}
              columns={[
                { title: r.number, dataIndex: 'sort', width: 60 },
                {
                  title: r.subject,
                  render: (_, question) =>
                    `${question.subject}${question.categoryName ? r.category(question.categoryName) : ''}`,
                },
                { title: r.answered, dataIndex: 'answeredCount', width: 70 },
                ...(isExam
                  ? [
                      {
                        title: r.rightRate,
                        width: 90,
                        sorter: (a: QuestionResult, b: QuestionResult) =>
                          (a.rightCount ?? 0) / Math.max(1, a.answeredCount) -
                          (b.rightCount ?? 0) / Math.max(1, b.answeredCount),
                        render: (_: unknown, question: QuestionResult) =>
                          question.rightCount === null ? '—' : percent(question.rightCount, question.answeredCount),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          <Card size="small" title={r.departments}>
            <Table
              size="small"
              rowKey={(department) => `${department.bu}/${department.deptName}`}
              pagination={false}
              dataSource={data.departments}
              columns={[
                { title: ct.common.plant, dataIndex: 'bu', width: 80 },
                { title: r.dept, dataIndex: 'deptName' },
                { title: r.audience, dataIndex: 'audienceCount', width: 80 },
                {
                  title: r.submitted,
                  width: 120,
                  render: (_, department) =>
                    `${department.submittedCount}（${percent(department.submittedCount, department.audienceCount)}）`,
                },
                ...(isExam && data.passScore !== null
                  ? [
                      {
                        title: r.passed,
                        width: 120,
                        render: (_: unknown, department: (typeof data.departments)[number]) =>
                          `${department.passedCount}（${percent(department.passedCount, department.submittedCount)}）`,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          <ResultPeople row={row} isAnonymous={data.isAnonymous} />
        </Space>
      )}
    </Drawer>
  );
};
