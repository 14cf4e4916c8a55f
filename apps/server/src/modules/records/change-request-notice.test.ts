// A change request names its notice by a foreign key (migration 0014): existing references to a notice that is gone
// are cleared by the migration before the key is added, and a notice removed leaves its request without one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

const MIGRATION = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle/0014_change_request_notice.sql',
);
const CONSTRAINT = 'change_requests_notice_id_notices_id_fk';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const insertRequest = (
  client: { query: TestContext['database']['pool']['query'] },
  employeeId: number,
  noticeId: number,
) =>
  client.query<{ id: number }>(
    `insert into change_requests (employee_id, bu, kind, record_sets, base_versions, proposed, notice_id)
     values ($1, 'NT', 'APP_EDIT_BANK', '{bank}', '{}', '{}', $2) returning id`,
    [employeeId, noticeId],
  );

describe('the foreign key from a change request to its notice', () => {
  it('is in place', async () => {
    const { rows } = await t.database.pool.query(
      `select confdeltype from pg_constraint where conname = $1 and conrelid = 'change_requests'::regclass`,
      [CONSTRAINT],
    );
    expect(rows).toEqual([{ confdeltype: 'n' }]); // on delete set null
  });

  it('refuses a notice that does not exist', async () => {
    const employee = await makeEmployee(t.database);
    await expect(insertRequest(t.database.pool, employee.id, 2_000_000_000)).rejects.toThrow(CONSTRAINT);
  });

  it('leaves a request without its notice when the notice is removed', async () => {
    const employee = await makeEmployee(t.database);
    const { rows: notices } = await t.database.pool.query<{ id: number }>(
      `insert into notices (employee_id, bu, notice_type) values ($1, 'NT', 'APP_EDIT_BANK') returning id`,
      [employee.id],
    );
    const noticeId = notices[0]?.id as number;
    const { rows } = await insertRequest(t.database.pool, employee.id, noticeId);
    await t.database.pool.query('delete from notices where id = $1', [noticeId]);
    const { rows: after } = await t.database.pool.query('select notice_id from change_requests where id = $1', [
      rows[0]?.id,
    ]);
    expect(after).toEqual([{ notice_id: null }]);
  });

  it('is added by the migration on data with dangling references, which it clears first', async () => {
    const employee = await makeEmployee(t.database);
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      // The database as it was before the migration, with a reference to a notice that is gone.
      await client.query(`alter table change_requests drop constraint ${CONSTRAINT}`);
      const { rows } = await insertRequest(client, employee.id, 2_000_000_001);
      for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
        await client.query(statement);
      }
      const { rows: after } = await client.query('select notice_id from change_requests where id = $1', [rows[0]?.id]);
      expect(after).toEqual([{ notice_id: null }]);
      const { rows: constraints } = await client.query('select 1 from pg_constraint where conname = $1', [CONSTRAINT]);
      expect(constraints).toHaveLength(1);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
