// A stand-in for the WeChat and WeCom APIs on 127.0.0.1: counts every fetch by path, answers tokens and tickets,
// and can be slowed down or made to fail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeWechat = {
  url: string;
  /** Fetches by path (/cgi-bin/token, /cgi-bin/ticket/getticket, …). */
  counts: Record<string, number>;
  /** Answers errcode 40001 from now on. */
  setFailing: (isFailing: boolean) => void;
  /** Tickets answered: the nth fetch of a path answers `<prefix>-<n>`. */
  close: () => Promise<void>;
};

export const startFakeWechat = async ({ delayMs = 50, expiresIn = 7200 } = {}): Promise<FakeWechat> => {
  const counts: Record<string, number> = {};
  let isFailing = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const count = (counts[url.pathname] ?? 0) + 1;
    counts[url.pathname] = count;
    const body = isFailing
      ? { errcode: 40001, errmsg: 'invalid credential' }
      : url.pathname.endsWith('token')
        ? { errcode: 0, access_token: `token-${count}`, expires_in: expiresIn }
        : {
            errcode: 0,
            errmsg: 'ok',
            ticket: `${url.pathname.split('/').pop()}-${url.searchParams.get('type') ?? 'corp'}-${count}`,
            expires_in: expiresIn,
          };
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setFailing: (next) => {
      isFailing = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
