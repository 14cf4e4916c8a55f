// Account/ChangePwd: old and new password, both hashed.
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../i18n/zh-CN';
import { callApi } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/hash-password';

export type ChangePasswordInput = { oldPwd: string; newPwd: string };

export const changePwd = async ({ oldPwd, newPwd }: ChangePasswordInput) =>
  callApi('changePwd', { oldPwd: await hashPassword(oldPwd), newPwd: await hashPassword(newPwd) });

export const useChangePwd = () =>
  useMutation({ mutationFn: changePwd, meta: { describeFailure: t.changePassword.failed } });
