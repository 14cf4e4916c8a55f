import { accountRoutes } from '@ess/contract/account';
import { describe, expect, it } from 'vitest';
import { checkLoginAddress } from './check-login-call';

describe('sign-in call address', () => {
  it('posts to the path and with the publicity of the contract route', () => {
    expect(checkLoginAddress).toEqual({
      path: accountRoutes.checkLogin.path,
      isPublic: accountRoutes.checkLogin.isPublic,
    });
  });
});
