// /logistics/cabinet: the shoe cabinet assigned to the employee, with 更新柜子照片 and 开柜 behind a
// confirmation each, and the command's outcome in words under them (followed while the server still tries it).
// Opening every cabinet (RemoteOpenAllCabinet) deliberately has no button (SPEC §6).
import type { Cabinet, CommandState } from '@ess/contract/logistics';
import { Button, List, NoticeBar, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { describeError } from '../../lib/api-client';
import { confirmAction } from '../../lib/confirm-action';
import { showToast } from '../../lib/toast';
import { useCabinet } from './api/get-cabinet-for-mobile';
import { useCommandState } from './api/get-command-state';
import { useRemoteOpenCabinet } from './api/remote-open-cabinet';
import { useUpdatePhotoToAtt } from './api/update-photo-to-att';
import './logistics.css';

const reportDone = (msg: string) => void showToast({ content: msg || t.cabinet.done, kind: 'success' });

type Action = 'open' | 'photo';

/**
 * The command the last action started. An open is followed while the server still tries it: the worker at the
 * cabinet sees 正在开柜 until the controller has opened the box or the server gave up (开柜失败，请联系总务). A photo
 * for the attendance system may take hours; its line says it was handed over, and a message tells of a failure.
 */
const useFollowedCommand = () => {
  const [started, setStarted] = useState<{ action: Action; state: CommandState }>();
  const followed = useCommandState(started?.action === 'open' ? started.state : undefined);
  const current = started && followed.data?.id === started.state.id ? followed.data : started?.state;
  const settled = started?.state.status === 'pending' && current?.status !== 'pending' ? current : undefined;
  useEffect(() => {
    if (settled) void showToast({ content: settled.message, kind: settled.status === 'sent' ? 'success' : 'fail' });
  }, [settled]);
  const follow = (action: Action) => (state: CommandState) => {
    setStarted({ action, state });
    if (state.status === 'sent') reportDone(state.message);
  };
  /** A call refused outright (the controller refused, the network failed): the line says so too, not the last one. */
  const fail = (action: Action) => (error: unknown) =>
    setStarted({ action, state: { id: 0, status: 'failed', message: describeError(error) } });
  return { current, follow, fail, isOpening: started?.action === 'open' && current?.status === 'pending' };
};

const CommandLine = ({ state, isTrying }: { state: CommandState; isTrying: boolean }) => (
  <p className={`cabinet-command is-${state.status}`} role="status">
    {isTrying && <SpinLoading className="cabinet-command-spin" />}
    {state.message}
  </p>
);

const CabinetActions = ({ cabinet }: { cabinet: Cabinet }) => {
  const updatePhoto = useUpdatePhotoToAtt();
  const openBox = useRemoteOpenCabinet();
  const command = useFollowedCommand();
  const isOpening = openBox.isPending || command.isOpening;
  const isUpdatingPhoto = updatePhoto.isPending;
  const isBusy = isOpening || isUpdatingPhoto;

  const confirmUpdatePhoto = async () => {
    const isConfirmed = await confirmAction({
      name: t.cabinet.updatePhotoTitle,
      title: t.cabinet.updatePhotoTitle,
      content: t.cabinet.updatePhotoConfirm,
    });
    if (isConfirmed)
      updatePhoto.mutate(cabinet.Id, { onSuccess: command.follow('photo'), onError: command.fail('photo') });
  };

  const confirmOpen = async () => {
    const isConfirmed = await confirmAction({
      name: t.cabinet.openTitle,
      title: t.cabinet.openTitle,
      content: t.cabinet.openConfirm(cabinet.CaseNo),
    });
    if (isConfirmed) openBox.mutate(cabinet.Id, { onSuccess: command.follow('open'), onError: command.fail('open') });
  };

  return (
    <div className="cabinet-actions">
      <Button
        block
        color="primary"
        fill="outline"
        loading={isUpdatingPhoto}
        disabled={isBusy && !isUpdatingPhoto}
        onClick={() => void confirmUpdatePhoto()}
      >
        {t.cabinet.updatePhoto}
      </Button>
      <Button
        block
        color="primary"
        loading={isOpening}
        disabled={isBusy && !isOpening}
        onClick={() => void confirmOpen()}
      >
        {t.cabinet.open}
      </Button>
      {command.current && <CommandLine state={command.current} isTrying={isOpening} />}
    </div>
  );
};

const CabinetDetails = ({ cabinet }: { cabinet: Cabinet }) => (
  <>
    <List header={t.cabinet.details} className="cabinet-details">
      <List.Item extra={cabinet.TeamName}>{t.cabinet.team}</List.Item>
      <List.Item extra={cabinet.AreaDesc}>{t.cabinet.area}</List.Item>
      <List.Item extra={cabinet.EquipmentDesc}>{t.cabinet.workshop}</List.Item>
      <List.Item extra={<span className="cabinet-case-no">{cabinet.CaseNo}</span>}>{t.cabinet.caseNo}</List.Item>
    </List>
    <CabinetActions cabinet={cabinet} />
  </>
);

const CabinetPage = () => {
  const cabinet = useCabinet();
  return (
    <div className="logistics-page">
      <NoticeBar className="logistics-notice" content={t.cabinet.notice} color="info" wrap />
      {cabinet.isPending ? (
        <LoadingState lines={4} blocks={1} />
      ) : cabinet.isError ? (
        <ErrorState error={cabinet.error} onRetry={() => void cabinet.refetch()} isRetrying={cabinet.isFetching} />
      ) : cabinet.data ? (
        <CabinetDetails cabinet={cabinet.data} />
      ) : (
        <EmptyState title={t.cabinet.empty} />
      )}
    </div>
  );
};

export default CabinetPage;
