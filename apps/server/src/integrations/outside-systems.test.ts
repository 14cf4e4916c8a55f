// The outbox of commands for the cabinet controller and the attendance system, against the database and a fake
// controller: what is posted, when it is tried again, when it is given up, and what the employee is told.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MadeEmployee, makeCabinet, makeEmployee } from '../../test/factories';
import { type FakeController, startFakeController } from '../../test/fake-controller';
import { createTestContext, type TestContext } from '../../test/harness';
import { withTransaction } from '../db/transaction';
import { createOutsideSystems, MAX_ATTEMPTS, type OutsideCommand, type OutsideSystems } from './outside-systems';

let t: TestContext;
let controller: FakeController;
/** A second endpoint, standing for the attendance system. */
let attendance: FakeController;
let requester: MadeEmployee;
let boxId: number;
let openBox: OutsideCommand;
let photo: OutsideCommand;
/** Both targets delivered by this server. */
let systems: OutsideSystems;
beforeAll(async () => {
  t = await createTestContext();
  controller = await startFakeController();
  attendance = await startFakeController();
  requester = await makeEmployee(t.database);
  boxId = (await makeCabinet(t.database, requester, { caseNo: '007' })).id;
  openBox = { target: 'cabinet', command: 'OPEN', payload: { boxId, caseNo: '007' }, requestedBy: requester.id };
  photo = { target: 'attendance', command: 'update-face-photo', payload: { empNo: '1' }, requestedBy: requester.id };
  systems = createOutsideSystems({
    db: t.database.db,
    endpoints: {
      cabinet: { url: controller.url, timeoutMs: 2000 },
      attendance: { url: attendance.url, timeoutMs: 2000 },
    },
  });
});
afterAll(async () => {
  await controller.close();
  await attendance.close();
  await t.close();
});
beforeEach(async () => {
  for (const fake of [controller, attendance]) {
    fake.setMode('ok');
    fake.received.length = 0;
    fake.keys.length = 0;
  }
  await t.database.pool.query('delete from outbox_commands');
  await t.database.pool.query('delete from messages where employee_id = $1', [requester.id]);
});

const recorded = async () =>
  (
    await t.database.pool.query(
      `select id::int, target, command, status, detail, attempts, completed_at is not null as completed,
              round(extract(epoch from expires_at - created_at))::int as "lifetimeSeconds",
              round(extract(epoch from next_attempt_at - now()))::int as "dueInSeconds"
       from outbox_commands order by id`,
    )
  ).rows;
/** The requester's messages, as their 消息 lists them. */
const toldRequester = async () =>
  (await t.database.pool.query('select title, body, link from messages where employee_id = $1', [requester.id])).rows;
/** Time passes for a command: its retry's delay (or its lifetime) is over. */
const makeDue = (id: number) =>
  t.database.pool.query('update outbox_commands set next_attempt_at = now() where id = $1', [id]);
const expire = (id: number) =>
  t.database.pool.query("update outbox_commands set expires_at = now() - interval '1 second' where id = $1", [id]);

describe('writing a command', () => {
  it('keeps it pending with its lifetime: two minutes for an open, a day for the attendance system', async () => {
    await systems.queue(openBox);
    await systems.queue(photo);
    expect(await recorded()).toMatchObject([
      { target: 'cabinet', status: 'pending', attempts: 0, lifetimeSeconds: 120 },
      { target: 'attendance', status: 'pending', attempts: 0, lifetimeSeconds: 86_400 },
    ]);
    expect(controller.received).toEqual([]);
  });

  it('is written with the change it belongs to, or not at all when that change is rolled back', async () => {
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await systems.queue(openBox, tx);
        throw new Error('the change fails after the command');
      }),
    ).rejects.toThrow('the change fails');
    expect(await recorded()).toEqual([]);
    await withTransaction(t.database.db, (tx) => systems.queue(openBox, tx));
    expect(await recorded()).toHaveLength(1);
  });
});

describe('delivering', () => {
  it('posts {id, target, command, payload} with the id as Idempotency-Key and keeps it as sent', async () => {
    const id = await systems.queue(openBox);
    expect(await systems.attempt(id)).toEqual({ id, status: 'sent', message: '已开柜' });
    expect(controller.received).toEqual([
      { id, target: 'cabinet', command: 'OPEN', payload: { boxId, caseNo: '007' } },
    ]);
    expect(controller.keys).toEqual([`outbox-${id}`]);
    expect(await recorded()).toMatchObject([{ status: 'sent', attempts: 1, completed: true, detail: /^HTTP 200/ }]);
    // Tried once: asking again posts nothing more.
    expect((await systems.attempt(id)).status).toBe('sent');
    expect(controller.received).toHaveLength(1);
    expect(await toldRequester()).toEqual([]);
  });

  it('retries a temporary refusal after a growing delay and sends it once, under the same key', async () => {
    controller.answerNext('busy', 'error');
    const id = await systems.queue(openBox);
    expect(await systems.attempt(id)).toEqual({ id, status: 'pending', message: '正在开柜，请稍候' });
    const [first] = await recorded();
    expect(first).toMatchObject({ status: 'pending', attempts: 1, detail: expect.stringContaining('HTTP 503') });
    expect(first?.dueInSeconds).toBeGreaterThanOrEqual(4);
    expect(first?.dueInSeconds).toBeLessThanOrEqual(5);
    // Not due yet: the job's pass leaves it alone.
    expect(await systems.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(controller.received).toHaveLength(1);

    await makeDue(id);
    expect(await systems.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [second] = await recorded();
    expect(second?.attempts).toBe(2);
    expect(second?.dueInSeconds).toBeGreaterThanOrEqual(9); // 10 s, the delay doubled

    await makeDue(id);
    expect(await systems.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await systems.stateFor(requester.id, id)).toEqual({ id, status: 'sent', message: '已开柜' });
    expect(controller.keys).toEqual([`outbox-${id}`, `outbox-${id}`, `outbox-${id}`]);
    expect(await toldRequester()).toEqual([]);
  });

  it('retries a controller that does not answer in time', async () => {
    const slow = createOutsideSystems({
      db: t.database.db,
      endpoints: { cabinet: { url: controller.url, timeoutMs: 150 } },
    });
    controller.answerNext('hang');
    const id = await slow.queue(openBox);
    expect((await slow.attempt(id)).status).toBe('pending');
    expect(await recorded()).toMatchObject([{ status: 'pending', detail: 'no answer within 150 ms' }]);
    await makeDue(id);
    expect((await slow.deliverDue()).sent).toBe(1);
  });

  it('gives up at once on a refusal for good and tells the employee whom to ask', async () => {
    controller.setMode('refuse');
    const id = await systems.queue(openBox);
    expect(await systems.attempt(id)).toEqual({ id, status: 'failed', message: '开柜失败，请联系总务' });
    expect(await recorded()).toMatchObject([{ status: 'failed', attempts: 1, completed: true, detail: /^HTTP 400/ }]);
    expect(await toldRequester()).toEqual([
      {
        title: '开柜失败，请联系总务',
        body: `柜号 007：对方系统拒绝了该指令（${id} 号指令）`,
        link: '/logistics/cabinet',
      },
    ]);
    await makeDue(id);
    expect(await systems.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(controller.received).toHaveLength(1);
  });

  it('gives up after its last try', async () => {
    attendance.setMode('error');
    const id = await systems.queue(photo);
    await t.database.pool.query('update outbox_commands set attempts = $1 where id = $2', [MAX_ATTEMPTS - 1, id]);
    expect(await systems.attempt(id)).toEqual({ id, status: 'failed', message: '照片同步到考勤系统失败，请联系人事' });
    expect(await toldRequester()).toEqual([
      {
        title: '照片同步到考勤系统失败，请联系人事',
        body: `对方系统无响应（${id} 号指令）`,
        link: '/system-setting/person-photo',
      },
    ]);
  });

  it('gives up a command past its lifetime, tried or not, and tells the employee', async () => {
    controller.setMode('error');
    const tried = await systems.queue(openBox);
    await systems.attempt(tried);
    const untried = await systems.queue(openBox);
    await expire(tried);
    await expire(untried);
    await makeDue(tried);
    expect(await systems.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 2 });
    expect(controller.received).toHaveLength(1);
    expect((await recorded()).map((row) => [row.status, row.detail.replace(/ .*/, '')])).toEqual([
      ['failed', 'HTTP'],
      ['failed', 'not'],
    ]);
    expect((await toldRequester()).map((message) => message.title)).toEqual([
      '开柜失败，请联系总务',
      '开柜失败，请联系总务',
    ]);
  });

  it('never retries past the lifetime: a delay that would end after it gives up now', async () => {
    controller.setMode('busy');
    const id = await systems.queue(openBox);
    await t.database.pool.query("update outbox_commands set expires_at = now() + interval '3 seconds' where id = $1", [
      id,
    ]);
    expect((await systems.attempt(id)).status).toBe('failed');
  });

  it('is tried by one instance when two passes run at once', async () => {
    controller.setMode('hang');
    const slowSystems = () =>
      createOutsideSystems({ db: t.database.db, endpoints: { cabinet: { url: controller.url, timeoutMs: 300 } } });
    const ids = [await systems.queue(openBox), await systems.queue(openBox), await systems.queue(openBox)];
    const passes = await Promise.all([slowSystems().deliverDue(), slowSystems().deliverDue()]);
    expect(passes.reduce((sum, pass) => sum + pass.retrying, 0)).toBe(3);
    expect(controller.received).toHaveLength(3);
    expect(new Set(controller.keys)).toEqual(new Set(ids.map((id) => `outbox-${id}`)));
  });

  it('leaves a target without an endpoint to an outside relay, and still gives it up when it expires', async () => {
    const cabinetOnly = createOutsideSystems({
      db: t.database.db,
      endpoints: { cabinet: { url: controller.url, timeoutMs: 2000 } },
    });
    const id = await cabinetOnly.queue(photo);
    expect(await cabinetOnly.attempt(id)).toEqual({ id, status: 'pending', message: '照片已提交，正在同步到考勤系统' });
    expect(await cabinetOnly.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(attendance.received).toEqual([]);
    await expire(id);
    expect((await cabinetOnly.deliverDue()).failed).toBe(1);
    expect((await toldRequester()).map((message) => message.title)).toEqual(['照片同步到考勤系统失败，请联系人事']);
  });

  it("answers a command's state only to the employee who asked", async () => {
    const id = await systems.queue(openBox);
    expect((await systems.stateFor(requester.id, id))?.status).toBe('pending');
    const other = await makeEmployee(t.database);
    expect(await systems.stateFor(other.id, id)).toBeUndefined();
    expect(await systems.stateFor(requester.id, id + 1000)).toBeUndefined();
  });
});
