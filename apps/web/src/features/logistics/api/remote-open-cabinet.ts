// LogisticsCabinet/RemoteOpenCabinet: opens the caller's own box.
import { useMutation } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../lib/api-client';

/** Answers the server's msg, which the screen shows. */
export const remoteOpenCabinet = async (boxId: number) => (await callApiEnvelope('remoteOpenCabinet', { boxId })).msg;

export const useRemoteOpenCabinet = () => useMutation({ mutationFn: remoteOpenCabinet });
