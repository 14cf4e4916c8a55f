// Read-your-writes with a replica (db/read-routing.ts): the answer to a signed-in caller's call that may change data
// (any call but a Get… query) carries a short-lived cookie, and the query calls of a caller who sends it read from
// the primary. The cookie lives as long as a fresh replica may still lack the write (the lag bound, plus the look's
// interval and its sampling), so a worker who confirms a payslip or reads a message sees it at once, on any instance
// behind the load balancer, without state kept on the server.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { ReadRouting } from '../db/read-routing';

const COOKIE = 'ess_wrote';
const SENT = new RegExp(`(?:^|;\\s*)${COOKIE}=1(?:;|$)`);

/** Whether the caller wrote within the window (their browser still sends the cookie). */
export const hasWrittenLately = (request: FastifyRequest) => SENT.test(request.headers.cookie ?? '');

export const installReadYourWrites = (app: FastifyInstance, { windowSeconds }: { windowSeconds: number }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    // Decided on the matched route, never the address as sent: a contract call whose action is not a query.
    if (!request.caller || !route.startsWith('/api/') || /\/Get[A-Z][^/]*$/.test(route)) return payload;
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${COOKIE}=1; Max-Age=${windowSeconds}; Path=/api; HttpOnly; SameSite=Lax${secure}`);
    return payload;
  });
};

/** How a query call reads: on the replica when it may (db/read-routing.ts), on the primary after the caller wrote. */
export type QueryReads = <T>(request: FastifyRequest, run: (db: Db) => Promise<T>) => Promise<T>;

export const queryReadsOf =
  (routing: ReadRouting): QueryReads =>
  (request, run) =>
    routing.read({ hasWrittenLately: hasWrittenLately(request) }, run);
