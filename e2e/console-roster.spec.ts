// 员工花名册 at a plant clerk's 1366×768: a plant goes live from its Excel roster. The clerk of NT fills the template
// the console gives with a new number, a colleague's new department and a number of another plant (refused, with its
// row and reason), imports it and issues the newcomer a reset code in 员工与账号; on a 375×667 phone the newcomer
// opens the code's link, signs in with the initial password it restores, sets their own and lands on 首页; the
// colleague's new department shows in the console and in 我的. Rolled back from the history, the newcomer is gone
// and the department is the old one again. The clerk, the colleague (NT) and the employee of JY are this spec's own.
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, launchBrowser, newDesk, newPhone, sha256, signIn } from './harness';
import { openSignedIn, screenshot } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

/** A number nobody has: the roster makes it an employee of the clerk's plant. */
const NEWCOMER = { empNo: `R${Date.now()}`, name: '新员工甲', deptName: '总装车间', titleName: '操作工' };
/** What a reset code sets (the server's INITIAL_PASSWORD, 123456 unless the environment says otherwise). */
const INITIAL_PASSWORD = process.env.INITIAL_PASSWORD || '123456';
const NEW_PASSWORD = 'roster-5678';
/** The department the roster gives the colleague. */
const NEW_DEPARTMENT = '物流部';
const STEP_TIMEOUT = 180_000;

type Person = { id: number; empNo: string; name: string; bu: string; deptName: string; titleName: string };

/** Today in Shanghai as yyyy-MM-dd, the newcomer's first day. */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const data = useTestData();

let browser: Browser;
let desk: { context: BrowserContext; page: Page };
/** An employee of NT whose department the roster changes, and their data as the clerk finds it before the import. */
let colleague: MadeEmployee;
let colleagueBefore: Person;
/** An employee of JY: the NT roster refuses the number. */
let otherPlant: MadeEmployee;
let jobId: number;

beforeAll(async () => {
  const clerk = await makeHrClerk(data.database, { plants: ['NT'] });
  colleague = await makeEmployee(data.database, { plant: 'NT', name: '同事乙' });
  otherPlant = await makeEmployee(data.database, { plant: 'JY', name: '别厂员工' });
  browser = await launchBrowser();
  desk = await newDesk(browser);
  const clerkToken = (await signIn(desk.context, clerk.empNo, FACTORY_PASSWORD)).token;
  const found = await api<Person[]>('People/Search', { empNo: colleague.empNo, status: 'all' }, clerkToken);
  const person = found.data.find((row) => row.empNo === colleague.empNo);
  if (!person) throw new Error(`the clerk of NT does not find ${colleague.empNo}`);
  colleagueBefore = person;
  expect(colleagueBefore.deptName).not.toBe(NEW_DEPARTMENT);
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && !desk.page.isClosed()) {
    const name = task.name.replace(/[^\w\u4e00-\u9fff-]+/g, '-').slice(0, 60);
    await desk.page.screenshot({ path: `e2e/screenshots/failed-${name}.png` }).catch(() => {});
  }
});
afterAll(() => browser?.close());

/** The roster as a clerk fills the template: the template's own headers, the example row replaced by ours. */
const rosterFile = (headers: string[]) => {
  const byHeader = (values: Record<string, string>) => headers.map((header) => values[header] ?? '');
  const rows = [
    // A known number keeps every column the file leaves empty; the name must be theirs (it is a column too).
    byHeader({ 工号: colleague.empNo, 姓名: colleague.name, 部门: NEW_DEPARTMENT }),
    byHeader({
      工号: NEWCOMER.empNo,
      姓名: NEWCOMER.name,
      部门: NEWCOMER.deptName,
      职务: NEWCOMER.titleName,
      工资单类型: 'PS01',
      入职日期: today(),
    }),
    byHeader({ 工号: otherPlant.empNo, 姓名: otherPlant.name, 部门: '总装车间' }),
  ];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([headers, ...rows]), '花名册');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const findPerson = async (page: Page, empNo: string) => {
  await page.getByLabel('工号', { exact: true }).fill(empNo);
  await page.getByRole('button', { name: '查询' }).click();
};

describe('员工花名册', () => {
  it(
    'imports a roster from the template: one new, one updated, one of another plant refused with its row',
    async () => {
      const { page } = desk;
      await page.goto('/admin/imports');
      await page.getByRole('heading', { name: '数据导入' }).waitFor();
      // The clerk administers NT only: the plant is chosen already (the job's title below says NT).
      await page.getByLabel('数据类型').click();
      await page.locator('.ant-select-item-option', { hasText: /^员工花名册$/ }).click();
      // The roster is not monthly: no month to pick.
      await page.getByRole('button', { name: '下载员工花名册模板' }).waitFor();
      expect(await page.getByLabel('月份').count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载员工花名册模板' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('员工花名册导入模板.xlsx');
      const template = XLSX.read(readFileSync(await download.path()));
      const [headers = []] = XLSX.utils.sheet_to_json<string[]>(template.Sheets[template.SheetNames[0] ?? ''] ?? {}, {
        header: 1,
      });
      expect(headers).toEqual(['工号', '姓名', '部门', '班组', '职务', '工资单类型', '入职日期']);

      await page.locator('input[type=file]').setInputFiles({
        name: '花名册.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: rosterFile(headers),
      });
      await page.locator('.ant-upload-list').getByText('花名册.xlsx').waitFor();
      await page.getByRole('button', { name: '上传并校验' }).click();

      const panel = page.locator('.ant-card').filter({ hasText: /导入 #\d+：NT · 员工花名册 · 花名册\.xlsx/ });
      await panel.locator('.ant-tag', { hasText: '待确认导入' }).waitFor({ timeout: 60_000 });
      const title = (await panel.locator('.ant-card-head-title').textContent()) ?? '';
      jobId = Number(/导入 #(\d+)/.exec(title)?.[1]);
      expect(jobId).toBeGreaterThan(0);
      await panel.getByText(/未通过校验的行（共 1 行/).waitFor();
      // The header is row 1: the third person is row 4.
      const rejected = panel.locator('tr', { hasText: `工号 ${otherPlant.empNo} 属于JY厂，不属于本次导入的NT厂` });
      await rejected.waitFor();
      expect(((await rejected.locator('td').first().textContent()) ?? '').trim()).toBe('4');
      // The preview shows the two rows that will be imported, in the template's columns: the newcomer's 职务 too,
      // though the colleague's row before it has none.
      const preview = panel
        .locator('.ant-table')
        .filter({ has: page.getByRole('columnheader', { name: '工号', exact: true }) });
      await preview.locator('tr', { hasText: colleague.name }).filter({ hasText: NEW_DEPARTMENT }).waitFor();
      const newcomerRow = preview.locator('tr', { hasText: NEWCOMER.name });
      for (const value of [NEWCOMER.empNo, NEWCOMER.deptName, NEWCOMER.titleName, 'PS01', today()]) {
        await newcomerRow.getByRole('cell', { name: value, exact: true }).waitFor();
      }
      const previewHeaders = await preview.getByRole('columnheader').allTextContents();
      expect(previewHeaders.filter((header) => header !== '')).toEqual([
        '行号',
        '工号',
        '姓名',
        '部门',
        '职务',
        '工资单类型',
        '入职日期',
      ]);
      await screenshot(page, 'console-roster-ready');

      await panel.getByRole('button', { name: /确认导入 2 行/ }).click();
      await page.locator('.ant-popconfirm').getByText('将替换这些员工的原有数据。').waitFor();
      await page.locator('.ant-popconfirm').getByRole('button', { name: '导入', exact: true }).click();
      await panel.getByText('已导入 2 行。').waitFor({ timeout: 60_000 });
      await panel.locator('.ant-tag', { hasText: '已导入' }).waitFor();
      const historyRow = page
        .locator('.ant-card', { hasText: '导入历史' })
        .locator('tr')
        .filter({ has: page.getByRole('cell', { name: String(jobId), exact: true }) });
      await historyRow.getByText('已导入').waitFor();
      expect(await historyRow.textContent()).toContain('3（2/1）');
      await screenshot(page, 'console-roster-done');
    },
    STEP_TIMEOUT,
  );

  it(
    'gives the newcomer a reset code in 员工与账号, with which they sign in, set a password and reach 首页',
    async () => {
      const { page } = desk;
      await page.getByRole('menuitem', { name: '员工与账号' }).click();
      await page.getByRole('heading', { name: '员工与账号' }).waitFor();
      await findPerson(page, NEWCOMER.empNo);
      const row = page.locator('tr', { hasText: NEWCOMER.empNo });
      await row.getByText(NEWCOMER.name).waitFor();
      for (const value of ['NT', NEWCOMER.deptName, NEWCOMER.titleName, today(), '在职']) {
        await row.getByText(value, { exact: true }).waitFor();
      }
      // Only the employee role: its one tag is 在职, none for a role.
      expect(await row.locator('.ant-tag').count()).toBe(1);

      await row.getByRole('button', { name: '重置密码' }).click();
      const dialog = page.getByRole('dialog', { name: `密码重置码：${NEWCOMER.name}（${NEWCOMER.empNo}）` });
      await dialog.getByText('重置码只显示这一次').waitFor();
      const code = ((await dialog.getByTestId('reset-code').textContent()) ?? '').trim();
      expect(code.length).toBeGreaterThan(8);
      const link = `${baseUrl()}/home/reset-password?code=${code}`;
      await dialog.getByText(link).waitFor();
      await dialog.getByRole('button', { name: '打印' }).waitFor();
      await screenshot(page, 'console-roster-reset-code');
      await dialog.getByRole('button', { name: '我已记下，关闭' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Before the code the newcomer has no password at all.
      const before = await api('Account/CheckLogin', {
        userAccount: NEWCOMER.empNo,
        password: sha256(INITIAL_PASSWORD),
        isRemember: false,
      });
      expect(before).toMatchObject({ result: false, data: null });

      const phone = await newPhone(browser);
      try {
        // The printed QR code's link.
        await phone.page.goto(link);
        await phone.page.getByText('密码已重置', { exact: true }).waitFor();

        await phone.page.goto('/login');
        await phone.page.getByLabel('账号').fill(NEWCOMER.empNo);
        await phone.page.getByLabel('密码').fill(INITIAL_PASSWORD);
        await phone.page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
        await phone.page.getByRole('button', { name: '登录' }).click();
        // The initial password is everybody's: their own comes before anything else.
        await phone.page.waitForURL('**/system-setting/change-password');
        await phone.page.getByText('为了账号安全，请先设置新密码').first().waitFor();
        await phone.page.getByLabel(/^原密码/).fill(INITIAL_PASSWORD);
        await phone.page.getByLabel(/^新密码/).fill(NEW_PASSWORD);
        await phone.page.getByLabel(/^确认新密码/).fill(NEW_PASSWORD);
        await phone.page.getByRole('button', { name: '确认修改' }).click();
        await phone.page.getByText('修改成功').waitFor();
        await phone.page.waitForURL('**/login', { timeout: 15_000 });

        await phone.page.getByLabel('账号').fill(NEWCOMER.empNo);
        await phone.page.getByLabel('密码').fill(NEW_PASSWORD);
        await phone.page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
        await phone.page.getByRole('button', { name: '登录' }).click();
        await phone.page.waitForURL((url) => url.pathname === '/home');
        // A newcomer has not read the handbook: 首页 asks once.
        const handbook = phone.page.getByRole('dialog', { name: '员工手册' });
        await handbook.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }).check({ force: true });
        await handbook.getByRole('button', { name: '确认' }).click();
        await handbook.waitFor({ state: 'detached' });
        await phone.page.getByText(`${NEWCOMER.name}，您好！`).waitFor();
        await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
        await screenshot(phone.page, 'roster-newcomer-home');
      } finally {
        await phone.context.close();
      }
      // The code worked once.
      expect((await api('Account/ResetPassword', { code })).result).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    'shows the colleague’s new department in 员工与账号 and in their 我的',
    async () => {
      const { page } = desk;
      await findPerson(page, colleague.empNo);
      const row = page.locator('tr', { hasText: colleague.empNo });
      await row.getByText(NEW_DEPARTMENT, { exact: true }).waitFor();
      // The file left the title empty: it stays.
      await row.getByText(colleagueBefore.titleName, { exact: true }).waitFor();

      const phone = await newPhone(browser);
      try {
        await openSignedIn(phone, colleague, '/user/person-center');
        await phone.page.getByText(`${NEW_DEPARTMENT} · ${colleagueBefore.titleName}`).waitFor();
        await screenshot(phone.page, 'roster-colleague-person-center');
      } finally {
        await phone.context.close();
      }
    },
    STEP_TIMEOUT,
  );

  it(
    'rolls the roster back from the history: the newcomer is gone, the old department is back',
    async () => {
      const { page } = desk;
      await page.getByRole('menuitem', { name: '数据导入' }).click();
      await page.getByRole('heading', { name: '数据导入' }).waitFor();
      const historyRow = page
        .locator('.ant-card', { hasText: '导入历史' })
        .locator('tr')
        .filter({ has: page.getByRole('cell', { name: String(jobId), exact: true }) });
      await historyRow.getByRole('button', { name: '回滚' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByText('将删除这次导入新建的员工（连同其账号和已有数据），并恢复被更新员工的原资料。')
        .waitFor();
      await screenshot(page, 'console-roster-rollback');
      await page.locator('.ant-popconfirm').getByRole('button', { name: '回滚', exact: true }).click();
      await historyRow.getByText('已回滚').waitFor({ timeout: 60_000 });
      expect(await historyRow.getByRole('button', { name: '回滚' }).count()).toBe(0);

      await page.getByRole('menuitem', { name: '员工与账号' }).click();
      await page.getByRole('heading', { name: '员工与账号' }).waitFor();
      await findPerson(page, NEWCOMER.empNo);
      await page.getByText('共 0 人').or(page.locator('.ant-empty')).first().waitFor();
      expect(await page.locator('tr', { hasText: NEWCOMER.empNo }).count()).toBe(0);
      await findPerson(page, colleague.empNo);
      await page
        .locator('tr', { hasText: colleague.empNo })
        .getByText(colleagueBefore.deptName, { exact: true })
        .waitFor();

      const signedIn = await api('Account/CheckLogin', {
        userAccount: NEWCOMER.empNo,
        password: sha256(NEW_PASSWORD),
        isRemember: false,
      });
      expect(signedIn).toMatchObject({ result: false, msg: '账号或密码错误', data: null });
    },
    STEP_TIMEOUT,
  );
});
