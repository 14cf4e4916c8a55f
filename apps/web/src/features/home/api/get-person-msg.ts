// SystemNotice/GetPersonMsg: unread messages shown once on the home screen.
import { noticesRoutes } from '@ess/contract/notices';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const PERSON_MSG_KEY = ['home', 'unread-messages'] as const;

export const getPersonMsg = (signal?: AbortSignal) => callApi(noticesRoutes.getPersonMsg, {}, { signal });

export const usePersonMsg = ({ isEnabled }: { isEnabled: boolean }) =>
  useQuery({ queryKey: PERSON_MSG_KEY, queryFn: ({ signal }) => getPersonMsg(signal), enabled: isEnabled });
