// A clerk's large upload beside the employees' calls, on a real server process: while a 30 MB sheet arrives over
// an office line and is stored, the payslip call keeps within twice its idle p99 (it was seconds: the file was held
// and written to the database as one piece on the event loop). An upload declaring more than the limit is refused
// by its declared length, before its body is read.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createEmptyDatabase,
  findFreePort,
  makeDataDir,
  removeDataDirs,
  type ServerProcess,
  signIn,
  spawnServer,
  stopProcess,
  waitForHealth,
} from '../../../test/server-process';
import { sendUpload, uploadBesideCalls } from '../../../test/upload-latency';

const FILE_BYTES = 30 * 1024 * 1024 - 64 * 1024;

let server: ServerProcess;
let base: string;
let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
beforeAll(async () => {
  database = await createEmptyDatabase(inject('adminUrl'));
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer({
    DATA_DIR: makeDataDir('ess-upload-'),
    DATABASE_URL: database.url,
    SEED_DEMO: 'yes',
    PORT: String(port),
    SECRET_KEY: 'upload-beside-calls-secret-key-0123456789',
  });
  await waitForHealth(base, server);
}, 180_000);
afterAll(async () => {
  await stopProcess(server.child);
  await database?.drop();
  await removeDataDirs();
});

describe('a large upload beside the employees’ calls', () => {
  it('keeps the payslip call within twice its idle p99 while 30 MB arrive and are stored', {
    timeout: 180_000,
  }, async () => {
    const clerk = (await signIn(base, '900001', 'demo1234')).body.data.token;
    const tokens = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, index) => (await signIn(base, String(100002 + index), 'demo1234')).body.data.token,
      ),
    );
    // Other test files share the machine: a burst of their load can land in the upload's window and not in the
    // idle one. Up to three measurements are made, each idle window just before its upload; a server that holds
    // its event loop while storing the file (as it did: seconds) fails every one.
    const attempts: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { upload, idle, during } = await uploadBesideCalls({
        base,
        clerkToken: clerk,
        tokens,
        fileBytes: FILE_BYTES,
        idleMs: 2000,
      });
      expect(upload.body).toMatchObject({ result: true, msg: '已上传，正在处理' });
      expect(during.count).toBeGreaterThan(50);
      // Twice the idle p99, and never less than 50 ms above it: a loopback p99 of a few ms moves by that much.
      const bound = Math.max(2 * idle.p99, idle.p99 + 50);
      attempts.push(
        `p99 ${during.p99.toFixed(0)} ms (max ${during.max.toFixed(0)}) against idle ${idle.p99.toFixed(0)} ms`,
      );
      if (during.p99 <= bound) return;
    }
    expect.fail(`the payslip call beside each upload, each attempt: ${attempts.join('; ')}`);
  });

  it('refuses an upload that declares more than the limit at once, without reading it', {
    timeout: 60_000,
  }, async () => {
    const clerk = (await signIn(base, '900001', 'demo1234')).body.data.token;
    const answer = await sendUpload(base, clerk, { bytes: 100 * 1024 * 1024, declared: 100 * 1024 * 1024 + 1024 });
    expect(answer.body).toMatchObject({ result: false, msg: '文件过大，最大 30 MB' });
    // Answered after a small part of the 100 MB was sent (the server refused on the declared length).
    expect(answer.sentBytes).toBeLessThan(10 * 1024 * 1024);
  });
});
