// LogisticsCabinet/RemoteOpenCabinet: opens the caller's own box; answers the command's state (opened, or still
// being tried: the screen then follows it with GetCommandState).
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const remoteOpenCabinet = (boxId: number) => callApi('remoteOpenCabinet', { boxId });

export const useRemoteOpenCabinet = () => useMutation({ mutationFn: remoteOpenCabinet });
