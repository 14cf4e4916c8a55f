// Account/CheckLogin from the console's sign-in: the employee app's call and cookies (one session for both). Not
// a mutation of the QueryClient: the page tells a refusal under its form instead of as a toast, so it is quiet.

import { callApi } from '../../lib/api-client';
import { hashPassword } from '../../lib/hash-password';
import { startSession } from '../../lib/session';

export type SignInFields = { userAccount: string; password: string };

export const checkLogin = async ({ userAccount, password }: SignInFields) => {
  const login = await callApi(
    'checkLogin',
    { userAccount: userAccount.trim(), password: await hashPassword(password), isRemember: false },
    { isQuiet: true },
  );
  startSession(login, { isRemember: false });
};
