// 员工手册 (HR of a plant): the versions of the employee handbook and of the onboarding guide, under a tab each, with
// their state (当前, 未生效, 已被替代, 已撤回) as the caller's plants see them, who uploaded them and when; 上传新版本,
// 查看 in the app's own PDF viewer, 撤回 with a reason; and for the handbook the acceptance of a version: the rate per
// plant and department, who has not accepted, and the export. Earlier versions stay listed and readable.
import type { ConsoleSession } from '@ess/contract/console';
import type { DocumentKind, HandbookVersion, VersionState } from '@ess/contract/handbook';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Grid, Select, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { ct } from '../../texts';
import { AcceptancePanel } from './acceptance-panel';
import { versionsQuery } from './api/get-handbook-versions';
import { PdfDialog } from './pdf-dialog';
import { UploadDialog } from './upload-dialog';
import { WithdrawDialog } from './withdraw-dialog';

const h = ct.handbook;

/** Solid tags in the console's darker colours: antd's light green on pale green is too faint to read (WCAG AA). */
const STATE_COLORS: Record<VersionState, string | undefined> = {
  current: '#00804f',
  scheduled: '#0b5ad9',
  superseded: undefined,
  withdrawn: '#cf1322',
};

/** The plants of a version the caller administers (of the one plant the list is filtered by). */
const plantsSeen = (version: HandbookVersion, plants: readonly string[]) =>
  version.plants.length === 0 ? plants : version.plants.filter((plant) => plants.includes(plant));

/** Withdrawing is for whoever administers every plant of the version; a company-wide one is a SysAdmin's. */
const mayWithdraw = (version: HandbookVersion, session: ConsoleSession) =>
  version.plants.length === 0
    ? session.roles.includes('SysAdmin')
    : version.plants.every((plant) => session.adminPlants.includes(plant));

const StateCell = ({ version, plants }: { version: HandbookVersion; plants: readonly string[] }) => {
  // Current in some of the caller's plants only: which ones.
  const isPartly = version.state === 'current' && version.currentPlants.length < plantsSeen(version, plants).length;
  return (
    <Space direction="vertical" size={2}>
      <Tag color={STATE_COLORS[version.state]}>
        {isPartly ? h.currentIn(version.currentPlants.join('、')) : h.states[version.state]}
      </Tag>
      {version.withdrawnAt && (
        <Typography.Text type="secondary">
          {h.withdrawnLine(version.withdrawnBy ?? '', version.withdrawnAt, version.withdrawReason)}
        </Typography.Text>
      )}
    </Space>
  );
};

type Dialog =
  | { kind: 'view'; version: HandbookVersion }
  | { kind: 'withdraw'; version: HandbookVersion }
  | { kind: 'upload' }
  | undefined;

const VersionsTab = ({ kind, session }: { kind: DocumentKind; session: ConsoleSession }) => {
  const isNarrow = !Grid.useBreakpoint().lg;
  const [bu, setBu] = useState<Plant | ''>('');
  const [dialog, setDialog] = useState<Dialog>();
  const [chosenId, setChosenId] = useState<number>();
  const versions = useQuery(versionsQuery(kind, bu));
  const rows = versions.data ?? [];
  // The acceptance shown: the version chosen, else the newest current one.
  const shown = rows.find((row) => row.id === chosenId) ?? rows.find((row) => row.state === 'current');

  const columns: TableColumnsType<HandbookVersion> = [
    { title: h.label, dataIndex: 'label', key: 'label', render: (label: string) => <strong>{label}</strong> },
    { title: h.effectiveDate, dataIndex: 'effectiveDate', key: 'effectiveDate', width: 110 },
    {
      title: h.plants,
      key: 'plants',
      width: 170,
      render: (_, row) =>
        row.plants.length === 0 ? (
          <Tag color="purple">{h.wholeCompany}</Tag>
        ) : (
          row.plants.map((plant) => <Tag key={plant}>{plant}</Tag>)
        ),
    },
    {
      title: h.state,
      key: 'state',
      width: 220,
      render: (_, row) => <StateCell version={row} plants={bu ? [bu] : session.adminPlants} />,
    },
    {
      title: h.uploaded,
      key: 'uploaded',
      width: 230,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.uploadedBy}</span>
          <Typography.Text type="secondary">{row.uploadedAt}</Typography.Text>
          <Typography.Text type="secondary">{`${row.fileName} · ${h.fileSize(row.size)}`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: ct.common.actions,
      key: 'actions',
      width: 210,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            aria-label={h.viewOf(row.label)}
            onClick={() => setDialog({ kind: 'view', version: row })}
          >
            {h.view}
          </Button>
          {kind === 'handbook' && row.state !== 'scheduled' && (
            <Button
              size="small"
              type={shown?.id === row.id ? 'primary' : 'default'}
              aria-pressed={shown?.id === row.id}
              aria-label={h.acceptanceOf(row.label)}
              onClick={() => setChosenId(row.id)}
            >
              {h.acceptance}
            </Button>
          )}
          {row.state !== 'withdrawn' && mayWithdraw(row, session) && (
            <Button
              size="small"
              danger
              aria-label={h.withdrawOf(row.label)}
              onClick={() => setDialog({ kind: 'withdraw', version: row })}
            >
              {h.withdraw}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{h.intro[kind]}</Typography.Text>
      <Space wrap>
        <Select<Plant | ''>
          aria-label={h.plantFilter}
          value={bu}
          options={[
            { value: '', label: h.allPlants },
            ...session.adminPlants.map((plant) => ({ value: plant as Plant, label: plant })),
          ]}
          onChange={setBu}
          virtual={false}
          style={{ width: 140 }}
        />
        <Button type="primary" onClick={() => setDialog({ kind: 'upload' })}>
          {h.upload}
        </Button>
      </Space>
      {versions.isError && !versions.data ? (
        <QueryErrorOf query={versions} />
      ) : (
        <Table<HandbookVersion>
          aria-label={h.versions}
          rowKey="id"
          size="middle"
          loading={versions.isPending}
          dataSource={rows}
          columns={columns}
          locale={emptyLocale(h.noVersions)}
          scroll={isNarrow ? { x: 'max-content' } : undefined}
          pagination={false}
        />
      )}
      {kind === 'handbook' && shown && <AcceptancePanel key={shown.id} version={shown} />}
      {dialog?.kind === 'view' && <PdfDialog version={dialog.version} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'withdraw' && <WithdrawDialog version={dialog.version} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'upload' && <UploadDialog kind={kind} session={session} onClose={() => setDialog(undefined)} />}
    </Space>
  );
};

const HandbookPage = ({ session }: { session: ConsoleSession }) => {
  const [kind, setKind] = useState<DocumentKind>('handbook');
  return (
    <Card title={h.title}>
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as DocumentKind)}
        items={[
          { key: 'handbook', label: h.kinds.handbook },
          { key: 'guide', label: h.kinds.guide },
        ]}
      />
      <VersionsTab key={kind} kind={kind} session={session} />
    </Card>
  );
};

export default HandbookPage;
