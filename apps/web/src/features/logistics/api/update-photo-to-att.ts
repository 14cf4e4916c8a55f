// LogisticsCabinet/UpdatePhotoToAtt: the cabinet's face reader takes the photo the attendance system holds.
import { useMutation } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../lib/api-client';

/** Answers the server's msg, which the screen shows. */
export const updatePhotoToAtt = async (boxId: number) => (await callApiEnvelope('updatePhotoToAtt', { boxId })).msg;

export const useUpdatePhotoToAtt = () => useMutation({ mutationFn: updatePhotoToAtt });
