// Role/SetMenus (SysAdmin): the app's menus a role opens.
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useSetRoleMenus = () =>
  useConsoleMutation({
    call: (input: { roleId: number; menuCodes: string[] }) => callApiEnvelope('setRoleMenus', input),
    invalidates: [queryKeys.console.people],
  });
