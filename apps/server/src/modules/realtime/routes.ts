// GET /ws (the socket; it signs in with its first message, so the upgrade itself is public) and
// Group/GetSocketRole.
import { realtimeRoutes } from '@ess/contract/realtime';
import { WS_PATH } from '@ess/contract/realtime-protocol';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerCall } from '../../http/contract-routes';
import type { Hub } from './hub';
import { holdersOf } from './service';

export const registerRealtimeRoutes = async (app: FastifyInstance, { db, hub }: { db: Db; hub: Hub }) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  app.get(WS_PATH, { websocket: true, config: { access: 'public' } }, (socket) => hub.accept(socket));
  app.addHook('onClose', async () => hub.close());

  registerCall(app, realtimeRoutes.getSocketRole, async ({ body }) => ({ data: await holdersOf(db, body) }));
};
