// For a SysAdmin, at the top of every console page: the latest scheduled backup failed, or none has succeeded for
// more than two days. Nothing otherwise, nor for anyone else.
import type { BackupStatus } from '@ess/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { backupStatusQuery } from '../api/get-backup-status';
import { ct } from '../texts';

/** The notice's title and detail, or null when there is nothing to say. */
export const backupNoticeText = (status: BackupStatus | undefined) => {
  if (!status?.alert) return null;
  const latest = status.runs[0];
  const title =
    status.alert === 'failed'
      ? latest?.message
        ? ct.backups.failed(latest.message)
        : ct.backups.failedWithoutMessage
      : ct.backups.stale;
  const since = status.lastSuccessAt ? ct.backups.lastSuccess(status.lastSuccessAt) : ct.backups.noSuccess;
  return { title, detail: `${since}${ct.backups.whatToDo}` };
};

export const BackupNotice = ({ isSysAdmin }: { isSysAdmin: boolean }) => {
  const { data } = useQuery(backupStatusQuery(isSysAdmin));
  const text = backupNoticeText(data);
  if (!isSysAdmin || !text) return null;
  return <Alert type="error" showIcon title={text.title} description={text.detail} style={{ marginBottom: 16 }} />;
};
