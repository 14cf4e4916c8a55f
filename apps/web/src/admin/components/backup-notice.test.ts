import type { BackupStatus } from '@ess/contract/console';
import { describe, expect, it } from 'vitest';
import { backupNoticeText } from './backup-notice';

const run = (status: 'ok' | 'failed', message: string | null = null) => ({
  slot: '2026-01-13',
  startedAt: '2026-01-13 03:00',
  finishedAt: '2026-01-13 03:01',
  status,
  file: status === 'ok' ? 'ess-backup-20260113-030000.tar.gz' : null,
  size: status === 'ok' ? 1024 : null,
  message,
});
const status = (over: Partial<BackupStatus>): BackupStatus => ({
  isScheduled: true,
  alert: null,
  lastSuccessAt: '2026-01-12 03:01',
  runs: [],
  ...over,
});

describe('the backup notice', () => {
  it('says nothing while the backups are well', () => {
    expect(backupNoticeText(undefined)).toBeNull();
    expect(backupNoticeText(status({ runs: [run('ok')] }))).toBeNull();
  });

  it("tells a failure with the server's message, and a backup too old", () => {
    expect(backupNoticeText(status({ alert: 'failed', runs: [run('failed', 'ENOSPC: no space left')] }))).toEqual({
      title: '备份失败：ENOSPC: no space left',
      detail: '最近一次成功备份：2026-01-12 03:01。请查看服务器日志和备份目录（BACKUP_DIR）。',
    });
    expect(backupNoticeText(status({ alert: 'failed', runs: [run('failed')], lastSuccessAt: null }))).toEqual({
      title: '备份失败：原因未记录。',
      detail: '尚无成功的备份。请查看服务器日志和备份目录（BACKUP_DIR）。',
    });
    expect(backupNoticeText(status({ alert: 'stale', runs: [run('ok')] }))?.title).toBe('备份已超过两天未成功。');
  });
});
