// The dashboard's charts, in their own chunk with the charting library of the antd ecosystem (@ant-design/plots):
// loaded by the dashboard alone. Each chart is a picture with its figures in words beside it for a screen reader
// (and the same figures are the page's tiles above).

import { Column } from '@ant-design/plots';
import type { PlantDashboard } from '@ess/contract/dashboard';
import { Card, Col, Row } from 'antd';
import { plantLabel } from '../../plant-options';
import { ct } from '../../texts';

const d = ct.dashboard;

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

const ratesOf = (plants: PlantDashboard[]) =>
  plants.flatMap(({ bu, payslips, handbook, notice, exam, study }) => [
    {
      plant: plantLabel(bu),
      series: d.rateSeries.payslip,
      rate: payslips ? rate(payslips.confirmed, payslips.employees) : 0,
    },
    {
      plant: plantLabel(bu),
      series: d.rateSeries.handbook,
      rate: handbook ? rate(handbook.accepted, handbook.employees) : 0,
    },
    {
      plant: plantLabel(bu),
      series: d.rateSeries.notice,
      rate: notice ? rate(notice.mustAcknowledge ? notice.acknowledged : notice.read, notice.audience) : 0,
    },
    { plant: plantLabel(bu), series: d.rateSeries.exam, rate: exam ? rate(exam.submitted, exam.audience) : 0 },
    { plant: plantLabel(bu), series: d.rateSeries.study, rate: study ? rate(study.done, study.audience) : 0 },
  ]);

const waitingOf = (plants: PlantDashboard[]) =>
  plants.flatMap(({ bu, inbox, pendingReviews }) => [
    { plant: plantLabel(bu), kind: d.reviews, count: pendingReviews },
    { plant: plantLabel(bu), kind: d.feedback, count: inbox.feedback.open },
    { plant: plantLabel(bu), kind: d.proposal, count: inbox.proposal.open },
    { plant: plantLabel(bu), kind: d.candidate, count: inbox.candidate.open },
  ]);

const ChartCard = ({ title, summary, children }: { title: string; summary: string; children: React.ReactNode }) => (
  <Card title={title} size="small">
    <div role="img" aria-label={summary} style={{ height: 260 }}>
      {children}
    </div>
  </Card>
);

const DashboardCharts = ({ plants }: { plants: PlantDashboard[] }) => {
  const rates = ratesOf(plants);
  const waiting = waitingOf(plants);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={d.chartRates}
          summary={d.chartRatesSummary(rates.map((row) => `${row.plant}${row.series} ${row.rate}%`).join('，'))}
        >
          <Column
            data={rates}
            xField="plant"
            yField="rate"
            colorField="series"
            group
            height={260}
            axis={{ y: { labelFormatter: (value: number) => `${value}%` } }}
            scale={{ y: { domainMax: 100 } }}
          />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={d.chartWaiting}
          summary={d.chartWaitingSummary(waiting.map((row) => `${row.plant}${row.kind} ${row.count}`).join('，'))}
        >
          <Column data={waiting} xField="plant" yField="count" colorField="kind" stack height={260} />
        </ChartCard>
      </Col>
    </Row>
  );
};

export default DashboardCharts;
