// Account/Logout from the console's header: the refresh token ends on the server, then the cookies here.
import { callApi } from '../../lib/api-client';
import { clearSession, readRefreshToken } from '../../lib/session';

export const signOut = async () => {
  await callApi('logout', { refreshToken: readRefreshToken() ?? '' }, { isQuiet: true }).catch(() => undefined);
  clearSession();
  window.location.assign('/admin');
};
