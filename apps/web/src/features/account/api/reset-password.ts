// Account/ResetPassword: the one-time code from HR's link.
import { useMutation } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../lib/api-client';

/** Answers the account and the password the worker signs in with now. */
export const resetPassword = async (code: string) => (await callApiEnvelope('resetPassword', { code })).data;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
