// Payslip distribution through the real server: an imported month is a draft the employee cannot see; publishing
// shows it and sends a message; the employee's first read and confirmation are counted per version; a question on
// a line is answered by HR as a message; withdrawing hides it with a reason; publishing again is version 2 with
// its own counts. An HRAdmin of NT cannot touch HZ's batches.

import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import type { Payslip } from '@ess/contract/salary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, shanghaiMonth } from '../../../test/factories';
import { startFakeWechat } from '../../../test/fake-wechat';
import { createTestContext, type TestContext } from '../../../test/harness';
import { postMultipart } from '../../../test/uploads';
import { createTicketStore, type PlatformSettings, relayMessagesToWeCom } from '../wechat/service';

let t: TestContext;
let hr: string;
let ntOnly: string;
beforeAll(async () => {
  t = await createTestContext();
  hr = await t.login('900001');
  ntOnly = await t.login('900002');
});
afterAll(() => t.close());

const MONTH = shanghaiMonth(1);

const importPayslips = async (bu: string, rows: unknown[][], month = MONTH) => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([['工号', '工资单类型', '基本工资', '应发工资', '实发工资'], ...rows]),
    'Sheet1',
  );
  const file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const uploaded = await postMultipart(
    t.app,
    'Import/Upload',
    [
      { field: 'bu', value: bu },
      { field: 'kind', value: 'payslip' },
      { field: 'month', value: month },
      { field: 'file', file, filename: 'pay.xlsx' },
    ],
    hr,
  );
  const { id } = uploaded.body.data as { id: number };
  await t.app.importRunner.idle();
  expect((await t.call(routes.commitImport, { id }, hr)).body.result).toBe(true);
  await t.app.importRunner.idle();
  const job = (await t.call(routes.getImportJob, { id }, hr)).body.data;
  expect(job.status).toBe('done');
  return job.batchId as number;
};

const payslipFor = async (token: string) => {
  const answer = await t.call(routes.getPersonSalaryByOld, { day: MONTH }, token);
  return answer.body.data ? (JSON.parse(answer.body.data) as Payslip) : undefined;
};

const batchOf = async (id: number) => {
  const list = await t.call(routes.listPayslipBatches, { bu: 'HZ' }, hr);
  return list.body.data.find((batch) => batch.id === id);
};

const unreadTitles = async (employeeId: number) =>
  (
    await t.database.pool.query<{ title: string }>('select title from messages where employee_id = $1 order by id', [
      employeeId,
    ])
  ).rows.map((row) => row.title);

describe('a payslip batch', () => {
  it('goes from draft to published, read, confirmed, questioned and answered, withdrawn, and version 2', async () => {
    const worker = await makeEmployee(t.database, { plant: 'HZ' });
    const colleague = await makeEmployee(t.database, { plant: 'HZ' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const batchId = await importPayslips('HZ', [
      [worker.empNo, 'PS01', 3000, 3000, 2700],
      [colleague.empNo, 'PS01', 3100, 3100, 2800],
    ]);

    // A draft: HR previews it, the employee sees nothing yet.
    expect(await payslipFor(token)).toBeUndefined();
    const preview = await t.call(routes.previewPayslip, { id: batchId, empNo: worker.empNo }, hr);
    expect(JSON.parse(preview.body.data).ITEMS).toContainEqual({ key: 'NET_PAY', label: '实发工资', amount: 2700 });
    expect(await batchOf(batchId)).toMatchObject({ status: 'draft', version: 0, employees: 2, read: 0 });

    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body).toMatchObject({ result: true });
    expect(await unreadTitles(worker.id)).toContain(`${MONTH.slice(0, 4)}年${Number(MONTH.slice(5))}月工资单已发布`);
    const shown = await payslipFor(token);
    expect(shown?.RECEIPT).toEqual({ CONFIRMED_AT: null, DISPUTES: [] });
    expect(await batchOf(batchId)).toMatchObject({ status: 'published', version: 1, read: 1, confirmed: 0 });

    expect((await t.call(routes.confirmPayslip, { day: MONTH }, token)).body).toMatchObject({ result: true });
    const question = await t.call(
      routes.disputePayslipLine,
      { day: MONTH, itemKey: 'BASIC_PAY', question: '本月基本工资少了 100 元？' },
      token,
    );
    expect(question.body).toMatchObject({ result: true });
    expect(
      (await t.call(routes.disputePayslipLine, { day: MONTH, itemKey: 'NOPE', question: 'x' }, token)).body,
    ).toMatchObject({ result: false, msg: '工资项目无效' });
    expect(await batchOf(batchId)).toMatchObject({ confirmed: 1, disputed: 1, openDisputes: 1 });

    const disputes = await t.call(routes.listPayslipDisputes, { id: batchId }, hr);
    expect(disputes.body.data).toEqual([
      expect.objectContaining({ empNo: worker.empNo, itemLabel: '基本工资', status: 'open', version: 1 }),
    ]);
    const disputeId = disputes.body.data[0]?.id as number;
    expect(
      (await t.call(routes.answerPayslipDispute, { id: disputeId, answer: '请假一天，已按出勤扣除。' }, hr)).body,
    ).toMatchObject({
      result: true,
    });
    expect(await unreadTitles(worker.id)).toContain(
      `工资疑问已答复：${MONTH.slice(0, 4)}年${Number(MONTH.slice(5))}月基本工资`,
    );
    expect((await payslipFor(token))?.RECEIPT?.DISPUTES).toEqual([
      {
        ITEM_KEY: 'BASIC_PAY',
        QUESTION: '本月基本工资少了 100 元？',
        ANSWER: '请假一天，已按出勤扣除。',
        STATUS: 'answered',
      },
    ]);

    // The export lists every payslip with its reading and confirmation.
    const exported = await t.call(routes.exportPayslipBatch, { id: batchId }, hr);
    const book = XLSX.read(Buffer.from(exported.body.data.contentBase64, 'base64'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row[0] === colleague.empNo)?.slice(3)).toEqual(['未查看', '未确认', '0']);

    // Importing into a published month is refused; withdrawing hides it with a reason.
    expect((await t.call(routes.withdrawPayslipBatch, { id: batchId, reason: '' }, hr)).body).toMatchObject({
      result: false,
      msg: '请填写撤回原因',
    });
    expect(
      (await t.call(routes.withdrawPayslipBatch, { id: batchId, reason: '加班费计算有误' }, hr)).body,
    ).toMatchObject({ result: true });
    expect(await payslipFor(token)).toBeUndefined();
    // The published version's messages are named by it, and its withdrawal asks for their WeCom cards back.
    const { rows: published } = await t.database.pool.query<{ event_key: string }>(
      "select distinct event_key from messages where employee_id = $1 and title like '%工资单已发布%'",
      [worker.id],
    );
    expect(published).toEqual([{ event_key: `payslip-batch:${batchId}:v1` }]);
    const { rows: recalls } = await t.database.pool.query(
      'select event_key from platform_recalls where event_key = $1',
      [`payslip-batch:${batchId}:v1`],
    );
    expect(recalls).toHaveLength(1);
    expect((await t.call(routes.confirmPayslip, { day: MONTH }, token)).body).toMatchObject({
      result: false,
      msg: '该月工资单未发布或已撤回，请刷新后重试',
    });

    // Corrected and published again: version 2, counted anew.
    await importPayslips('HZ', [[worker.empNo, 'PS01', 3100, 3100, 2800]]);
    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body).toMatchObject({ result: true });
    expect(await batchOf(batchId)).toMatchObject({
      status: 'published',
      version: 2,
      read: 0,
      confirmed: 0,
      disputed: 0,
    });
    const republished = await payslipFor(token);
    expect(republished?.ITEMS).toContainEqual({ key: 'NET_PAY', label: '实发工资', amount: 2800 });
    expect(republished?.RECEIPT).toEqual({ CONFIRMED_AT: null, DISPUTES: [] });
  });

  it('is out of reach of an HRAdmin of another plant', async () => {
    const worker = await makeEmployee(t.database, { plant: 'HZ' });
    const batchId = await importPayslips('HZ', [[worker.empNo, 'PS02', 1, 1, 1]], shanghaiMonth(2));
    const refusals = [
      t.call(routes.publishPayslipBatch, { id: batchId }, ntOnly),
      t.call(routes.withdrawPayslipBatch, { id: batchId, reason: '测试' }, ntOnly),
      t.call(routes.previewPayslip, { id: batchId, empNo: worker.empNo }, ntOnly),
      t.call(routes.listPayslipDisputes, { id: batchId }, ntOnly),
      t.call(routes.exportPayslipBatch, { id: batchId }, ntOnly),
    ];
    for (const answer of await Promise.all(refusals)) {
      expect(answer.body).toMatchObject({ result: false, msg: '工资单批次不存在' });
    }
    expect((await t.call(routes.listPayslipBatches, { bu: 'HZ' }, ntOnly)).status).toBe(403);
    const own = await t.call(routes.listPayslipBatches, {}, ntOnly);
    expect(own.body.data.every((batch) => batch.bu === 'NT')).toBe(true);
    expect((await batchOf(batchId))?.status).toBe('draft');
  });
});

describe('the views of a payslip', () => {
  it('are each logged with the batch version, listed to HR of the plant newest first, and to nobody else', async () => {
    const worker = await makeEmployee(t.database, { plant: 'JY', name: '查看员工' });
    const colleague = await makeEmployee(t.database, { plant: 'JY', name: '同事' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const batchId = await importPayslips('JY', [
      [worker.empNo, 'PS01', 3000, 3000, 2700],
      [colleague.empNo, 'PS01', 3000, 3000, 2700],
    ]);
    const views = async (body: { empNo?: string } = {}, token = hr) =>
      t.call(routes.listPayslipViews, { id: batchId, ...body }, token);
    // A draft is never sent to the phone: nothing to log.
    expect(await payslipFor(token)).toBeUndefined();
    expect((await views()).body).toMatchObject({ result: true, data: [], totalCount: 0 });

    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body.result).toBe(true);
    await payslipFor(token);
    await payslipFor(token);
    expect((await t.call(routes.withdrawPayslipBatch, { id: batchId, reason: '重算' }, hr)).body.result).toBe(true);
    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body.result).toBe(true);
    await payslipFor(token);
    await payslipFor(await t.login(colleague.empNo, FACTORY_PASSWORD_HASH));

    const listed = await views();
    expect(listed.body.totalCount).toBe(4);
    expect(listed.body.data.map((view) => [view.empNo, view.version])).toEqual([
      [colleague.empNo, 2],
      [worker.empNo, 2],
      [worker.empNo, 1],
      [worker.empNo, 1],
    ]);
    expect(listed.body.data[0]).toEqual({
      id: expect.any(Number),
      empNo: colleague.empNo,
      empName: '同事',
      version: 2,
      viewedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d/),
    });
    // Of one employee, a page at a time.
    const own = await t.call(routes.listPayslipViews, { id: batchId, empNo: worker.empNo, PageSize: 2 }, hr);
    expect(own.body).toMatchObject({ totalCount: 3 });
    expect(own.body.data).toHaveLength(2);
    // HR of another plant finds no such batch; an employee may not ask at all.
    expect((await views({}, ntOnly)).body).toMatchObject({ result: false, msg: '工资单批次不存在' });
    expect((await views({}, token)).status).toBe(403);
    expect((await t.call(routes.listPayslipViews, { id: 'x' }, hr)).body).toMatchObject({
      result: false,
      msg: '批次编号无效',
    });
  });
});

describe('确认无误 while a question waits', () => {
  it('is refused until the employee says the question is settled; HR then sees it settled, not open', async () => {
    const worker = await makeEmployee(t.database, { plant: 'BJ' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const batchId = await importPayslips('BJ', [[worker.empNo, 'PS01', 3000, 3000, 2700]]);
    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body).toMatchObject({ result: true });
    await t.call(routes.disputePayslipLine, { day: MONTH, itemKey: 'BASIC_PAY', question: '基本工资少了？' }, token);

    expect((await t.call(routes.confirmPayslip, { day: MONTH }, token)).body).toMatchObject({
      result: false,
      msg: '您对本月工资单的疑问人事尚未答复：请等待答复，或确认疑问已解决后再确认无误',
    });
    expect((await payslipFor(token))?.RECEIPT?.CONFIRMED_AT).toBeNull();

    const settled = await t.call(routes.confirmPayslip, { day: MONTH, settlesQuestions: true }, token);
    expect(settled.body).toMatchObject({ result: true });
    const receipt = (await payslipFor(token))?.RECEIPT;
    expect(receipt?.CONFIRMED_AT).not.toBeNull();
    expect(receipt?.DISPUTES).toEqual([expect.objectContaining({ ITEM_KEY: 'BASIC_PAY', STATUS: 'settled' })]);
    const batches = await t.call(routes.listPayslipBatches, { bu: 'BJ' }, hr);
    expect(batches.body.data.find((batch) => batch.id === batchId)).toMatchObject({ confirmed: 1, openDisputes: 0 });
    const [dispute] = (await t.call(routes.listPayslipDisputes, { id: batchId }, hr)).body.data;
    expect(dispute).toMatchObject({ status: 'settled' });
    expect(
      (await t.call(routes.answerPayslipDispute, { id: dispute?.id as number, answer: '已核对' }, hr)).body,
    ).toMatchObject({
      result: false,
      msg: '员工已确认工资单，该疑问已解决',
    });
  });
});

describe('a payslip the worker already had', () => {
  it('stays in sight while an import of its month waits as a draft, and the new version replaces it when published', async () => {
    const worker = await makeEmployee(t.database, { plant: 'AQ' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    // Loaded before the console's batches (as the attendance system's export was): always shown.
    await t.database.pool.query(
      `insert into payslips (employee_id, year_month, emp_type, items) values ($1, $2, 'PS01', $3)`,
      [worker.id, MONTH, JSON.stringify({ BASIC_PAY: 2900, GROSS_PAY: 2900, NET_PAY: 2600 })],
    );
    const netOf = async () => (await payslipFor(token))?.ITEMS.find((item) => item.key === 'NET_PAY')?.amount;
    expect(await netOf()).toBe(2600);

    const batchId = await importPayslips('AQ', [[worker.empNo, 'PS01', 3000, 3000, 2750]]);
    expect(await netOf()).toBe(2600);

    expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body).toMatchObject({ result: true });
    expect(await netOf()).toBe(2750);
    const kept = await t.database.pool.query('select 1 from kept_payslips where employee_id = $1', [worker.id]);
    expect(kept.rowCount).toBe(0);
  });
});

describe('确认无误 with a malformed settlesQuestions', () => {
  it('is refused in Chinese and changes nothing', async () => {
    const worker = await makeEmployee(t.database, { plant: 'HZ' });
    const token = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/${routes.confirmPayslip.path}`,
      headers: { token },
      payload: { day: MONTH, settlesQuestions: 'yes' },
    });
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json()).toMatchObject({ result: false, msg: '“疑问已解决”应为是或否' });
  });
});

describe('a payslip month published to 5,000 workers, reaching their WeCom', () => {
  it('goes out in five calls of 1,000 cards, each worker once, and is recalled from WeCom when withdrawn', async () => {
    const fake = await startFakeWechat({ delayMs: 1 });
    const settings: PlatformSettings = {
      wecom: { corpId: 'ww-test-corp', secret: 'corp-secret', agentId: '1000002', apiBase: fake.url },
      timeoutMs: 5000,
    };
    const relay = () =>
      relayMessagesToWeCom({
        db: t.database.db,
        tickets: createTicketStore(t.database.db, settings),
        settings,
        publicUrl: 'https://ess.example.com',
      });
    try {
      // WeCom turned on now: what was written before is not sent.
      await relay();
      const { rows: workers } = await t.database.pool.query<{ emp_no: string }>(
        `insert into employees (emp_no, name, bu, dept_name, team_name, title_name, emp_type, enter_date,
           app_read_status, password_hash)
         select 'JY' || lpad(n::text, 5, '0'), '员工' || n, 'JY', '总装车间', '', '操作工', 'PS01', current_date, 'Y', ''
         from generate_series(1, 5000) n returning emp_no`,
      );
      const month = shanghaiMonth(3);
      const batchId = await importPayslips(
        'JY',
        workers.map((row) => [row.emp_no, 'PS01', 3000, 3000, 2700]),
        month,
      );
      expect((await t.call(routes.publishPayslipBatch, { id: batchId }, hr)).body).toMatchObject({ result: true });

      // The clerk's two import messages (check ready, commit done) go too, a call each.
      const sent = await relay();
      expect(sent).toMatchObject({ taken: 5002, sent: 5002, invalid: 0, failed: 0, deferred: 0, calls: 7 });
      const title = `${month.slice(0, 4)}年${Number(month.slice(5))}月工资单已发布`;
      const payslipCalls = fake.sends.filter((send) => send.textcard.title === title);
      expect(payslipCalls.map((send) => send.touser.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
      const reached = payslipCalls.flatMap((send) => send.touser);
      expect(reached).toHaveLength(5000);
      expect(new Set(reached)).toEqual(new Set(workers.map((row) => row.emp_no)));
      expect(payslipCalls[0]?.textcard.url).toBe('https://ess.example.com/salary/my-salary');
      const payslipMsgids = fake.sends
        .map((send, index) => ({ send, msgid: `msg-${index + 1}` }))
        .filter(({ send }) => send.textcard.title === title)
        .map(({ msgid }) => msgid);

      expect(
        (await t.call(routes.withdrawPayslipBatch, { id: batchId, reason: '加班费计算有误' }, hr)).body,
      ).toMatchObject({ result: true });
      // The withdrawal's own message to the workers goes; the month's five calls are recalled.
      expect(await relay()).toMatchObject({ recalled: 5 });
      expect(fake.recalls.sort()).toEqual(payslipMsgids.sort());
    } finally {
      await fake.close();
    }
  }, 120_000);
});
