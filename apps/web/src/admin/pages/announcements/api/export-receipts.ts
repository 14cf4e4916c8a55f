// Announcement/ExportReceipts: everyone the notice reaches (in one plant, or all the clerk's) with when they read and
// acknowledged it, as a sheet.
import type { Plant } from '@ess/contract/plants';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { saveDownload } from '../../../download';

export const useExportReceipts = () =>
  useMutation({
    mutationFn: ({ id, bu }: { id: number; bu: Plant | '' }) =>
      callApi('exportAnnouncementReceipts', { id, ...(bu ? { bu } : {}) }),
    onSuccess: saveDownload,
  });
