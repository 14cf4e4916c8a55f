// Housekeeping removes only what has expired: old idempotency keys and stale login failure counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { deleteExpiredIdempotencyKeys } from '../core/idempotency';
import { deleteStaleLoginFailures } from './housekeeping';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const accounts = async () =>
  (await t.database.pool.query<{ account: string }>('select account from login_failures order by account')).rows.map(
    (row) => row.account,
  );

describe('housekeeping', () => {
  it('forgets login failures that are neither locked nor recent, and keeps the others', async () => {
    await t.database.pool.query(
      `insert into login_failures (account, failures, last_failed_at, locked_until) values
         ('hk-old', 2, now() - interval '1 hour', null),
         ('hk-recent', 2, now() - interval '1 minute', null),
         ('hk-locked', 0, now() - interval '1 hour', now() + interval '5 minutes'),
         ('hk-unlocked', 0, now() - interval '1 hour', now() - interval '5 minutes')`,
    );
    await deleteStaleLoginFailures(t.database.db, 15);
    expect(await accounts()).toEqual(['hk-locked', 'hk-recent']);
  });

  it('removes idempotency keys older than a day only', async () => {
    const employee = await makeEmployee(t.database);
    await t.database.pool.query(
      `insert into idempotency_keys (employee_id, key, action, answer, created_at) values
         ($1, 'old-key-000001', 'x', 'null', now() - interval '25 hours'),
         ($1, 'new-key-000001', 'x', 'null', now() - interval '23 hours')`,
      [employee.id],
    );
    await deleteExpiredIdempotencyKeys(t.database.db);
    const { rows } = await t.database.pool.query('select key from idempotency_keys where employee_id = $1', [
      employee.id,
    ]);
    expect(rows).toEqual([{ key: 'new-key-000001' }]);
  });
});
