// Account/ResetPassword: the one-time code from HR's link.
import { useMutation } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../lib/api-client';

/** Answers the server's msg, which is the text the landing page shows. */
export const resetPassword = async (code: string) => (await callApiEnvelope('resetPassword', { code })).msg;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
