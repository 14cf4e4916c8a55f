// SystemNotice/GetPersonMsg: unread messages shown once on the home screen.
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPersonMsg = (signal?: AbortSignal) => callApi('getPersonMsg', {}, { signal });

export const usePersonMsg = ({ isEnabled }: { isEnabled: boolean }) =>
  useQuery({
    queryKey: queryKeys.home.unreadMessages,
    queryFn: ({ signal }) => getPersonMsg(signal),
    enabled: isEnabled,
  });
