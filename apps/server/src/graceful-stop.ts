// Stopping the HTTP server without failing a request a client has already sent. Closing the listening socket resets
// the connections the kernel has queued but the server not yet accepted, and Node's server.close() destroys every
// connection without a request in progress, including one accepted a moment ago whose request is still unread.
// So a stop first takes in what is queued (on Linux until the kernel says its accept queue is empty, read from
// /proc/net/tcp; elsewhere two turns of the event loop), stops listening, and gives fresh connections a moment to send
// their request; then Fastify's close waits for every request in progress.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';

/** How long a connection that has sent nothing yet may take to send its request once the stop began. */
const FIRST_REQUEST_GRACE_MS = 2_000;

/** How long a stop waits for the kernel's accept queue to empty. */
const ACCEPT_QUEUE_WAIT_MS = 5_000;

const nextLoopTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Connections waiting in the kernel's accept queue of the listening sockets on `port` (Linux: for a socket in LISTEN,
 * the rx_queue of /proc/net/tcp is that queue's length), or undefined where it cannot be read.
 */
const queuedConnections = (port: number): number | undefined => {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let queued: number | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'latin1');
    } catch {
      continue;
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(portHex)) continue;
      queued = (queued ?? 0) + Number.parseInt(queues?.split(':')[1] ?? '0', 16);
    }
  }
  return queued;
};
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
      // Two turns of the event loop hold a poll phase, in which libuv accepts every connection the kernel queued; a
      // busy server may find more queued meanwhile, so on Linux it goes on until the kernel's queue is empty.
      await nextLoopTurn();
      await nextLoopTurn();
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : undefined;
      const deadline = Date.now() + ACCEPT_QUEUE_WAIT_MS;
      while (port !== undefined && (queuedConnections(port) ?? 0) > 0 && Date.now() < deadline) await sleep(5);
      // The listening socket alone; the HTTP server's close (Fastify's) comes after and waits for the requests.
      net.Server.prototype.close.call(server);
      const isFresh = (acceptedAt: number) => Date.now() - acceptedAt < FIRST_REQUEST_GRACE_MS;
      while ([...withoutRequest.values()].some(isFresh)) await sleep(10);
    },
  };
};
