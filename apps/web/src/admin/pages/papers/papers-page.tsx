// 考试与问卷: the exams and surveys of the clerk's plants, newest first, with their audience, window, questions and
// how many have started and submitted; 发布考试 / 发布问卷 open the builder, 撤回 takes one out of the app.
import type { ConsoleSession } from '@ess/contract/console';
import { PAPER_STATE_LABELS, type PaperRow } from '@ess/contract/paper-authoring';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { PAPER_PAGE_SIZE, type PaperFilter, paperListQuery, useWithdrawPaper } from './api/papers';
import { PaperDrawer } from './paper-drawer';
import { ResultsDrawer } from './results-drawer';

const p = ct.papers;
/** Solid tags: white words on a dark colour read at AA. */
const STATE_COLORS: Record<PaperRow['state'], string> = {
  scheduled: '#0b5ad9',
  open: '#237804',
  closed: 'default',
  withdrawn: '#ad4e00',
};

const PapersPage = ({ session }: { session: ConsoleSession }) => {
  const [filter, setFilter] = useState<PaperFilter>({ bu: '', examType: '' });
  const [page, setPage] = useState(1);
  const [building, setBuilding] = useState<'EXAM' | 'DEMAND' | undefined>();
  const [resultsOf, setResultsOf] = useState<PaperRow | undefined>();
  const list = useQuery(paperListQuery(filter, page));
  const withdraw = useWithdrawPaper();
  const setFilterField = (patch: Partial<PaperFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {p.menu}
      </Typography.Title>
      <Typography.Text type="secondary">{p.intro}</Typography.Text>
      <Space wrap>
        <Select
          aria-label={ct.common.plant}
          style={{ width: 140 }}
          value={filter.bu}
          onChange={(bu) => setFilterField({ bu })}
          options={[
            { value: '', label: p.allPlants },
            ...session.adminPlants.map((plant) => ({ value: plant, label: plant })),
          ]}
        />
        <Select
          aria-label={p.type}
          style={{ width: 140 }}
          value={filter.examType}
          onChange={(examType) => setFilterField({ examType })}
          options={[
            { value: '', label: p.allTypes },
            { value: 'EXAM', label: p.typeLabels.EXAM },
            { value: 'DEMAND', label: p.typeLabels.DEMAND },
          ]}
        />
        <Button type="primary" onClick={() => setBuilding('EXAM')}>
          {p.publishExam}
        </Button>
        <Button onClick={() => setBuilding('DEMAND')}>{p.publishSurvey}</Button>
      </Space>
      <Card size="small">
        <PagedTable<PaperRow>
          query={list}
          page={page}
          pageSize={PAPER_PAGE_SIZE}
          onPage={setPage}
          locale={emptyLocale(p.empty)}
          columns={[
            {
              title: p.title,
              render: (_, row) => (
                <Space direction="vertical" size={2}>
                  <Space size={4} wrap>
                    <Tag>{p.typeLabels[row.examType]}</Tag>
                    <Typography.Text strong>{row.title}</Typography.Text>
                  </Space>
                  <Typography.Text type="secondary">{row.audience}</Typography.Text>
                </Space>
              ),
            },
            {
              title: p.state,
              width: 90,
              render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{PAPER_STATE_LABELS[row.state]}</Tag>,
            },
            { title: p.period, width: 170, render: (_, row) => `${row.opensAt}\n至 ${row.closesAt}` },
            {
              title: p.questionsColumn,
              width: 180,
              render: (_, row) => p.questionSummary(row.questionCount, row.fullMarks, row.passScore, row.isDrawn),
            },
            { title: p.progress, width: 150, render: (_, row) => p.progressText(row.startedCount, row.submittedCount) },
            {
              title: ct.common.actions,
              width: 130,
              render: (_, row) => (
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => setResultsOf(row)}>
                    {ct.paperResults.open}
                  </Button>
                  {row.state !== 'withdrawn' && (
                    <Popconfirm
                      title={p.withdrawConfirm}
                      okText={p.withdraw}
                      okButtonProps={{ danger: true }}
                      cancelText={ct.common.cancel}
                      onConfirm={() => withdraw.mutate(row.id)}
                    >
                      <Button size="small" type="link" danger>
                        {p.withdraw}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {resultsOf && <ResultsDrawer row={resultsOf} onClose={() => setResultsOf(undefined)} />}
      {building && <PaperDrawer session={session} examType={building} onClose={() => setBuilding(undefined)} />}
    </Space>
  );
};

export default PapersPage;
