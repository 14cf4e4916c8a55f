// People/UnbindPlatformAccount: the WeCom or WeChat account bound to an employee removed; their next silent sign-in
// there asks for a password again.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useUnbindPlatformAccount = () =>
  useConsoleMutation({
    call: (input: { id: number; platform: 'wecom' | 'wechat' }) => callApiEnvelope('unbindPlatformAccount', input),
    invalidates: [queryKeys.console.people],
  });
