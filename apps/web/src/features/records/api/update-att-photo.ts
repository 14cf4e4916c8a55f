// Home/UpdateAttPhoto: the uploaded face photo goes to the attendance system (overwriting what it holds there).
// Sent with an idempotency key: a retry after a dropped answer updates once.
import { useMutation } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../lib/api-client';

export const updateAttPhoto = async ({ filePath, idempotencyKey }: { filePath: string; idempotencyKey: string }) =>
  (await callApiEnvelope('updateAttPhoto', { filePath }, { idempotencyKey })).msg;

export const useUpdateAttPhoto = () => useMutation({ mutationFn: updateAttPhoto });
