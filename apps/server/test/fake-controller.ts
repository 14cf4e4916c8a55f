// A stand-in for the cabinet controller on 127.0.0.1: records what it receives and answers as a test tells it to.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ControllerMode = 'ok' | 'error' | 'hang';

export type FakeController = {
  url: string;
  /** JSON bodies received, oldest first. */
  received: unknown[];
  setMode: (mode: ControllerMode) => void;
  close: () => Promise<void>;
};

export const startFakeController = async (): Promise<FakeController> => {
  let mode: ControllerMode = 'ok';
  const received: unknown[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(text || 'null'));
      if (mode === 'hang') return; // never answers: the caller's timeout has to end it
      response.writeHead(mode === 'ok' ? 200 : 500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(mode === 'ok' ? { ok: true } : { ok: false, error: 'jammed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/commands`,
    received,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
