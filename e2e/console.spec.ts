// The HR console at a clerk's 1366×768: a payslip month imported from an .xlsx (upload, live state, preview,
// commit), published from 工资单发布, and the worker sees it on a 375×667 phone. The clerk of the worker's plant and
// the worker are this spec's own.
import * as XLSX from '@e965/xlsx';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newDesk, newPhone, signIn } from './harness';
import { openSignedIn, screenshot, showPayslipAmounts, yuan } from './screen-helpers';
import {
  FACTORY_PASSWORD,
  type MadeEmployee,
  makeEmployee,
  makeHrClerk,
  shanghaiMonth,
  useTestData,
} from './test-data';

const data = useTestData();

let clerk: MadeEmployee;
/** With a payslip of the month loaded before the console's batches (as the demo's are), until the import. */
let worker: MadeEmployee;
const EARLIER_NET = 3999.5;
let browser: Browser;
let desk: { context: BrowserContext; page: Page };
beforeAll(async () => {
  worker = await makeEmployee(data.database, { plant: 'NT', empType: 'PS01' });
  await data.database.pool.query(
    `insert into payslips (employee_id, year_month, emp_type, items) values ($1, $2, 'PS01', $3)`,
    [worker.id, shanghaiMonth(1), JSON.stringify({ BASIC_PAY: 4600, GROSS_PAY: 4600, NET_PAY: EARLIER_NET })],
  );
  clerk = await makeHrClerk(data.database, { plants: [worker.bu] });
  browser = await launchBrowser();
  desk = await newDesk(browser);
});
afterAll(() => browser?.close());

describe('the HR console', () => {
  it('imports a payslip month that the worker then sees in the app', async () => {
    // The previous month in Shanghai, the one the payslip screen opens on.
    const month = shanghaiMonth(1);
    await signIn(desk.context, clerk.empNo, FACTORY_PASSWORD);
    const plant = worker.bu;

    const net = 4321.5;
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([
        ['工号', '工资单类型', '基本工资', '应发工资', '实发工资'],
        [worker.empNo, 'PS01', 5000, 5000, net],
        ['999999998', 'PS01', 1, 1, 1],
      ]),
      '工资',
    );
    const file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    const { page } = desk;
    await page.goto('/admin/imports');
    await page.getByRole('heading', { name: '数据导入' }).waitFor();
    await page.getByLabel('工厂', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${plant}$`) }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: '工资.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByRole('button', { name: '上传并校验' }).click();
    await page.getByText('待确认导入').first().waitFor({ timeout: 20_000 });
    await page.getByText('工号 999999998 不存在').waitFor();
    await screenshot(page, 'console-imports');
    await page.getByRole('button', { name: /确认导入 1 行/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '导入', exact: true }).click();
    await page.getByText(/已导入 1 行/).waitFor({ timeout: 20_000 });

    // Imported but not published: the worker still sees the payslip they had, not 暂无该月工资单.
    const phone = await newPhone(browser);
    await openSignedIn(phone, worker, '/salary/my-salary');
    const netRegion = phone.page.getByRole('region', { name: '实发工资' });
    await showPayslipAmounts(phone.page);
    await netRegion.getByText(yuan(EARLIER_NET)).waitFor();

    await page.getByRole('menuitem', { name: '工资单发布' }).click();
    await page.getByRole('heading', { name: '工资单发布' }).waitFor();
    const row = page.locator('tr', { hasText: plant }).filter({ hasText: month });
    await row.getByRole('button', { name: /发布/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '发布' }).click();
    await row.getByText('已发布').waitFor();
    await screenshot(page, 'console-batches');

    // The preview finds the employee from the start of their number, no whole number typed.
    await row.getByRole('button', { name: '预览' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '预览' });
    await drawer.getByRole('combobox', { name: '预览员工' }).fill(worker.empNo.slice(0, 3));
    await page.locator('.ant-select-item-option', { hasText: worker.empNo }).click();
    await drawer.locator('tr', { hasText: '实发工资' }).getByText(net.toFixed(2)).waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // Published: the new version replaces it.
    await phone.page.reload();
    await showPayslipAmounts(phone.page);
    await netRegion.getByText(yuan(net)).waitFor();
    await screenshot(phone.page, 'console-worker-payslip');
    expect(await phone.page.locator('.salary-item').count()).toBeGreaterThan(0);

    // A question on a line; 确认无误 while it waits first asks whether it is settled.
    await phone.page.getByRole('button', { name: '有疑问' }).first().click();
    await phone.page.getByRole('textbox', { name: '疑问内容' }).fill('基本工资与合同不符？');
    await phone.page.getByRole('button', { name: '提交' }).click();
    await phone.page.getByText('已提交疑问，等待人事答复').waitFor();
    await phone.page.getByRole('button', { name: '确认无误' }).click();
    const open = phone.page.getByRole('dialog', { name: '疑问尚未答复' });
    await open.getByText('的疑问人事尚未答复').waitFor();
    await open.getByRole('button', { name: '等待答复' }).click();
    await open.waitFor({ state: 'detached' });
    await phone.page.getByRole('button', { name: '确认无误' }).waitFor();
    await phone.page.getByRole('button', { name: '确认无误' }).click();
    await open.getByRole('button', { name: '疑问已解决，确认无误' }).click();
    await phone.page.getByRole('status').filter({ hasText: '确认无误' }).waitFor();
    await phone.page.getByText('您已确认疑问已解决').waitFor();
    await phone.context.close();

    // Every time the payslip was opened on the phone, with its version, is in 查看记录.
    await row.getByRole('button', { name: '查看记录' }).click();
    const views = page.locator('.ant-drawer').filter({ hasText: '查看记录' });
    await views.getByText(/共 \d+ 次查看/).waitFor();
    const viewRows = views.locator('tbody tr', { hasText: worker.empNo });
    await viewRows.first().waitFor();
    expect(await viewRows.count()).toBeGreaterThanOrEqual(2);
    await viewRows.filter({ hasText: '第 1 版' }).first().waitFor();
    await screenshot(page, 'console-batch-views');
    await page.keyboard.press('Escape');
  });
});
