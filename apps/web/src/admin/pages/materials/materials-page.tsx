// 学习资料 (HR of a plant): the videos and documents uploaded for the caller's plants, newest first, by plant and
// state, with where each stands (上传中, 检查中, 转换中 with its percentage, 可学习, 失败 with why); the list is read
// again every 2 s while one is being checked or converted. 上传资料 sends a file by tus; 预览 plays a video or opens
// a PDF as the workers will see it; 重命名 and 删除 (refused by the server while the material is assigned).
import type { ConsoleSession } from '@ess/contract/console';
import { MATERIAL_STATES, type MaterialRow, type MaterialState, materialsRoutes } from '@ess/contract/materials';
import type { Plant } from '@ess/contract/plants';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { FormDialog } from '../../components/form-dialog';
import { PagedTable } from '../../components/paged-table';
import { emptyLocale } from '../../components/table-empty';
import { plantLabel, plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import { useDeleteMaterial, useRenameMaterial } from './api/change-material';
import { MATERIAL_PAGE_SIZE, type MaterialFilter, materialListQuery } from './api/get-material-list';
import { AssignmentsDrawer } from './assignments-drawer';
import { UploadDialog } from './upload-dialog';

const m = ct.materials;
const renameRules = contractRules(materialsRoutes.renameMaterial.request);

/** Solid tags in the console's darker colours (WCAG AA). */
const STATE_COLORS: Record<MaterialState, string | undefined> = {
  uploading: '#0b5ad9',
  checking: '#0b5ad9',
  converting: '#b45309',
  ready: '#00804f',
  failed: '#cf1322',
};

const StateCell = ({ row }: { row: MaterialRow }) => (
  <Space direction="vertical" size={2} style={{ maxWidth: 260 }}>
    <Tag color={STATE_COLORS[row.state]}>
      {row.state === 'converting' ? m.converting(row.progress) : m.states[row.state]}
    </Tag>
    {row.state === 'converting' && (
      <Progress percent={row.progress} size="small" aria-label={m.converting(row.progress)} />
    )}
    {row.failureMessage && <Typography.Text type="danger">{row.failureMessage}</Typography.Text>}
  </Space>
);

const PreviewDialog = ({ row, onClose }: { row: MaterialRow; onClose: () => void }) => (
  <Modal open title={row.name} footer={null} onCancel={onClose} width={720} destroyOnHidden>
    {row.kind === 'video' ? (
      // biome-ignore lint/a11y/useMediaCaption: HR's training films come without caption files.
      <video
        controls
        playsInline
        preload="metadata"
        src={row.url ?? undefined}
        style={{ width: '100%', aspectRatio: '16 / 9', background: '#000' }}
        aria-label={row.name}
      />
    ) : (
      <a href={row.url ?? undefined} target="_blank" rel="noreferrer">
        {m.openPdf}
      </a>
    )}
  </Modal>
);

const RenameDialog = ({ row, onClose }: { row: MaterialRow; onClose: () => void }) => {
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameMaterial();
  return (
    <FormDialog
      name="material-rename"
      form={form}
      title={m.renameTitle}
      okText={ct.common.save}
      isPending={rename.isPending}
      initialValues={{ name: row.name }}
      onSubmit={({ name }) => rename.mutate({ id: row.id, name }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Form.Item name="name" label={m.name} rules={renameRules('name')}>
        <Input maxLength={100} />
      </Form.Item>
    </FormDialog>
  );
};

type Dialog = { kind: 'upload' } | { kind: 'preview' | 'rename' | 'assign'; row: MaterialRow } | undefined;

const MaterialsPage = ({ session }: { session: ConsoleSession }) => {
  const isNarrow = !Grid.useBreakpoint().lg;
  const [filter, setFilter] = useState<MaterialFilter>({ bu: '', state: '' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>();
  const list = useQuery(materialListQuery(filter, page));
  const remove = useDeleteMaterial();
  const choose = (next: Partial<MaterialFilter>) => {
    setFilter((now) => ({ ...now, ...next }));
    setPage(1);
  };

  const columns: TableColumnsType<MaterialRow> = [
    {
      title: m.name,
      key: 'name',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <strong>{row.name}</strong>
          <Typography.Text type="secondary">
            {[
              m.kinds[row.kind],
              row.durationSeconds ? m.duration(row.durationSeconds) : undefined,
              row.assignedCount > 0 ? m.assigned(row.assignedCount) : undefined,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: m.plant,
      key: 'bu',
      width: 110,
      render: (_, row) => (row.bu ? plantLabel(row.bu) : <Tag color="purple">{m.wholeCompany}</Tag>),
    },
    { title: m.state, key: 'state', width: 280, render: (_, row) => <StateCell row={row} /> },
    {
      title: m.uploaded,
      key: 'uploaded',
      width: 240,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.uploaderName || '—'}</span>
          <Typography.Text type="secondary">{row.createdAt}</Typography.Text>
          <Typography.Text type="secondary">
            {[row.originalFileName, row.sizeBytes === null ? undefined : m.fileSize(row.sizeBytes)]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: ct.common.actions,
      key: 'actions',
      width: 300,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.url && (
            <Button size="small" aria-label={m.previewOf(row.name)} onClick={() => setDialog({ kind: 'preview', row })}>
              {m.preview}
            </Button>
          )}
          {row.state === 'ready' && (
            <Button
              size="small"
              aria-label={ct.assignments.openOf(row.name)}
              onClick={() => setDialog({ kind: 'assign', row })}
            >
              {ct.assignments.open}
            </Button>
          )}
          <Button size="small" aria-label={m.renameOf(row.name)} onClick={() => setDialog({ kind: 'rename', row })}>
            {m.rename}
          </Button>
          <Popconfirm
            title={m.deleteConfirm(row.name)}
            okText={m.delete}
            okButtonProps={{ danger: true }}
            cancelText={ct.common.cancel}
            onConfirm={() => remove.mutateAsync({ id: row.id }).catch(() => undefined)}
          >
            <Button size="small" danger aria-label={m.deleteOf(row.name)}>
              {m.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={m.title}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{m.intro}</Typography.Text>
        <Space wrap>
          <Select<Plant | ''>
            aria-label={m.plantFilter}
            value={filter.bu}
            options={[{ value: '', label: m.allPlants }, ...plantOptions(session.adminPlants)] as never}
            onChange={(bu) => choose({ bu })}
            virtual={false}
            style={{ width: 140 }}
          />
          <Select<MaterialState | ''>
            aria-label={m.stateFilter}
            value={filter.state}
            options={[
              { value: '', label: m.allStates },
              ...MATERIAL_STATES.map((state) => ({ value: state, label: m.states[state] })),
            ]}
            onChange={(state) => choose({ state })}
            virtual={false}
            style={{ width: 140 }}
          />
          <Button type="primary" onClick={() => setDialog({ kind: 'upload' })}>
            {m.upload}
          </Button>
        </Space>
        <PagedTable<MaterialRow>
          aria-label={m.list}
          query={list}
          page={page}
          pageSize={MATERIAL_PAGE_SIZE}
          onPage={setPage}
          columns={columns}
          locale={emptyLocale(m.empty)}
          scroll={isNarrow ? { x: 'max-content' } : undefined}
        />
      </Space>
      {dialog?.kind === 'upload' && <UploadDialog session={session} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'preview' && <PreviewDialog row={dialog.row} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'rename' && <RenameDialog row={dialog.row} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'assign' && (
        <AssignmentsDrawer session={session} material={dialog.row} onClose={() => setDialog(undefined)} />
      )}
    </Card>
  );
};

export default MaterialsPage;
