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
  // The plugin's own stop would close every socket without a code; the hub's says 1012 and forgets them.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 }, preClose: () => hub.close() });
  app.get(WS_PATH, { websocket: true, config: { access: 'public' } }, (socket) => hub.accept(socket));

  registerCall(app, realtimeRoutes.getSocketRole, async ({ body }) => ({ data: await holdersOf(db, body) }));
};
