// A failed call told to the user once: the api client already toasts HTTP and network failures and
// sends 401 to sign-in, so only business refusals (result:false) and bad data are toasted here.
import { t } from '../i18n/zh-CN-shell';
import { ApiError, describeError } from './api-client';
import { showToast } from './toast';

export const toastFailure = (error: unknown, describe: (message: string) => string = (message) => message) => {
  if (error instanceof ApiError && error.kind !== 'business') return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  void showToast({ content: describe(describeError(error) || t.api.serverError), kind: 'fail' });
};
