// Account/Logout: revokes the refresh token on the server.
import { callApi } from '../../../lib/api-client';

export const logout = (refreshToken: string | undefined) =>
  callApi('logout', refreshToken ? { refreshToken } : {}, { isQuiet: true });
