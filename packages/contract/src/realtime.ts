// Group/GetSocketRole: which of the given employees hold a role (SPEC §6: the app asks which online users hold
// AppVerify). The socket's own messages are in ./realtime-protocol.ts.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, text } from './common';

export const realtimeRoutes = {
  getSocketRole: defineRoute(ADDRESSES.getSocketRole, {
    request: z.object({
      /** Employee ids, as a list or comma-separated. */
      users: z.preprocess(
        (value) => (typeof value === 'string' ? value.split(',').filter((id) => id.trim() !== '') : value),
        z
          .array(z.coerce.number({ error: '用户编号无效' }).int().positive().max(2_147_483_647), {
            error: '用户编号无效',
          })
          .max(1000, {
            error: '用户过多',
          }),
      ),
      roleName: text('角色', { missing: '请指定角色' }).min(1, { error: '请指定角色' }).max(64, { error: '角色无效' }),
    }),
    data: z.array(z.number()),
  }),
};
