// A write that fails in the database is logged as what failed and why (PostgreSQL's code, the constraint, the
// statement's verb and table), never with the employee's text or numbers that the statement carried.
import { Writable } from 'node:stream';
import { routes } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildApp } from '../app';
import { safeError } from '../core/safe-error';
import { withTransaction } from '../db/transaction';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MARK = '请勿泄露的反馈内容';
const ACCOUNT = '6222021234567890123';

/** An app on the test database whose log lines (JSON) the test reads. */
const appWritingLog = async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({ config: { ...t.config, LOG_LEVEL: 'info' }, database: t.database, logStream });
  await app.ready();
  return { app, lines };
};

describe('the log of a failed write', () => {
  it('names the statement, the code and the constraint, and holds no parameter value, in a few hundred bytes', async () => {
    const { app, lines } = await appWritingLog();
    try {
      // The database refuses this feedback (a check constraint stands in for a full disk or a broken table).
      await t.database.pool.query(
        `alter table notices add constraint refuses_the_mark check (description not like '%${MARK}%')`,
      );
      const token = await t.login('100001');
      const response = await app.inject({
        method: 'POST',
        url: `/api/${routes.modifyNotice.path}`,
        headers: { token },
        payload: { NoticeType: 'AppSalary', NoticeDesc: `${MARK} 卡号 ${ACCOUNT} ${'很长的描述'.repeat(100)}` },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ result: false, msg: '服务器繁忙，请稍后重试' });

      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
      expect(failure?.err).toMatchObject({
        message: 'failed query: insert into "notices"',
        statement: 'insert into "notices"',
        cause: { code: '23514', constraint: 'refuses_the_mark', table: 'notices' },
      });
      const everything = lines.join('\n');
      for (const secret of [MARK, ACCOUNT, '很长的描述', 'params', 'Failing row'])
        expect(everything).not.toContain(secret);
      for (const line of lines) expect(line.length).toBeLessThan(4000);
    } finally {
      await t.database.pool.query('alter table notices drop constraint if exists refuses_the_mark');
      await app.close();
    }
  });

  it('logs work after a commit that failed with its task, statement and error, and without the values', async () => {
    const { app, lines } = await appWritingLog();
    try {
      const result = await withTransaction(t.database.db, async (_tx, afterCommit) => {
        afterCommit(() => t.database.db.execute(sql`insert into notices (id) values (${ACCOUNT}::int)`), 'tell HR');
        return 'committed';
      });
      expect(result).toBe('committed');
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
      expect(failure).toMatchObject({
        msg: 'after-commit task failed',
        task: 'tell HR',
        err: { statement: 'insert into notices' },
      });
      expect(lines.join('\n')).not.toContain(ACCOUNT);
    } finally {
      await app.close();
    }
  });

  it('drops a value PostgreSQL echoes in its message, and the row in its detail', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "6222021234567890123"'), {
      code: '22P02',
      detail: 'Key (bank_no)=(6222021234567890123) already exists.',
      where: "unnamed portal parameter $1 = '6222021234567890123'",
    });
    const described = JSON.stringify(safeError(error));
    expect(described).not.toContain('6222021234567890123');
    expect(safeError(error)).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "…"' });
    expect(safeError(new Error('value "6222021234567890123" is out of range for type integer')).message).toBe(
      'value "…" is out of range for type integer',
    );
  });
});
