// The outside-system adapters against the database and a fake controller: what is sent, what is recorded.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MadeEmployee, makeCabinet, makeEmployee } from '../../test/factories';
import { type FakeController, startFakeController } from '../../test/fake-controller';
import { createTestContext, type TestContext } from '../../test/harness';
import { withTransaction } from '../db/transaction';
import {
  CONTROLLER_FAILED_MESSAGE,
  CONTROLLER_UNREACHABLE_MESSAGE,
  createHttpAdapter,
  createOutboxAdapter,
  createOutsideSystems,
  type OutsideCommand,
} from './outside-systems';

let t: TestContext;
let controller: FakeController;
/** Who asks, their box, and the command that opens it. */
let requester: MadeEmployee;
let boxId: number;
let openBox: OutsideCommand;
beforeAll(async () => {
  t = await createTestContext();
  controller = await startFakeController();
  requester = await makeEmployee(t.database);
  boxId = (await makeCabinet(t.database, requester, { caseNo: '007' })).id;
  openBox = {
    target: 'cabinet',
    command: 'OPEN',
    payload: { boxId, caseNo: '007' },
    requestedBy: requester.id,
  };
});
afterAll(async () => {
  await controller.close();
  await t.close();
});
beforeEach(async () => {
  controller.setMode('ok');
  controller.received.length = 0;
  await t.database.pool.query('delete from outbox_commands');
});

const recorded = async () =>
  (
    await t.database.pool.query(
      `select target, command, payload, requested_by, status, detail, completed_at is not null as completed
       from outbox_commands order by id`,
    )
  ).rows;

describe('outbox adapter', () => {
  it('stores the command as pending for the relay and answers ok', async () => {
    const outcome = await createOutboxAdapter(t.database.db).sendCommand(openBox);
    expect(outcome).toEqual({ ok: true, detail: '指令已发送' });
    expect(await recorded()).toEqual([
      {
        target: 'cabinet',
        command: 'OPEN',
        payload: { boxId, caseNo: '007' },
        requested_by: requester.id,
        status: 'pending',
        detail: '',
        completed: false,
      },
    ]);
  });

  it('writes the command with the change it belongs to, or not at all when that change is rolled back', async () => {
    const adapter = createOutboxAdapter(t.database.db);
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await adapter.sendCommand(openBox, tx);
        throw new Error('the change fails after the command');
      }),
    ).rejects.toThrow('the change fails');
    expect(await recorded()).toEqual([]);
    await withTransaction(t.database.db, (tx) => adapter.sendCommand(openBox, tx));
    expect(await recorded()).toHaveLength(1);
  });
});

describe('HTTP adapter', () => {
  const adapter = (timeoutMs = 2000, url = controller.url) => createHttpAdapter({ db: t.database.db, url, timeoutMs });

  it('posts {target, command, payload} and records the command as sent', async () => {
    const outcome = await adapter().sendCommand(openBox);
    expect(outcome.ok).toBe(true);
    expect(controller.received).toEqual([{ target: 'cabinet', command: 'OPEN', payload: { boxId, caseNo: '007' } }]);
    const [row] = await recorded();
    expect(row).toMatchObject({
      target: 'cabinet',
      command: 'OPEN',
      requested_by: requester.id,
      status: 'sent',
      completed: true,
    });
    expect(row.detail).toMatch(/^HTTP 200/);
  });

  it('answers a Chinese failure and records it when the controller answers 500', async () => {
    controller.setMode('error');
    const outcome = await adapter().sendCommand(openBox);
    expect(outcome).toEqual({ ok: false, detail: CONTROLLER_FAILED_MESSAGE });
    const [row] = await recorded();
    expect(row).toMatchObject({ status: 'failed', completed: true });
    expect(row.detail).toContain('HTTP 500');
    expect(row.detail).toContain('jammed');
  });

  it('gives up after the timeout and records the failure', async () => {
    controller.setMode('hang');
    const started = Date.now();
    const outcome = await adapter(150).sendCommand(openBox);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(outcome).toEqual({ ok: false, detail: CONTROLLER_UNREACHABLE_MESSAGE });
    expect(controller.received).toHaveLength(1);
    const [row] = await recorded();
    expect(row).toMatchObject({ status: 'failed', detail: 'no answer within 150 ms' });
  });

  it('answers a Chinese failure when nothing listens at the address', async () => {
    const gone = await startFakeController();
    await gone.close();
    const outcome = await adapter(2000, gone.url).sendCommand(openBox);
    expect(outcome).toEqual({ ok: false, detail: CONTROLLER_UNREACHABLE_MESSAGE });
    const [row] = await recorded();
    expect(row?.status).toBe('failed');
    expect(row?.detail).toMatch(/^unreachable: /);
  });
});

describe('createOutsideSystems', () => {
  it('keeps every command in the outbox when no controller is configured', async () => {
    const systems = createOutsideSystems({
      db: t.database.db,
      config: { ...t.config, CABINET_CONTROLLER_URL: undefined },
    });
    await systems.sendCommand(openBox);
    expect(controller.received).toEqual([]);
    expect((await recorded()).map((row) => row.status)).toEqual(['pending']);
  });

  it('sends cabinet commands to the configured controller and leaves attendance commands to the outbox', async () => {
    const systems = createOutsideSystems({
      db: t.database.db,
      config: { ...t.config, CABINET_CONTROLLER_URL: controller.url, CABINET_CONTROLLER_TIMEOUT_MS: 2000 },
    });
    await systems.sendCommand(openBox);
    await systems.sendCommand({
      target: 'attendance',
      command: 'UPDATE_CABINET_PHOTO',
      payload: {},
      requestedBy: requester.id,
    });
    expect(controller.received).toHaveLength(1);
    expect((await recorded()).map((row) => [row.target, row.status])).toEqual([
      ['cabinet', 'sent'],
      ['attendance', 'pending'],
    ]);
  });
});
