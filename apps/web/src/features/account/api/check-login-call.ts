// Account/CheckLogin itself and the password hashing. Loaded by ./check-login.ts when the sign-in form
// is first used, so the /login screen paints without them. Only the route's type comes from the
// contract: importing the route would bring zod into the sign-in bundle.
import type { accountRoutes } from '@ess/contract/account';
import { callApi, type RouteAddress } from '../../../lib/api-client';
import { hashPassword } from '../hash-password';

type CheckLoginRoute = typeof accountRoutes.checkLogin;
/** Same path as the contract route; check-login-call.test.ts holds the two together. */
export const checkLoginAddress: RouteAddress<CheckLoginRoute> = { path: 'Account/CheckLogin', isPublic: true };

export type SignInInput = { userAccount: string; password: string; isRemember: boolean };

export const checkLogin = async ({ userAccount, password, isRemember }: SignInInput) =>
  callApi<CheckLoginRoute>(checkLoginAddress, {
    userAccount: userAccount.trim(),
    password: await hashPassword(password),
    isRemember,
  });
