// SystemNotice/ModifyNotice: a feedback notice from the top bar's 反馈.
import type { RequestOf } from '@ess/contract';
import { noticesRoutes } from '@ess/contract/notices';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type FeedbackNotice = RequestOf<typeof noticesRoutes.modifyNotice>;

export const modifyNotice = (notice: FeedbackNotice) => callApi(noticesRoutes.modifyNotice, notice);

export const useModifyNotice = () => useMutation({ mutationFn: modifyNotice });
