// The personal-records measurements of `npm run bench` (docs/performance.md): change submissions under load,
// idle sockets held by one instance, the push from a submission to a reviewer's socket (one instance, and two on
// Redis), and a 3 MB photo upload against the time its bytes need on the loopback.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type pg from 'pg';
import WebSocket from 'ws';

export type Tokens = { id: number; empNo: string; bu: string; token: string }[];

/** The first bank each plant offers (reference data). */
const BANK_OF_PLANT: Record<string, string> = { AQ: '招商银行', JY: '招商银行' };

const SCAN_BYTES = 200 * 1024;

/** A JPEG-looking file of `size` bytes (the server sniffs the first bytes; the rest is noise, as in a photo). */
export const fakeJpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);

/**
 * Change submissions: each of the employees sends one edit of each of five record sets (education, work, title,
 * skill, bank card), all but work naming a 200 KB scan the employee uploaded before, so each request is a real
 * change request (a second edit of a pending set would only be refused). Fixed number of requests, 50 at a time.
 */
export const loadChangeSubmissions = async ({
  base,
  pool,
  tokens,
  connections,
}: {
  base: string;
  pool: pg.Pool;
  tokens: Tokens;
  connections: number;
}) => {
  const scan = fakeJpeg(SCAN_BYTES);
  const { rows } = await pool.query<{ id: string; owner_id: number }>(
    `insert into files (owner_id, up_type, kind, size, sha256, original_name, bytes, attached_at)
     select e, 'CARD', 'jpeg', $2, repeat('0', 64), 'scan.jpg', $3, null from unnest($1::int[]) as e
     returning id, owner_id`,
    [tokens.map(({ id }) => id), SCAN_BYTES, scan],
  );
  const scanOf = new Map(rows.map((row) => [row.owner_id, `/api/files/${row.id}`]));
  // Kind after kind, so that the requests in flight together are of different employees, as at a shift change.
  const byKind: { token: string; body: string }[][] = [[], [], [], [], []];
  for (const { id, token, bu } of tokens) {
    const filePath = scanOf.get(id);
    const title = (cerType: string) => ({
      NoticeType: 'APP_EDIT_TITLE',
      NoticeBody: { cerType, records: [{ title: '电工', cerEffDate: '2020-05-01', filePath }] },
    });
    for (const [kind, notice] of [
      {
        NoticeType: 'APP_EDIT_WORK',
        NoticeBody: { records: [{ schoolName: '某厂', title: '操作工', quitReason: '合同到期' }] },
      },
      title('CER02'),
      title('CER03'),
      {
        NoticeType: 'APP_EDIT_EDU',
        NoticeBody: {
          educations: [
            {
              major: '02',
              title: '理科',
              schoolName: '第一中学',
              cerStartDate: '2010-09-01',
              cerEndDate: '2013-06-30',
              filePath,
            },
          ],
        },
      },
      {
        NoticeType: 'APP_EDIT_BANK',
        NoticeBody: { bank: { filePath, bankNo: '6217001234567890122', bankName: BANK_OF_PLANT[bu] ?? '中国银行' } },
      },
    ].entries()) {
      byKind[kind]?.push({ token, body: JSON.stringify(notice) });
    }
  }
  const bodies = byKind.flat();
  let next = 0;
  const started = Date.now();
  const result = await autocannon({
    url: `${base}/api/SystemNotice/ModifyNotice`,
    connections,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { token, body } = bodies[next++ % bodies.length] as (typeof bodies)[number];
          return { ...request, headers: { 'content-type': 'application/json', token }, body };
        },
      },
    ],
  });
  const seconds = (Date.now() - started) / 1000;
  const { rows: made } = await pool.query<{ n: number }>(
    "select count(*)::int as n from change_requests where status = 'pending'",
  );
  return {
    name: 'change submission (200 KB scan uploaded before)',
    rps: bodies.length / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    made: made[0]?.n ?? 0,
    sent: bodies.length,
  };
};

type SignedInSocket = { socket: WebSocket; messages: { at: number; text: string }[] };

const openSocket = (wsUrl: string, token: string) =>
  new Promise<SignedInSocket>((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    const messages: SignedInSocket['messages'] = [];
    const timer = setTimeout(() => reject(new Error('no AUTH_OK within 30 s')), 30_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'AUTH', token })));
    socket.on('message', (data) => {
      const text = data.toString();
      messages.push({ at: performance.now(), text });
      if (text.includes('AUTH_OK')) {
        clearTimeout(timer);
        resolve({ socket, messages });
      }
    });
    socket.on('error', reject);
  });

const rssOf = async (pid: number | undefined) => {
  if (!pid) return 0;
  const { readFileSync } = await import('node:fs');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
};

/** 10,000 signed-in sockets, idle, held by one instance: its RSS with them open (five per employee at most). */
export const holdIdleSockets = async ({
  base,
  tokens,
  serverPid,
  count = 10_000,
}: {
  base: string;
  tokens: Tokens;
  serverPid: number | undefined;
  count?: number;
}) => {
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  const before = await rssOf(serverPid);
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < count; opened += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, count - opened) }, (_, index) =>
        openSocket(wsUrl, (tokens[(opened + index) % tokens.length] as Tokens[number]).token),
      ),
    );
    sockets.push(...batch.map(({ socket }) => socket));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = await rssOf(serverPid);
  for (const socket of sockets) socket.terminate();
  return { sockets: sockets.length, rssBefore: before, rssWith: after };
};

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

/**
 * From sending a change to a reviewer's socket hearing of it: `submitBase` takes the submissions, the reviewer's
 * socket is on `reviewerBase` (the same instance, or another one sharing Redis). One submission at a time.
 */
export const measurePushLatency = async ({
  submitBase,
  reviewerBase,
  reviewerToken,
  submitters,
}: {
  submitBase: string;
  reviewerBase: string;
  reviewerToken: string;
  submitters: Tokens;
}) => {
  const reviewer = await openSocket(`${reviewerBase.replace(/^http/, 'ws')}/ws`, reviewerToken);
  const latencies: number[] = [];
  // Each submitter sends one edit of the work history (a second one would only be refused).
  for (const { token, empNo } of submitters) {
    const started = performance.now();
    const seen = reviewer.messages.length;
    const response = await fetch(`${submitBase}/api/SystemNotice/ModifyNotice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({
        NoticeType: 'APP_EDIT_WORK',
        NoticeBody: {
          records: [{ schoolName: `某厂${randomBytes(3).toString('hex')}`, title: '操作工', quitReason: '到期' }],
        },
      }),
    });
    await response.arrayBuffer();
    const deadline = performance.now() + 5000;
    let heardAt: number | undefined;
    while (heardAt === undefined && performance.now() < deadline) {
      heardAt = reviewer.messages.slice(seen).find((message) => message.text.includes(`员工[${empNo}]`))?.at;
      if (heardAt === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    if (heardAt !== undefined) latencies.push(heardAt - started);
  }
  reviewer.socket.terminate();
  return {
    pushes: latencies.length,
    of: submitters.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
};

/** A second server instance on the same database and Redis. */
export const startSecondInstance = async ({
  root,
  env,
  port,
}: {
  root: string;
  env: NodeJS.ProcessEnv;
  port: number;
}): Promise<{ base: string; process: ChildProcess }> => {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, process: server };
    } catch {}
    if (Date.now() > deadline) throw new Error('the second instance did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** The same multipart body the upload sends, as a phone's browser builds it. */
const photoForm = (photo: Buffer) => {
  const form = new FormData();
  form.append('upType', 'PHOTO-Mobile');
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
};

/** POSTs the body to a Node server in this process that only reads it: the loopback's own time for those bytes. */
const loopbackMs = async (photo: Buffer) => {
  const sink = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('{}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as AddressInfo;
  const times: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: photoForm(photo) })).arrayBuffer();
    times.push(performance.now() - started);
  }
  sink.close();
  return percentile(times, 0.5);
};

/** A 3 MB photo uploaded end to end (multipart, sniffed, stored in PostgreSQL), median of seven. */
export const measureUpload = async ({ base, token }: { base: string; token: string }) => {
  const photo = fakeJpeg(3 * 1024 * 1024);
  const loopback = await loopbackMs(photo);
  const times: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const form = photoForm(photo);
    const started = performance.now();
    const response = await fetch(`${base}/api/upload/UploadFileForMobile`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    const answer = (await response.json()) as { result: boolean; msg: string };
    if (!answer.result) throw new Error(`upload refused: ${answer.msg}`);
    times.push(performance.now() - started);
  }
  const upload = percentile(times, 0.5);
  return { loopbackMs: loopback, uploadMs: upload, overheadMs: upload - loopback };
};
