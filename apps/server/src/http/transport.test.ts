// What a client gets over a real socket from the running server: the web app's files precompressed and
// cached by kind, the app's page for client-side routes (its preloads chosen by the session cookie), the
// envelope under /api, and a 408 for a request body that never finishes arriving.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildApp } from '../app';

const SCRIPT = `console.log(${JSON.stringify('员工自助系统 '.repeat(200))});`;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
// The documents of a visitor with a session (apps/web/vite.config.ts): the same page, other preloads.
const APP = INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/route-gate.js"></head>');
const HOME = INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/home-page.js"></head>');

let t: TestContext;
let app: FastifyInstance;
let base: { host: string; port: number };
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'ess-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  const script = path.join(webDist, 'assets/index-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'app.html'), APP);
  writeFileSync(path.join(webDist, 'home.html'), HOME);
  writeFileSync(path.join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestContext({ WEB_DIST: webDist, REQUEST_TIMEOUT_MS: '1500' });
  app = await buildApp({ config: t.config, database: t.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as net.AddressInfo;
  base = { host: '127.0.0.1', port: address.port };
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request as a browser sends it, with the bytes as they travel (no transparent decompression). */
const request = (method: string, urlPath: string, headers: Record<string, string> = {}, body?: string) =>
  new Promise<RawResponse>((resolve, reject) => {
    const outgoing = http.request({ ...base, method, path: urlPath, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

describe('the web app over the wire', () => {
  it('sends hashed assets precompressed (brotli, else gzip) and cached for a year as immutable', async () => {
    const brotli = await request('GET', '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);

    const gzip = await request('GET', '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await request('GET', '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends index.html for client-side routes, never cached, with the page’s websocket origin', async () => {
    for (const route of ['/', '/home', '/user/my-bank?x=1', '/no/such/screen']) {
      const page = await request('GET', route);
      expect(page.status, route).toBe(200);
      expect(page.headers['content-type'], route).toContain('text/html');
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.body.toString(), route).toBe(INDEX);
      expect(page.headers['content-security-policy'], route).toContain(
        `connect-src 'self' ws://127.0.0.1:${base.port}`,
      );
    }
    const other = await request('GET', '/home', { host: 'evil.example/"; script-src *' });
    expect(other.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
  });

  it('preloads the screen a session will show: home on / and /home, the route gate elsewhere', async () => {
    const cases = [
      { route: '/', cookie: 'ess_token=abc', document: HOME },
      { route: '/home?from=menu', cookie: 'x=1; ess_refresh=def', document: HOME },
      { route: '/user/my-bank', cookie: 'ess_token=abc', document: APP },
      { route: '/login', cookie: 'ess_token=abc', document: INDEX },
      { route: '/home', cookie: 'ess_token=; x=1', document: INDEX },
      { route: '/home', cookie: 'my_ess_token=abc', document: INDEX },
      { route: '/home', cookie: undefined, document: INDEX },
    ];
    for (const { route, cookie, document } of cases) {
      const page = await request('GET', route, cookie ? { cookie } : {});
      expect(page.body.toString(), `${route} ${cookie}`).toBe(document);
      expect(page.headers['cache-control']).toBe('no-cache');
      // Shared caches must not hand one visitor's document to another.
      expect(page.headers.vary).toMatch(/cookie/i);
    }
  });

  it('answers a missing file with 404 instead of the page, and other files revalidated', async () => {
    const missing = await request('GET', '/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toEqual({ result: false, msg: '接口不存在', data: null });
    const logo = await request('GET', '/logo.svg');
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('answers GET on an API path with the envelope, not the page, with or without a token', async () => {
    const token = await t.login('100001');
    for (const headers of [{}, { token }] as Record<string, string>[]) {
      const response = await request('GET', '/api/Home/GetBannerList', headers);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(JSON.parse(response.body.toString())).toEqual({ result: false, msg: '接口不存在', data: null });
    }
  });

  it('answers POST /api and an undecodable path with the envelope', async () => {
    const bare = await request('POST', '/api', { 'content-type': 'application/json' }, '{}');
    expect(bare.status).toBe(404);
    expect(JSON.parse(bare.body.toString())).toMatchObject({ result: false, msg: '接口不存在' });
    const undecodable = await request('POST', '/api/%zz', { 'content-type': 'application/json' }, '{}');
    expect(undecodable.status).toBe(400);
    expect(JSON.parse(undecodable.body.toString())).toEqual({ result: false, msg: '请求地址无效', data: null });
  });
});

describe('slow clients', () => {
  it('answers 408 and closes the socket when a body never finishes arriving', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(base.port, base.host, () => {
        socket.write(
          'POST /api/Account/CheckLogin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
        );
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      setTimeout(() => reject(new Error('the socket was still open after 10 s')), 10_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // REQUEST_TIMEOUT_MS is 1.5 s here (30 s by default), checked every 1.5 s at the most.
    expect(Date.now() - started).toBeLessThan(6_000);
  });
});
