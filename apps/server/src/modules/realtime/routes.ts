// GET /ws (the socket; it signs in with its first message, so the upgrade itself is public) and
// Group/GetSocketRole.
import { realtimeRoutes } from '@ess/contract/realtime';
import { WS_PATH } from '@ess/contract/realtime-protocol';
import fastifyWebsocket from '@fastify/websocket';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { employeeRoles, roles } from '../../db/schema/index';
import { registerCall } from '../../http/contract-routes';
import type { Hub } from './hub';

/** Which of the given employees hold the role (SPEC §6: the app asks which online users hold AppVerify). */
const holdersOf = async (db: Db, { users, roleName }: { users: number[]; roleName: string }) => {
  if (users.length === 0) return [];
  const rows = await db
    .select({ id: employeeRoles.employeeId })
    .from(employeeRoles)
    .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
    .where(and(eq(roles.name, roleName), inArray(employeeRoles.employeeId, users)));
  return rows.map(({ id }) => id);
};

export const registerRealtimeRoutes = async (app: FastifyInstance, { db, hub }: { db: Db; hub: Hub }) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  app.get(WS_PATH, { websocket: true, config: { access: 'public' } }, (socket) => hub.accept(socket));
  app.addHook('onClose', async () => hub.close());

  registerCall(app, realtimeRoutes.getSocketRole, async ({ body }) => ({ data: await holdersOf(db, body) }));
};
