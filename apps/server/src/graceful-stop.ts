// Stopping the HTTP server without failing a request a client has already sent. Closing the listening socket resets
// the connections the kernel has queued but the server not yet accepted, and Node's server.close() destroys every
// connection without a request in progress, including one accepted a moment ago whose request is still unread.
// So a stop first takes in what is queued, stops listening, and gives fresh connections a moment to send their
// request; then Fastify's close waits for every request in progress.
import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';

/** How long a connection that has sent nothing yet may take to send its request once the stop began. */
const FIRST_REQUEST_GRACE_MS = 2_000;

const nextLoopTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Watches the server's connections from now on; `stopAccepting()` is the first step of a stop. */
export const watchConnections = (server: Server) => {
  const withoutRequest = new Map<Socket, number>(); // accepted at, until its first request arrives
  server.on('connection', (socket: Socket) => {
    withoutRequest.set(socket, Date.now());
    socket.once('close', () => withoutRequest.delete(socket));
  });
  server.on('request', (request) => withoutRequest.delete(request.socket));
  server.on('upgrade', (request) => withoutRequest.delete(request.socket));

  return {
    stopAccepting: async () => {
      // Two turns of the event loop hold a poll phase, in which libuv accepts every connection the kernel queued.
      await nextLoopTurn();
      await nextLoopTurn();
      // The listening socket alone; the HTTP server's close (Fastify's) comes after and waits for the requests.
      net.Server.prototype.close.call(server);
      const isFresh = (acceptedAt: number) => Date.now() - acceptedAt < FIRST_REQUEST_GRACE_MS;
      while ([...withoutRequest.values()].some(isFresh)) await sleep(10);
    },
  };
};
