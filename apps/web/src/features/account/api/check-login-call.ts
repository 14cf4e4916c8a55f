// Account/CheckLogin itself and the password hashing. Loaded by ./check-login.ts when the sign-in form
// is first used, so the /login screen paints without them.
import { callApi } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/hash-password';

export type SignInInput = { userAccount: string; password: string; isRemember: boolean };

export const checkLogin = async ({ userAccount, password, isRemember }: SignInInput) =>
  callApi('checkLogin', {
    userAccount: userAccount.trim(),
    password: await hashPassword(password),
    isRemember,
  });
