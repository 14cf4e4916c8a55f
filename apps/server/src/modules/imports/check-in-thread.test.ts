// The checking thread kept between checks: a check answers its result and its staged lines; after a refusal (a
// damaged file) and after a check whose server side failed (the staging's database gone) the next check still
// works; checks asked for at once run one after the other, each with its own rows.
import { afterEach, describe, expect, it } from 'vitest';
import { BusinessError } from '../../core/errors';
import { type CheckHandlers, type CheckThread, createCheckThread } from './check-in-thread';
import type { CheckInput } from './check-protocol';
import type { EmployeeRef, Lookups } from './validate';

const employees = new Map<string, EmployeeRef>(
  ['100001', '100002', '100003'].map((empNo, index) => [
    empNo,
    { id: index + 1, bu: 'NT', name: `员工${index + 1}`, leftOn: null },
  ]),
);
const lookups: Lookups = { employees, values: { empType: new Map([['PS01', 'PS01']]), safetyType: new Map() } };

const csvCheck = (jobId: number, rows: string[]): CheckInput => ({
  jobId,
  file: { bytes: Buffer.from(['工号,姓名,工资单类型,实发工资', ...rows].join('\n')) },
  fileName: 'payslips.csv',
  kind: 'payslip',
  bu: 'NT',
  month: '2026-01',
  settings: { columns: {}, dateFormats: {}, valueMap: {} },
});

/** Handlers that answer the lookups and keep the staged COPY lines. */
const collecting = (overrides: Partial<CheckHandlers> = {}) => {
  const lines: string[] = [];
  const handlers: CheckHandlers = {
    onRead: async () => lookups,
    onProgress: () => {},
    onRows: async (text) => {
      lines.push(...text.split('\n').filter(Boolean));
    },
    ...overrides,
  };
  return { lines, handlers };
};

const LIMITS = { timeLimitMs: 60_000 };

let thread: CheckThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe('the checking thread', () => {
  it('checks, and checks again after a refused file and after a failed check', async () => {
    thread = createCheckThread();
    const first = collecting();
    const result = await thread.check(
      csvCheck(7, ['100001,员工1,PS01,3000.5', '100009,无此人,PS01,1']),
      first.handlers,
      LIMITS,
    );
    expect(result.validRows).toBe(1);
    expect(result.rejected.map(({ row, reason }) => ({ row, reason }))).toEqual([
      { row: 3, reason: '工号 100009 不存在' },
    ]);
    // The staged line: job, row, employee, the row's JSON without the number and name.
    expect(first.lines).toEqual(['7\t2\t1\t{"empType":"PS01","items":{"NET_PAY":3000.5}}']);

    const damaged = {
      ...csvCheck(8, []),
      file: { bytes: Buffer.from('PK\u0003\u0004 not a zip') },
      fileName: 'a.xlsx',
    };
    const refused = await thread.check(damaged, collecting().handlers, LIMITS).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusinessError);
    expect((refused as BusinessError).message).toBe('文件已损坏，无法读取');

    const failing = collecting({
      onRows: async () => {
        throw new Error('the database went away');
      },
    });
    await expect(thread.check(csvCheck(9, ['100002,员工2,PS01,1']), failing.handlers, LIMITS)).rejects.toThrow(
      'the database went away',
    );

    const after = collecting();
    const again = await thread.check(csvCheck(10, ['100003,员工3,PS01,2']), after.handlers, LIMITS);
    expect(again.validRows).toBe(1);
    expect(after.lines).toEqual(['10\t2\t3\t{"empType":"PS01","items":{"NET_PAY":2}}']);
  });

  it('runs checks asked for at once one after the other, each with its own rows', async () => {
    thread = createCheckThread();
    const [a, b] = [collecting(), collecting()];
    const results = await Promise.all([
      thread.check(csvCheck(1, ['100001,员工1,PS01,1', '100002,员工2,PS01,2']), a.handlers, LIMITS),
      thread.check(csvCheck(2, ['100003,员工3,PS01,3']), b.handlers, LIMITS),
    ]);
    expect(results.map((result) => result.validRows)).toEqual([2, 1]);
    expect(a.lines.map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual(['1 2 1', '1 3 2']);
    expect(b.lines.map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual(['2 2 3']);
  });

  it('stops a check past its time limit, refuses it with the limit, and checks again on a new thread', async () => {
    thread = createCheckThread();
    // A check that never finishes (its lookups never answer) stands for a file nobody can read in time.
    const stuck = collecting({ onRead: () => new Promise<Lookups>(() => {}) });
    const refused = await thread
      .check(csvCheck(11, ['100001,员工1,PS01,1']), stuck.handlers, { timeLimitMs: 1000 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusinessError);
    expect((refused as BusinessError).message).toBe(
      '文件处理超过 1 秒 仍未完成，已停止，数据未作任何修改。请检查文件是否过大或格式异常，拆分后重新上传',
    );
    const after = collecting();
    expect((await thread.check(csvCheck(12, ['100002,员工2,PS01,2']), after.handlers, LIMITS)).validRows).toBe(1);
  });
});
