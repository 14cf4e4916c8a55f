// Account/CheckLogin: sign-in with the hashed password. The call's code (contract schemas, zod,
// SHA-256) is a quarter of what /login would download, so it loads on idle or first use of the form.
// No query library here: /login has no query cache (app/query-scope.tsx), the screen keeps the call's state.
import type { SignInInput } from './check-login-call';

export type { SignInInput };

const loadCall = () => import('./check-login-call');

/** Starts downloading the call's code ahead of the submit. */
export const prefetchCheckLogin = () => {
  void loadCall();
};

export const checkLogin = async (input: SignInInput) => (await loadCall()).checkLogin(input);
