// 仪表盘, the console's first page: per plant the caller administers, what waits for HR (record changes to review,
// what workers sent and nobody handled, 超时 past the configured days) and how this month's work stands (imports and
// their rejected rows, the latest payslip batch, the handbook's and the latest notice's acknowledgement, the latest
// exam's submissions and passes, the latest study assignment's completion). Every
// figure leads to the list behind it; the charts compare the plants and are loaded only here (dashboard-charts.tsx),
// so neither the employee app nor the console's other pages carry the charting library.

import type { ConsoleSession } from '@ess/contract/console';
import type { PlantDashboard } from '@ess/contract/dashboard';
import { PLANTS, type Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Select, Space, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryErrorOf } from '../../components/query-error';
import { plantLabel, plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { dashboardQuery } from './api/get-dashboard';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

const d = ct.dashboard;

/** One figure: its words, its value, and the list behind it (none when the caller may not open that list). */
const Figure = ({
  title,
  value,
  extra,
  to,
}: {
  title: string;
  value: string | number;
  extra?: ReactNode;
  to?: string;
}) => {
  const figure = (
    <Statistic
      title={title}
      value={value}
      valueStyle={{ fontSize: 22 }}
      suffix={extra ? <span style={{ fontSize: 13 }}>{extra}</span> : undefined}
    />
  );
  return (
    <Col xs={12} md={8} xl={4}>
      {to ? (
        <Link to={to} className="dashboard-figure">
          {figure}
        </Link>
      ) : (
        figure
      )}
    </Col>
  );
};

const inboxLink = (tab: string, bu: string, status: string, age = '') =>
  `/submissions?${new URLSearchParams({ tab, bu, status, ...(age ? { age } : {}) })}`;

const Overdue = ({ count, to }: { count: number; to: string }) =>
  count > 0 ? (
    <Link to={to}>
      <Typography.Text type="danger">{d.overdue(count)}</Typography.Text>
    </Link>
  ) : null;

const PlantCard = ({ plant, isReviewer }: { plant: PlantDashboard; isReviewer: boolean }) => {
  const { bu, inbox, imports, payslips, handbook, notice, exam, study } = plant;
  return (
    <Card title={plantLabel(bu)} size="small">
      <Row gutter={[16, 16]}>
        <Figure title={d.reviews} value={plant.pendingReviews} to={isReviewer ? '/review' : undefined} />
        <Figure
          title={d.feedback}
          value={inbox.feedback.open}
          to={inboxLink('feedback', bu, 'unanswered')}
          extra={<Overdue count={inbox.feedback.overdue} to={inboxLink('feedback', bu, 'unanswered', 'overdue')} />}
        />
        <Figure
          title={d.proposal}
          value={inbox.proposal.open}
          to={inboxLink('proposals', bu, 'SUBMITTED')}
          extra={<Overdue count={inbox.proposal.overdue} to={inboxLink('proposals', bu, 'SUBMITTED', 'overdue')} />}
        />
        <Figure
          title={d.candidate}
          value={inbox.candidate.open}
          to={inboxLink('candidates', bu, 'REGISTERED')}
          extra={<Overdue count={inbox.candidate.overdue} to={inboxLink('candidates', bu, 'REGISTERED', 'overdue')} />}
        />
        <Figure
          title={d.imports(imports.month)}
          value={imports.jobs}
          to="/imports"
          extra={
            imports.failed + imports.rejectedRows > 0 ? (
              <Typography.Text type="danger">
                {`${d.importFailed} ${imports.failed} · ${d.importRejected} ${imports.rejectedRows}`}
              </Typography.Text>
            ) : undefined
          }
        />
        {payslips ? (
          <Figure
            title={d.payslips(payslips.month)}
            value={d.percent(payslips.confirmed, payslips.employees)}
            to="/batches"
            extra={`${d.confirmed} ${d.of(payslips.confirmed, payslips.employees)} · ${d.read} ${payslips.read} · ${d.disputed} ${payslips.disputed}`}
          />
        ) : (
          <Figure title={d.noPayslips} value="—" to="/batches" />
        )}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {handbook ? (
          <Figure
            title={d.handbook(handbook.label)}
            value={d.percent(handbook.accepted, handbook.employees)}
            to="/handbook"
            extra={`${d.accepted} ${d.of(handbook.accepted, handbook.employees)}`}
          />
        ) : (
          <Figure title={d.noHandbook} value="—" to="/handbook" />
        )}
        {notice ? (
          <Figure
            title={d.notice(notice.title)}
            value={d.percent(notice.mustAcknowledge ? notice.acknowledged : notice.read, notice.audience)}
            to="/announcements"
            extra={
              notice.mustAcknowledge
                ? `${d.acknowledged} ${d.of(notice.acknowledged, notice.audience)}`
                : `${d.read} ${d.of(notice.read, notice.audience)}`
            }
          />
        ) : (
          <Figure title={d.noNotice} value="—" to="/announcements" />
        )}
        {exam ? (
          <Figure
            title={d.exam(exam.title, exam.isOpen)}
            value={d.percent(exam.submitted, exam.audience)}
            to="/papers"
            extra={`${d.submitted} ${d.of(exam.submitted, exam.audience)}${
              exam.passed === null ? '' : ` · ${d.passed} ${exam.passed}`
            }`}
          />
        ) : (
          <Figure title={d.noExam} value="—" to="/papers" />
        )}
        {study ? (
          <Figure
            title={d.study(study.title)}
            value={d.percent(study.done, study.audience)}
            to="/materials"
            extra={
              <>
                {`${d.studyDone} ${d.of(study.done, study.audience)}`}
                {study.overdue > 0 && (
                  <Typography.Text type="danger">{` · ${d.studyOverdue} ${study.overdue}`}</Typography.Text>
                )}
                {study.dueAt && ` · ${d.studyDue(study.dueAt)}`}
              </>
            }
          />
        ) : (
          <Figure title={d.noStudy} value="—" to="/materials" />
        )}
      </Row>
    </Card>
  );
};

const DashboardPage = ({ session }: { session: ConsoleSession }) => {
  const [bu, setBu] = useState<Plant | ''>('');
  const dashboard = useQuery(dashboardQuery(bu));
  const isReviewer = session.roles.includes('AppVerify');
  const plants = session.adminPlants.filter((plant): plant is Plant => (PLANTS as readonly string[]).includes(plant));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={d.menu}
        extra={
          <Space>
            <Typography.Text type="secondary">{d.refreshed}</Typography.Text>
            <Select<Plant | ''>
              aria-label={d.plant}
              value={bu}
              options={[{ value: '' as const, label: d.allPlants }, ...plantOptions(plants)]}
              onChange={setBu}
              virtual={false}
              style={{ width: 140 }}
            />
          </Space>
        }
      >
        {dashboard.isError && !dashboard.data ? (
          <QueryErrorOf query={dashboard} />
        ) : !dashboard.data ? (
          <Card loading bordered={false} />
        ) : dashboard.data.length === 0 ? (
          <Empty description={d.empty} />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {dashboard.data.map((plant) => (
              <PlantCard key={plant.bu} plant={plant} isReviewer={isReviewer} />
            ))}
          </Space>
        )}
      </Card>
      {dashboard.data && dashboard.data.length > 0 && (
        <Suspense fallback={<Card loading title={d.chartLoading} />}>
          <DashboardCharts plants={dashboard.data} />
        </Suspense>
      )}
    </Space>
  );
};

export default DashboardPage;
