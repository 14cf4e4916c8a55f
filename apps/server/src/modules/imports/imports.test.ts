// The monthly imports through the real server: real workbooks written here (.xlsx, .xls, GBK CSV), rejected rows
// with their reasons, value mapping, idempotent re-import, rollback, a crafted workbook refused without harm, and
// the plant scope: an HRAdmin of NT (900002) can neither read nor change HZ's imports.

import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import type { ImportJob } from '@ess/contract/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { postMultipart } from '../../../test/uploads';

let t: TestContext;
let allPlants: string; // 900001: HRAdmin of every plant
let ntOnly: string; // 900002: HRAdmin of NT only
beforeAll(async () => {
  t = await createTestContext();
  allPlants = await t.login('900001');
  ntOnly = await t.login('900002');
});
afterAll(() => t.close());

const MONTH = '2025-03';

const xlsx = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx') => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
};

const upload = async (
  token: string,
  {
    bu,
    kind,
    month = MONTH,
    file,
    fileName,
  }: { bu: string; kind: string; month?: string; file: Buffer; fileName: string },
  context: TestContext = t,
) =>
  postMultipart(
    context.app,
    'Import/Upload',
    [
      { field: 'bu', value: bu },
      { field: 'kind', value: kind },
      ...(month ? [{ field: 'month', value: month }] : []),
      { field: 'file', file, filename: fileName },
    ],
    token,
  );

const job = async (id: number, token = allPlants) => {
  const answer = await t.call(routes.getImportJob, { id }, token);
  expect(answer.body.result).toBe(true);
  return answer.body.data as ImportJob;
};

/** Waits until the worker has nothing more to do on the job. */
const settled = async (id: number) => {
  for (let attempt = 0; attempt < 600; attempt++) {
    await t.app.importRunner.idle();
    const current = await job(id);
    if (['ready', 'done', 'failed', 'rolledBack'].includes(current.status) && !['queued'].includes(current.status)) {
      if (current.status !== 'ready' || !(await isCommitPending(id))) return current;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} never settled`);
};
const isCommitPending = async (id: number) =>
  (await t.database.pool.query('select is_commit_requested from import_jobs where id = $1', [id])).rows[0]
    ?.is_commit_requested === 1;

const uploaded = async (token: string, options: Parameters<typeof upload>[1]) => {
  const answer = await upload(token, options);
  expect(answer.body).toMatchObject({ result: true });
  return settled((answer.body.data as { id: number }).id);
};

const commit = async (id: number, token = allPlants) => {
  const answer = await t.call(routes.commitImport, { id }, token);
  expect(answer.body).toMatchObject({ result: true });
  return settled(id);
};

const payslipOf = async (employeeId: number, month = MONTH) =>
  (
    await t.database.pool.query<{ emp_type: string; items: Record<string, number>; batch_id: number | null }>(
      'select emp_type, items, batch_id from payslips where employee_id = $1 and year_month = $2',
      [employeeId, month],
    )
  ).rows[0];

const HEADERS = ['工号', '姓名', '工资单类型', '基本工资', '加班费', '应发工资', '实发工资'];

describe('payslip import', () => {
  it('reads an .xlsx, rejects rows with their reasons, lists unknown values once, commits and re-imports idempotently', async () => {
    const a = await makeEmployee(t.database, { plant: 'HZ', name: '甲' });
    const b = await makeEmployee(t.database, { plant: 'HZ', name: '乙' });
    const other = await makeEmployee(t.database, { plant: 'NT', name: '丙' });
    const file = xlsx([
      HEADERS,
      [a.empNo, '甲', 'PS01', 3000, 200.5, 3200.5, 2900],
      [b.empNo, '乙', '普工', 3100, 0, 3100, 2800],
      ['999999999', '某', 'PS01', 1, 1, 1, 1],
      [other.empNo, '丙', 'PS01', 1, 1, 1, 1],
      [a.empNo, '甲', 'PS01', 3000, 200.5, 3200.5, 2900],
      [b.empNo, '乙', 'PS02', 'abc', 0, 3100, 2800],
      [b.empNo, '乙', '普工', 3100, 0, 3100, 2800],
    ]);
    const ready = await uploaded(allPlants, { bu: 'HZ', kind: 'payslip', file, fileName: '工资.xlsx' });
    expect(ready.status).toBe('ready');
    expect(ready.totalRows).toBe(7);
    expect(ready.validRows).toBe(1);
    expect(ready.rejected).toEqual([
      { row: 3, reason: expect.stringContaining('工资单类型“普工”未知') },
      { row: 4, reason: '工号 999999999 不存在' },
      { row: 5, reason: `工号 ${other.empNo} 属于NT厂，不属于本次导入的HZ厂` },
      { row: 6, reason: '与第 2 行重复' },
      { row: 7, reason: '金额“abc”不是数字' },
      { row: 8, reason: expect.stringContaining('工资单类型“普工”未知') },
    ]);
    expect(ready.unknownValues).toEqual([
      { field: 'empType', label: '工资单类型', value: '普工', count: 2, rows: [3, 8] },
    ]);

    // The rejected rows as a workbook with 错误原因, to fix and upload again.
    const rejected = await t.call(routes.getRejectedRows, { id: ready.id }, allPlants);
    const book = XLSX.read(Buffer.from(rejected.body.data.contentBase64, 'base64'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(rows[0]).toEqual(['行号', ...HEADERS, '错误原因']);
    expect(rows[2]).toEqual(['4', '999999999', '某', 'PS01', '1', '1', '1', '1', '工号 999999999 不存在']);

    // 普工 means PS01: mapped once, checked again, remembered for the plant's next payslip import.
    const remap = await t.call(
      routes.remapImport,
      { id: ready.id, valueMap: { empType: { 普工: 'PS01' } } },
      allPlants,
    );
    expect(remap.body).toEqual({ result: true, msg: '已保存映射，正在重新校验', data: null });
    const remapped = await settled(ready.id);
    expect(remapped.validRows).toBe(2);
    expect(remapped.unknownValues).toEqual([]);

    const done = await commit(ready.id);
    expect(done.status).toBe('done');
    expect(await payslipOf(a.id)).toMatchObject({
      emp_type: 'PS01',
      items: { BASIC_PAY: 3000, OVERTIME_PAY: 200.5, GROSS_PAY: 3200.5, NET_PAY: 2900 },
    });
    expect((await payslipOf(b.id))?.emp_type).toBe('PS01');

    // The same month again, one employee only: replaces that employee's row, leaves the other's.
    const again = await uploaded(allPlants, {
      bu: 'HZ',
      kind: 'payslip',
      file: xlsx([HEADERS, [a.empNo, '甲', '生产人员', 3500, 0, 3500, 3100]]),
      fileName: '工资2.xlsx',
    });
    await commit(again.id);
    expect((await payslipOf(a.id))?.items).toEqual({
      BASIC_PAY: 3500,
      OVERTIME_PAY: 0,
      GROSS_PAY: 3500,
      NET_PAY: 3100,
    });
    expect((await payslipOf(b.id))?.items.BASIC_PAY).toBe(3100);
    const count = await t.database.pool.query('select count(*)::int as n from payslips where employee_id = $1', [a.id]);
    expect(count.rows[0].n).toBeGreaterThanOrEqual(1);

    // The first import can only be rolled back after the later one of the same month.
    const refused = await t.call(routes.rollbackImport, { id: ready.id }, allPlants);
    expect(refused.body).toMatchObject({
      result: false,
      msg: `该月数据已被之后的导入 #${again.id} 覆盖，请先回滚那次导入`,
    });
    expect((await t.call(routes.rollbackImport, { id: again.id }, allPlants)).body).toEqual({
      result: true,
      msg: '已回滚',
      data: null,
    });
    expect((await payslipOf(a.id))?.items.BASIC_PAY).toBe(3000);
    expect((await t.call(routes.rollbackImport, { id: ready.id }, allPlants)).body).toMatchObject({ result: true });
    expect(await payslipOf(a.id)).toBeUndefined();
    expect(await payslipOf(b.id)).toBeUndefined();

    const audit = await t.database.pool.query<{ action: string }>(
      "select action from audit_log where subject_type = 'import' and subject_id = $1 order by id",
      [String(ready.id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'import.upload',
      'import.remap',
      'import.commit-request',
      'import.commit',
      'import.rollback',
    ]);
  });

  it('tells the clerk when a check is ready to confirm and when the commit is done', async () => {
    const a = await makeEmployee(t.database, { plant: 'GT' });
    const file = xlsx([
      HEADERS,
      [a.empNo, '', 'PS02', '4000', '0', '4000', '3600'],
      ['X404', '', 'PS02', '1', '0', '1', '1'],
    ]);
    const first = await uploaded(allPlants, { bu: 'GT', kind: 'payslip', month: '2025-06', file, fileName: 'c.xlsx' });
    expect(first).toMatchObject({ validRows: 1, rejectedRows: 1 });
    const { rows: clerk } = await t.database.pool.query<{ id: number }>(
      "select id from employees where emp_no = '900001'",
    );
    const messagesOfClerk = async () =>
      (
        await t.database.pool.query<{ title: string; body: string; link: string }>(
          "select title, body, link from messages where employee_id = $1 and title like '导入%：工资单 2025-06' order by id",
          [clerk[0]?.id],
        )
      ).rows;
    expect(await messagesOfClerk()).toEqual([
      {
        title: '导入待确认：工资单 2025-06',
        body: '有效 1 行，被拒绝 1 行，请在数据导入中确认。',
        link: '/admin/imports',
      },
    ]);
    await commit(first.id);
    expect((await messagesOfClerk()).at(-1)).toEqual({
      title: '导入完成：工资单 2025-06',
      body: '已写入 1 行。',
      link: '/admin/imports',
    });
  });

  it('remembers a manual column mapping for the next month', async () => {
    const a = await makeEmployee(t.database, { plant: 'GT' });
    const file = xlsx([
      ['员工号码', '类型', '底薪'],
      [a.empNo, 'PS02', '4000'],
    ]);
    const first = await uploaded(allPlants, { bu: 'GT', kind: 'payslip', file, fileName: 'a.xlsx' });
    expect(first.missingFields).toEqual(['empNo', 'empType']);
    expect(first.message).toBe('缺少必填列：工号、工资单类型，请指定对应的列');
    expect((await t.call(routes.commitImport, { id: first.id }, allPlants)).body).toMatchObject({
      result: false,
      msg: '还有必填列未指定，请先完成列映射',
    });
    await t.call(
      routes.remapImport,
      { id: first.id, columns: { 员工号码: 'empNo', 类型: 'empType', 底薪: 'BASIC_PAY' } },
      allPlants,
    );
    expect((await settled(first.id)).validRows).toBe(1);
    const next = await uploaded(allPlants, { bu: 'GT', kind: 'payslip', month: '2025-04', file, fileName: 'b.xlsx' });
    expect(next.missingFields).toEqual([]);
    expect(next.columns.filter((column) => column.isManual).map((column) => column.field)).toEqual([
      'empNo',
      'empType',
      'BASIC_PAY',
    ]);
  });

  it('reads a legacy .xls and a GBK CSV, keeps 18-digit numbers whole and refuses a bad month', async () => {
    const a = await makeEmployee(t.database, { plant: 'BJ', name: '王芳' });
    const xls = await uploaded(allPlants, {
      bu: 'BJ',
      kind: 'payslip',
      file: xlsx(
        [
          ['工号', '月份', '工资单类型', '基本工资'],
          [a.empNo, MONTH, 'PS01', 2600],
        ],
        'biff8',
      ),
      fileName: 'legacy.xls',
    });
    expect(xls.validRows).toBe(1);

    const gbk = Buffer.from(
      new Uint8Array(
        // 工号,姓名,月份,工资单类型,实发工资 in GBK, then three rows.
        [
          ...encodeGbk('工号,姓名,月份,工资单类型,实发工资\r\n'),
          ...encodeGbk(`${a.empNo},王芳,2025-3,PS01,"1,234.50"\r\n`),
          ...encodeGbk(`${a.empNo},王芳,2025-13,PS01,1\r\n`),
          ...encodeGbk('123456789012345678,某,2025-03,PS01,1\r\n'),
        ],
      ),
    );
    const csv = await uploaded(allPlants, { bu: 'BJ', kind: 'payslip', file: gbk, fileName: 'gbk.csv' });
    expect(csv.preview[0]?.values).toMatchObject({ name: '王芳', month: MONTH, NET_PAY: '1234.5' });
    expect(csv.rejected).toEqual([
      { row: 3, reason: '月份“2025-13”无效，应为 yyyy-MM' },
      { row: 4, reason: '工号 123456789012345678 不存在' },
    ]);

    // The same GBK bytes behind a UTF-8 byte-order mark, as some tools write: still read as GBK.
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), gbk]);
    const bom = await uploaded(allPlants, { bu: 'BJ', kind: 'payslip', file: withBom, fileName: 'gbk-bom.csv' });
    expect(bom.missingFields).toEqual([]);
    expect(bom.preview[0]?.values).toMatchObject({ name: '王芳', month: MONTH, NET_PAY: '1234.5' });
  });
});

/** GBK bytes of the few characters these tests use. */
const GBK: Record<string, number[]> = {
  工: [0xb9, 0xa4],
  号: [0xba, 0xc5],
  姓: [0xd0, 0xd5],
  名: [0xc3, 0xfb],
  月: [0xd4, 0xc2],
  份: [0xb7, 0xdd],
  资: [0xd7, 0xca],
  单: [0xb5, 0xa5],
  类: [0xc0, 0xe0],
  型: [0xd0, 0xcd],
  实: [0xca, 0xb5],
  发: [0xb7, 0xa2],
  王: [0xcd, 0xf5],
  芳: [0xb7, 0xbc],
  某: [0xc4, 0xb3],
};
const encodeGbk = (text: string) => [...text].flatMap((char) => GBK[char] ?? [...Buffer.from(char)]);

describe('other kinds', () => {
  it('imports attendance with an explicit date format and refuses dates outside the month', async () => {
    const a = await makeEmployee(t.database, { plant: 'AQ' });
    const file = xlsx([
      ['工号', '日期', '上班时间', '下班时间'],
      [a.empNo, '05/03/2025', '07:50', '17:40'],
      [a.empNo, '06/04/2025', '07:50', '17:40'],
      [a.empNo, '2025-03-07', '07:50', '17:40'],
    ]);
    const first = await uploaded(allPlants, { bu: 'AQ', kind: 'attendance', file, fileName: 'att.xlsx' });
    // Read as yyyy-MM-dd, the default: the two day-first dates are refused, not guessed.
    expect(first.validRows).toBe(1);
    expect(first.rejected[0]?.reason).toBe('日期“05/03/2025”不是 yyyy-MM-dd 格式的有效日期');
    await t.call(routes.remapImport, { id: first.id, dateFormats: { attDate: 'dd/MM/yyyy' } }, allPlants);
    const again = await settled(first.id);
    expect(again.validRows).toBe(1);
    expect(again.rejected.map((row) => row.reason)).toEqual([
      '日期不在导入月份 2025-03 内',
      '日期“2025-03-07”不是 dd/MM/yyyy 格式的有效日期',
    ]);
    await commit(first.id);
    const { rows } = await t.database.pool.query(
      "select to_char(att_date, 'YYYY-MM-DD') as d, start_time::text as s from attendance_days where employee_id = $1",
      [a.id],
    );
    expect(rows).toEqual([{ d: '2025-03-05', s: '07:50:00' }]);
  });

  it('imports meal lines with the month’s deduction, dormitory costs, cabinets and safety issues', async () => {
    const a = await makeEmployee(t.database, { plant: 'LZ' });
    const meals = await uploaded(allPlants, {
      bu: 'LZ',
      kind: 'meals',
      file: xlsx([
        ['工号', '消费时间', '消费金额', '补贴金额'],
        [a.empNo, '2025-03-03 11:30', 14, 4],
        [a.empNo, '2025-03-03 17:30', 12, 0],
      ]),
      fileName: 'meals.xlsx',
    });
    await commit(meals.id);
    const month = await t.database.pool.query('select deduction_amt from meal_months where employee_id = $1', [a.id]);
    expect(month.rows).toEqual([{ deduction_amt: '22.00' }]);

    const dorm = await uploaded(allPlants, {
      bu: 'LZ',
      kind: 'dormitory',
      file: xlsx([
        ['工号', '水费', '电费', '住宿费'],
        [a.empNo, 20.5, 60, 120],
      ]),
      fileName: 'dorm.xlsx',
    });
    expect((await commit(dorm.id)).status).toBe('done');

    const cabinet = await uploaded(allPlants, {
      bu: 'LZ',
      kind: 'cabinet',
      month: '',
      file: xlsx([
        ['工号', '柜号', '区域'],
        [a.empNo, '017', 'LZ 厂区 1 号更衣室'],
      ]),
      fileName: 'cab.xlsx',
    });
    expect((await commit(cabinet.id)).status).toBe('done');
    const cabinets = await t.database.pool.query('select case_no from cabinets where employee_id = $1', [a.id]);
    expect(cabinets.rows).toEqual([{ case_no: '017' }]);

    const safety = await uploaded(allPlants, {
      bu: 'LZ',
      kind: 'safety',
      file: xlsx([
        ['工号', '检查日期', '问题描述', '问题类型', '不良数量'],
        [a.empNo, '2025-03-12', '未佩戴安全帽', '人的不安全行为', 1],
        [a.empNo, '2025-03-13', '通道堵塞', '不存在的类型', 1],
      ]),
      fileName: 'ehs.xlsx',
    });
    expect(safety.unknownValues.map((value) => value.value)).toEqual(['不存在的类型']);
    await t.call(routes.remapImport, { id: safety.id, valueMap: { typeCode: { 不存在的类型: '' } } }, allPlants);
    const skipped = await settled(safety.id);
    expect(skipped.rejected[0]?.reason).toBe('问题类型“不存在的类型”已设为跳过');
    await commit(safety.id);
    const issues = await t.database.pool.query('select type_code from safety_issues where employee_id = $1', [a.id]);
    expect(issues.rows).toEqual([{ type_code: 'EHS01' }]);
  });
});

describe('a large sheet', () => {
  it('imports 80,000 rows in one transaction', { timeout: 180_000 }, async () => {
    const ROWS = 80_000;
    await t.database.pool.query(`
      insert into employees (emp_no, name, bu, emp_type, password_hash)
      select 'L' || lpad(g::text, 6, '0'), '员工', 'NY', 'PS01', 'x' from generate_series(1, ${ROWS}) as g`);
    const rows: unknown[][] = [['工号', '工资单类型', '基本工资', '实发工资']];
    for (let index = 1; index <= ROWS; index++) rows.push([`L${String(index).padStart(6, '0')}`, 'PS01', 3000, 2800.5]);
    const done = await uploaded(allPlants, { bu: 'NY', kind: 'payslip', file: xlsx(rows), fileName: 'big.xlsx' });
    expect(done).toMatchObject({ status: 'ready', totalRows: ROWS, validRows: ROWS, rejectedRows: 0 });
    await commit(done.id);
    const { rows: count } = await t.database.pool.query(
      "select count(*)::int as n from payslips p join employees e on e.id = p.employee_id where e.bu = 'NY' and p.year_month = $1 and e.emp_no like 'L%'",
      [MONTH],
    );
    expect(count[0].n).toBe(ROWS);
  });
});

describe('refusals', () => {
  it('refuses a crafted workbook without harm: huge declared dimensions and prototype-pollution headers', async () => {
    const a = await makeEmployee(t.database, { plant: 'JY' });
    const sheet = XLSX.utils.aoa_to_sheet([
      ['工号', '__proto__', 'constructor', '工资单类型'],
      [a.empNo, '{"polluted":1}', 'x', 'PS01'],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Sheet1');
    // The sheet's XML then declares the largest sheet Excel has (16,384 columns × 1,048,576 rows).
    const zip = XLSX.CFB.read(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }), { type: 'buffer' });
    const entry = zip.FileIndex[zip.FullPaths.findIndex((name: string) => name.endsWith('sheet1.xml'))] as {
      content: Buffer;
      size: number;
    };
    const xml = Buffer.from(entry.content)
      .toString()
      .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>');
    expect(xml).toContain('A1:XFD1048576');
    entry.content = Buffer.from(xml);
    entry.size = entry.content.length;
    const file = XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer;
    const started = Date.now();
    const crafted = await uploaded(allPlants, { bu: 'JY', kind: 'payslip', file, fileName: 'crafted.xlsx' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(crafted.validRows).toBe(1);
    expect(crafted.columns.map((column) => column.field)).toEqual(['empNo', null, null, 'empType']);
    // A mapping of the header __proto__ is a mapping like any other: no prototype is touched.
    const remap = await t.call(
      routes.remapImport,
      { id: crafted.id, columns: JSON.parse('{"__proto__":"empNo"}') },
      allPlants,
    );
    expect(remap.status).toBeLessThan(500);
    expect((await settled(crafted.id)).validRows).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // A zip declaring parts far larger than allowed (a zip bomb) is refused before it is unpacked.
    const bomb = Buffer.from(file);
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const central = bomb.readUInt32LE(end + 16);
    bomb.writeUInt32LE(0xfffffff0, central + 24);
    const refused = await uploaded(allPlants, { bu: 'JY', kind: 'payslip', file: bomb, fileName: 'bomb.xlsx' });
    expect(refused).toMatchObject({ status: 'failed', message: '文件解压后过大，无法导入' });

    const wrong = await upload(allPlants, {
      bu: 'JY',
      kind: 'payslip',
      file: Buffer.from('%PDF-1.4'),
      fileName: 'x.xlsx',
    });
    const failed = await settled((wrong.body.data as { id: number }).id);
    expect(failed).toMatchObject({ status: 'failed', message: '文件类型不支持，请上传 .xlsx、.xls 或 .csv 文件' });
  });

  it('refuses bad input with a Chinese message and never a 5xx', async () => {
    const noMonth = await upload(allPlants, {
      bu: 'NT',
      kind: 'payslip',
      month: '',
      file: xlsx([['工号']]),
      fileName: 'a.xlsx',
    });
    expect(noMonth).toMatchObject({ status: 200, body: { result: false, msg: '请选择导入月份' } });
    const badKind = await upload(allPlants, { bu: 'NT', kind: 'salary', file: xlsx([['工号']]), fileName: 'a.xlsx' });
    expect(badKind.body).toMatchObject({ result: false, msg: expect.stringContaining('导入类型无效') });
    expect((await t.call(routes.getImportJob, { id: 'x' }, allPlants)).body).toMatchObject({
      result: false,
      msg: '导入编号无效',
    });
  });
});

describe('plant scope', () => {
  it('lets an HRAdmin of NT neither read nor change HZ imports, and refuses employees', async () => {
    const a = await makeEmployee(t.database, { plant: 'HZ' });
    const hz = await uploaded(allPlants, {
      bu: 'HZ',
      kind: 'dormitory',
      file: xlsx([
        ['工号', '水费', '电费', '住宿费'],
        [a.empNo, 1, 2, 3],
      ]),
      fileName: 'hz.xlsx',
    });
    const refusedUpload = await upload(ntOnly, {
      bu: 'HZ',
      kind: 'dormitory',
      file: xlsx([['工号']]),
      fileName: 'a.xlsx',
    });
    expect(refusedUpload.status).toBe(403);
    for (const route of [routes.getImportJob, routes.commitImport, routes.rollbackImport, routes.getRejectedRows]) {
      const answer = await t.call(route, { id: hz.id }, ntOnly);
      expect(answer.body, route.path).toMatchObject({ result: false, msg: '导入记录不存在' });
    }
    const remap = await t.call(routes.remapImport, { id: hz.id, columns: { 水费: '' } }, ntOnly);
    expect(remap.body).toMatchObject({ result: false, msg: '导入记录不存在' });
    const list = await t.call(routes.listImportJobs, { bu: 'HZ' }, ntOnly);
    expect(list.status).toBe(403);
    const own = await t.call(routes.listImportJobs, {}, ntOnly);
    expect(own.body.data.every((item) => item.bu === 'NT')).toBe(true);
    expect((await job(hz.id)).status).toBe('ready');

    // NT's own import works for the NT clerk.
    const b = await makeEmployee(t.database, { plant: 'NT' });
    const nt = await uploaded(ntOnly, {
      bu: 'NT',
      kind: 'dormitory',
      file: xlsx([
        ['工号', '水费', '电费', '住宿费'],
        [b.empNo, 1, 2, 3],
        [a.empNo, 1, 2, 3],
      ]),
      fileName: 'nt.xlsx',
    });
    expect(nt.validRows).toBe(1);

    const employee = await t.login('100001');
    expect((await t.call(routes.getImportTemplate, { kind: 'payslip' }, employee)).status).toBe(403);
  });

  it('hands out every kind’s template with Chinese headers and an example row', async () => {
    for (const kind of ['payslip', 'attendance', 'meals', 'dormitory', 'cabinet', 'safety']) {
      const answer = await t.call(routes.getImportTemplate, { kind }, ntOnly);
      expect(answer.body.result).toBe(true);
      const book = XLSX.read(Buffer.from(answer.body.data.contentBase64, 'base64'), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
        header: 1,
      });
      expect(rows[0]?.[0]).toBe('工号');
      expect(rows[1]?.[0]).toBe('100110');
    }
  });

  it('puts a legend of the coded columns beside the example, and a payslip example that adds up', async () => {
    const sheetsOf = async (kind: string) => {
      const answer = await t.call(routes.getImportTemplate, { kind }, ntOnly);
      const book = XLSX.read(Buffer.from(answer.body.data.contentBase64, 'base64'), { type: 'buffer' });
      return book.SheetNames.map((name) =>
        XLSX.utils.sheet_to_json<string[]>(book.Sheets[name] as XLSX.WorkSheet, { header: 1 }),
      );
    };
    const [payslip, payslipLegend] = await sheetsOf('payslip');
    expect(payslipLegend).toContainEqual(['工资单类型', 'PS01', '生产人员']);
    expect(payslipLegend).toContainEqual(['工资单类型', 'PS04', '管理人员']);
    const example = Object.fromEntries(
      (payslip?.[0] ?? []).map((header, index) => [header, Number(payslip?.[1]?.[index])]),
    );
    const earnings = ['基本工资', '加班费', '全勤奖', '津贴补贴', '奖惩'].reduce(
      (sum, key) => sum + (example[key] ?? 0),
      0,
    );
    const deductions = ['工会费', '住宿扣款', '社会保险', '住房公积金', '个人所得税', '其他'].reduce(
      (sum, key) => sum + (example[key] ?? 0),
      0,
    );
    expect(example.应发工资).toBeCloseTo(earnings, 2);
    expect(example.实发工资).toBeCloseTo(earnings - deductions, 2);

    const [, safetyLegend] = await sheetsOf('safety');
    expect(safetyLegend).toContainEqual(['问题类型', 'EHS01', '人的不安全行为']);
    // A kind without coded columns has no legend.
    expect(await sheetsOf('meals')).toHaveLength(1);
  });
});

/** The job's status as the clerk's page polls it, until `isDone` says so (the runner may be busy meanwhile). */
const statusUntil = async (context: TestContext, token: string, id: number, isDone: (job: ImportJob) => boolean) => {
  for (;;) {
    const answer = await context.call(routes.getImportJob, { id }, token);
    const current = answer.body.data as ImportJob;
    if (isDone(current)) return current;
    // A job that ended otherwise will not get there: say how it ended instead of waiting out the test's timeout.
    if (current.status === 'failed') throw new Error(`job ${id} failed: ${current.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the queue of the imports', () => {
  it('goes on with other plants while one plant’s job is stuck, and keeps one plant’s jobs in order', async () => {
    const hz = await makeEmployee(t.database, { plant: 'HZ' });
    const nt = await makeEmployee(t.database, { plant: 'NT' });
    const sheet = (empNo: string) => xlsx([HEADERS, [empNo, '测试员工', 'PS01', 1, 0, 1, 1]]);
    const first = await uploaded(allPlants, {
      bu: 'HZ',
      kind: 'payslip',
      month: '2024-01',
      file: sheet(hz.empNo),
      fileName: 'a.xlsx',
    });
    // Checking the HZ job again first deletes its staged rows: while they are held here, that job cannot go on.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      const held = await holder.query('select 1 from import_rows where job_id = $1 for update', [first.id]);
      expect(held.rowCount).toBe(1);
      await t.call(routes.remapImport, { id: first.id, valueMap: { empType: {} } }, allPlants);
      await statusUntil(t, allPlants, first.id, (job) => job.status === 'parsing');
      // HZ's next job waits for HZ's first; NT's job, uploaded after it, is read and checked meanwhile.
      const hzNext = await upload(allPlants, {
        bu: 'HZ',
        kind: 'payslip',
        month: '2024-02',
        file: sheet(hz.empNo),
        fileName: 'b.xlsx',
      });
      const ntJob = await upload(allPlants, {
        bu: 'NT',
        kind: 'payslip',
        month: '2024-01',
        file: sheet(nt.empNo),
        fileName: 'c.xlsx',
      });
      const hzNextId = (hzNext.body.data as { id: number }).id;
      const ntReady = await statusUntil(
        t,
        allPlants,
        (ntJob.body.data as { id: number }).id,
        (job) => job.status !== 'queued' && job.status !== 'parsing' && job.status !== 'validating',
      );
      expect(ntReady).toMatchObject({ status: 'ready', validRows: 1 });
      expect((await job(hzNextId)).status).toBe('queued');
      expect((await job(first.id)).status).toBe('parsing');
      await holder.query('rollback');
      expect((await settled(first.id)).status).toBe('ready');
      expect((await settled(hzNextId)).status).toBe('ready');
    } finally {
      holder.release();
    }
  });
});

describe('the time budget of an import', () => {
  let limited: TestContext;
  let clerk: string;
  beforeAll(async () => {
    limited = await createTestContext({ IMPORT_TIME_LIMIT_SECONDS: '5' });
    clerk = await limited.login('900001');
  });
  afterAll(() => limited.close());

  it('stops a check and a commit that run past it, with a message, changing nothing', {
    timeout: 120_000,
  }, async () => {
    const worker = await makeEmployee(limited.database, { plant: 'HZ' });
    const file = xlsx([HEADERS, [worker.empNo, '测试员工', 'PS01', 1, 0, 1, 1]]);
    const holder = await limited.database.pool.connect();
    try {
      // The check's lookups wait behind a lock past the limit: the check is stopped and the job failed.
      await holder.query('begin');
      await holder.query('lock table dictionary_items in access exclusive mode');
      const stuck = await upload(clerk, { bu: 'HZ', kind: 'payslip', file, fileName: 'a.xlsx' }, limited);
      const stuckId = (stuck.body.data as { id: number }).id;
      const failed = await statusUntil(limited, clerk, stuckId, (job) => job.status === 'failed');
      expect(failed.message).toBe(
        '文件处理超过 5 秒 仍未完成，已停止，数据未作任何修改。请检查文件是否过大或格式异常，拆分后重新上传',
      );
      await holder.query('rollback');

      // A commit whose writes wait past the limit is cancelled whole: the job is ready again, nothing written.
      const again = await upload(clerk, { bu: 'HZ', kind: 'payslip', file, fileName: 'b.xlsx' }, limited);
      const id = (again.body.data as { id: number }).id;
      await statusUntil(limited, clerk, id, (job) => job.status === 'ready');
      await holder.query('begin');
      await holder.query('lock table payslips in access exclusive mode');
      expect((await limited.call(routes.commitImport, { id }, clerk)).body).toMatchObject({ result: true });
      const refused = await statusUntil(limited, clerk, id, (job) => job.status === 'ready' && job.message !== '');
      expect(refused.message).toContain('文件处理超过 5 秒 仍未完成，已停止，数据未作任何修改');
      await holder.query('rollback');
      const written = await limited.database.pool.query(
        'select count(*)::int as n from payslips where employee_id = $1',
        [worker.id],
      );
      expect(written.rows[0].n).toBe(0);
    } finally {
      await holder.query('rollback').catch(() => {});
      holder.release();
    }
  });
});
