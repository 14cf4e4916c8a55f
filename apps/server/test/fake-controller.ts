// A stand-in for the cabinet controller (or the attendance system's command endpoint) on 127.0.0.1: records what it
// receives and answers as a test tells it to — one mode for every request, or a script of answers for the next ones
// (also from another process: POST /fake/answer-next with the modes as a JSON array).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** ok 200; error 500 (temporary); busy 503 (temporary); refuse 400 (for good); hang never answers. */
export type ControllerMode = 'ok' | 'error' | 'busy' | 'refuse' | 'hang';

const ANSWERS: Record<Exclude<ControllerMode, 'hang'>, { status: number; body: unknown }> = {
  ok: { status: 200, body: { ok: true } },
  error: { status: 500, body: { ok: false, error: 'jammed' } },
  busy: { status: 503, body: { ok: false, error: 'busy' } },
  refuse: { status: 400, body: { ok: false, error: 'unknown box' } },
};

export type FakeController = {
  url: string;
  /** Where another process posts the modes of the next answers. */
  controlUrl: string;
  /** JSON bodies received, oldest first. */
  received: unknown[];
  /** The Idempotency-Key header of each request received, oldest first. */
  keys: (string | undefined)[];
  /** The answer to every request after the scripted ones. */
  setMode: (mode: ControllerMode) => void;
  /** Answers the next requests so, one mode each, before the standing mode takes over again. */
  answerNext: (...modes: ControllerMode[]) => void;
  close: () => Promise<void>;
};

export const startFakeController = async (): Promise<FakeController> => {
  let mode: ControllerMode = 'ok';
  const script: ControllerMode[] = [];
  const received: unknown[] = [];
  const keys: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      if (request.url === '/fake/answer-next') {
        // A test in another process scripts the next answers (the e2e specs).
        script.push(...(JSON.parse(text) as ControllerMode[]));
        response.writeHead(204).end();
        return;
      }
      received.push(JSON.parse(text || 'null'));
      const key = request.headers['idempotency-key'];
      keys.push(Array.isArray(key) ? key[0] : key);
      const answering = script.shift() ?? mode;
      if (answering === 'hang') return; // never answers: the caller's timeout has to end it
      const { status, body } = ANSWERS[answering];
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/commands`,
    controlUrl: `http://127.0.0.1:${port}/fake/answer-next`,
    received,
    keys,
    setMode: (next) => {
      mode = next;
      script.length = 0;
    },
    answerNext: (...modes) => {
      script.push(...modes);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
