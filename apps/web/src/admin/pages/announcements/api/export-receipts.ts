// Announcement/ExportReceipts: everyone the notice reaches with when they read and acknowledged it, as a sheet.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { saveDownload } from '../../../download';

export const useExportReceipts = () =>
  useMutation({ mutationFn: (id: number) => callApi('exportAnnouncementReceipts', { id }), onSuccess: saveDownload });
