// /logistics/cabinet: the shoe cabinet assigned to the employee, with 更新柜子照片 and 开柜 behind a
// confirmation each. Opening every cabinet (RemoteOpenAllCabinet) deliberately has no button (SPEC §6).
import type { Cabinet } from '@ess/contract/logistics';
import { Button, List, NoticeBar } from 'antd-mobile';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { confirmAction } from '../../lib/confirm-action';
import { showToast } from '../../lib/toast';
import { useCabinet } from './api/get-cabinet-for-mobile';
import { useRemoteOpenCabinet } from './api/remote-open-cabinet';
import { useUpdatePhotoToAtt } from './api/update-photo-to-att';
import './logistics.css';

const reportDone = (msg: string) => void showToast({ content: msg || t.cabinet.done, kind: 'success' });

const CabinetActions = ({ cabinet }: { cabinet: Cabinet }) => {
  const updatePhoto = useUpdatePhotoToAtt();
  const openBox = useRemoteOpenCabinet();
  const isBusy = updatePhoto.isPending || openBox.isPending;

  const confirmUpdatePhoto = async () => {
    const isConfirmed = await confirmAction({
      name: t.cabinet.updatePhotoTitle,
      title: t.cabinet.updatePhotoTitle,
      content: t.cabinet.updatePhotoConfirm,
    });
    if (isConfirmed) updatePhoto.mutate(cabinet.Id, { onSuccess: reportDone });
  };

  const confirmOpen = async () => {
    const isConfirmed = await confirmAction({
      name: t.cabinet.openTitle,
      title: t.cabinet.openTitle,
      content: t.cabinet.openConfirm(cabinet.CaseNo),
    });
    if (isConfirmed) openBox.mutate(cabinet.Id, { onSuccess: reportDone });
  };

  return (
    <div className="cabinet-actions">
      <Button
        block
        color="primary"
        fill="outline"
        loading={updatePhoto.isPending}
        disabled={isBusy && !updatePhoto.isPending}
        onClick={() => void confirmUpdatePhoto()}
      >
        {t.cabinet.updatePhoto}
      </Button>
      <Button
        block
        color="primary"
        loading={openBox.isPending}
        disabled={isBusy && !openBox.isPending}
        onClick={() => void confirmOpen()}
      >
        {t.cabinet.open}
      </Button>
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
