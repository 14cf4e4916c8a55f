// Account/Logout: revokes the refresh token on the server.
import { accountRoutes } from '@ess/contract/account';
import { callApi } from '../../../lib/api-client';

export const logout = (refreshToken: string | undefined) =>
  callApi(accountRoutes.logout, refreshToken ? { refreshToken } : {}, { isQuiet: true });
