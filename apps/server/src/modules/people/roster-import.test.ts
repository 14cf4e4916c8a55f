// The roster import (员工花名册) through the real import engine: new numbers become employees of the plant, known ones
// of the plant are updated in the columns the file has, another plant's are refused; a rollback deletes the new
// employees and puts the updated rows back.
import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import type { ImportJob } from '@ess/contract/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { postMultipart } from '../../../test/uploads';

let t: TestContext;
let hr: string;
beforeAll(async () => {
  t = await createTestContext();
  hr = await t.login('900001');
});
afterAll(() => t.close());

const xlsx = (rows: unknown[][]) => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const settled = async (id: number) => {
  for (let attempt = 0; attempt < 400; attempt++) {
    await t.app.importRunner.idle();
    const job = (await t.call(routes.getImportJob, { id }, hr)).body.data as ImportJob;
    const { rows } = await t.database.pool.query('select is_commit_requested from import_jobs where id = $1', [id]);
    if (['done', 'failed', 'rolledBack'].includes(job.status)) return job;
    if (job.status === 'ready' && rows[0]?.is_commit_requested !== 1) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} never settled`);
};

const employeeByNo = async (empNo: string) =>
  (
    await t.database.pool.query(
      'select name, bu, dept_name, title_name, emp_type, enter_date::text, left_on from employees where emp_no = $1',
      [empNo],
    )
  ).rows[0];

describe('the roster import', () => {
  it('creates and updates the plant’s employees, refuses another plant’s, and rolls back', async () => {
    const known = await makeEmployee(t.database, { plant: 'HZ', name: '老员工' });
    const elsewhere = await makeEmployee(t.database, { plant: 'NT' });
    const file = xlsx([
      ['工号', '姓名', '部门', '岗位', '工资单类型', '入职日期'],
      ['R0001', '新人甲', '总装车间', '操作工', 'PS02', '2026-10-08'],
      [known.empNo, '老员工改名', '仓库', '', '', ''],
      [elsewhere.empNo, '别厂的人', '', '', '', ''],
      ['R0001', '重复', '', '', '', ''],
    ]);
    const uploaded = await postMultipart(
      t.app,
      'Import/Upload',
      [
        { field: 'bu', value: 'HZ' },
        { field: 'kind', value: 'employees' },
        { field: 'file', file, filename: '花名册.xlsx' },
      ],
      hr,
    );
    expect(uploaded.body).toMatchObject({ result: true });
    const id = (uploaded.body.data as { id: number }).id;
    const checked = await settled(id);
    expect(checked.status).toBe('ready');
    expect(checked.rejected.map((row) => row.reason)).toEqual([
      `工号 ${elsewhere.empNo} 属于NT厂，不属于本次导入的HZ厂`,
      '与第 2 行重复',
    ]);
    expect((await t.call(routes.commitImport, { id }, hr)).body.result).toBe(true);
    expect((await settled(id)).status).toBe('done');
    expect(await employeeByNo('R0001')).toMatchObject({
      name: '新人甲',
      bu: 'HZ',
      dept_name: '总装车间',
      title_name: '操作工',
      emp_type: 'PS02',
      enter_date: '2026-10-08',
    });
    // Only the columns with a value change; the title stays as it was.
    expect(await employeeByNo(known.empNo)).toMatchObject({
      name: '老员工改名',
      dept_name: '仓库',
      title_name: '操作工',
    });
    // The new employee is in 员工与账号 and gets a reset code to sign in for the first time.
    const found = await t.call(routes.searchPeople, { empNo: 'R0001' }, hr);
    expect(found.body.data).toMatchObject([{ name: '新人甲', roles: ['Employee'] }]);
    const code = await t.call(routes.issuePersonResetCode, { id: found.body.data[0]?.id }, hr);
    expect((await t.call(routes.resetPassword, { code: code.body.data.code })).body.result).toBe(true);

    expect((await t.call(routes.rollbackImport, { id }, hr)).body.result).toBe(true);
    expect(await employeeByNo('R0001')).toBeUndefined();
    expect(await employeeByNo(known.empNo)).toMatchObject({ name: '老员工', dept_name: '总装车间' });
  });

  it('of a new plant’s thousands refreshes the table’s statistics at once, before autovacuum would', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => [`S${String(index).padStart(5, '0')}`, `新员工${index}`]);
    const reltuples = async () =>
      Number(
        (await t.database.pool.query(`select reltuples from pg_class where relname = 'employees'`)).rows[0].reltuples,
      );
    expect(await reltuples()).toBeLessThan(3000);
    const uploaded = await postMultipart(
      t.app,
      'Import/Upload',
      [
        { field: 'bu', value: 'GT' },
        { field: 'kind', value: 'employees' },
        { field: 'file', file: xlsx([['工号', '姓名'], ...rows]), filename: '花名册.xlsx' },
      ],
      hr,
    );
    const id = (uploaded.body.data as { id: number }).id;
    expect((await settled(id)).status).toBe('ready');
    expect((await t.call(routes.commitImport, { id }, hr)).body.result).toBe(true);
    expect((await settled(id)).status).toBe('done');
    // The planner now counts them: a message to all of them plans an index lookup per row, not a scan.
    expect(await reltuples()).toBeGreaterThanOrEqual(3000);
  });
});
