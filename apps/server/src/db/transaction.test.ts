// withTransaction: the change and its audit row commit together; work queued for after the commit runs
// only once the change is durable, and never for a change that rolled back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { recordAudit } from '../core/audit';
import { sendMessages } from '../core/messages';
import { createInProcessNotifier, type Notification } from '../core/notifier';
import { messages } from './schema/index';
import { withTransaction } from './transaction';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const countMessages = async (employeeId: number) =>
  Number(
    (await t.database.pool.query('select count(*) as n from messages where employee_id = $1', [employeeId])).rows[0]?.n,
  );

describe('withTransaction', () => {
  it('runs after-commit work once the rows are visible to everyone', async () => {
    const employee = await makeEmployee(t.database);
    const seenAfterCommit: number[] = [];
    await withTransaction(t.database.db, async (tx, afterCommit) => {
      await tx.insert(messages).values({ employeeId: employee.id, title: '审核结果', body: '已通过' });
      await recordAudit(tx, { action: 'person.update', subject: { type: 'employee', id: employee.id } });
      afterCommit(async () => {
        // Another connection (as a push to a phone would lead to) already sees the message.
        seenAfterCommit.push(await countMessages(employee.id));
      });
      expect(seenAfterCommit).toEqual([]);
    });
    expect(seenAfterCommit).toEqual([1]);
  });

  it('rolls back the change and its audit row together and runs no after-commit work', async () => {
    const employee = await makeEmployee(t.database);
    let hasPushed = false;
    await expect(
      withTransaction(t.database.db, async (tx, afterCommit) => {
        await tx.insert(messages).values({ employeeId: employee.id, title: '审核结果' });
        await recordAudit(tx, { action: 'person.unlock', subject: { type: 'employee', id: employee.id } });
        afterCommit(() => {
          hasPushed = true;
        });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(hasPushed).toBe(false);
    expect(await countMessages(employee.id)).toBe(0);
    const audit = await t.database.pool.query(
      "select 1 from audit_log where action = 'person.unlock' and subject_id = $1",
      [String(employee.id)],
    );
    expect(audit.rowCount).toBe(0);
  });

  it('answers the committed result even when after-commit work fails', async () => {
    const result = await withTransaction(t.database.db, async (_tx, afterCommit) => {
      afterCommit(() => {
        throw new Error('the push failed');
      });
      return 'committed';
    });
    expect(result).toBe('committed');
  });
});

describe('sendMessages', () => {
  it('writes the messages in the transaction and announces them after the commit, not after a rollback', async () => {
    const [first, second] = [await makeEmployee(t.database), await makeEmployee(t.database)];
    const notifier = createInProcessNotifier();
    const heard: { notification: Notification; stored: number }[] = [];
    notifier.subscribe((notification) => {
      void countMessages(first.id).then((stored) => heard.push({ notification, stored }));
    });
    const employeeIds = [first.id, second.id];
    await withTransaction(t.database.db, async (tx, afterCommit) => {
      await sendMessages({ tx, afterCommit, notifier }, { to: { employeeIds }, title: '资料审核通过' });
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual({
      notification: { employeeIds, kind: 'messages', payload: { content: '资料审核通过' } },
      stored: 1,
    });

    await expect(
      withTransaction(t.database.db, async (tx, afterCommit) => {
        await sendMessages({ tx, afterCommit, notifier }, { to: { employeeIds }, title: '不会送达' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(heard).toHaveLength(1);
    expect(await countMessages(second.id)).toBe(1);
  });
});
