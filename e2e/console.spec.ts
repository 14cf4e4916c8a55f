// The HR console at a clerk's 1366×768: a payslip month imported from an .xlsx (upload, live state, preview,
// commit), published from 工资单发布, and the worker sees it on a 375×667 phone. Employees 100110–100139 are this
// spec's to import.
import * as XLSX from '@e965/xlsx';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newDesk, newPhone, sha256, signIn } from './harness';
import { openSignedIn, screenshot, yuan } from './screen-helpers';

const CLERK = '900001';
const WORKER = '100110';

/** The previous month in Shanghai, the one the payslip screen opens on. */
const previousMonth = () => {
  const today = new Date(Date.now() + 8 * 3600_000);
  const at = today.getUTCFullYear() * 12 + today.getUTCMonth() - 1;
  return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
};

let browser: Browser;
let desk: { context: BrowserContext; page: Page };
beforeAll(async () => {
  browser = await launchBrowser();
  desk = await newDesk(browser);
});
afterAll(() => browser?.close());

describe('the HR console', () => {
  it('imports a payslip month that the worker then sees in the app', async () => {
    const month = previousMonth();
    const clerk = await signIn(desk.context, CLERK);
    const worker = await api<{ baseBu: string }>('Account/CheckLogin', {
      userAccount: WORKER,
      password: sha256('demo1234'),
      isRemember: false,
    });
    const plant = worker.data.baseBu;
    // A month published by an earlier run on the same database is withdrawn first, so the import may replace it.
    const batches = await api<{ id: number; bu: string; month: string; status: string }[]>(
      'PayslipBatch/GetList',
      { bu: plant, PageSize: 50 },
      clerk.token,
    );
    const earlier = batches.data.find((batch) => batch.month === month && batch.status === 'published');
    if (earlier) await api('PayslipBatch/Withdraw', { id: earlier.id, reason: '测试重新导入' }, clerk.token);

    const net = 4321.5 + (Date.now() % 100);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([
        ['工号', '工资单类型', '基本工资', '应发工资', '实发工资'],
        [WORKER, 'PS01', 5000, 5000, net],
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

    await page.getByRole('menuitem', { name: '工资单发布' }).click();
    await page.getByRole('heading', { name: '工资单发布' }).waitFor();
    const row = page.locator('tr', { hasText: plant }).filter({ hasText: month });
    await row.getByRole('button', { name: /发布/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '发布' }).click();
    await row.getByText('已发布').waitFor();
    await screenshot(page, 'console-batches');

    const phone = await newPhone(browser);
    await openSignedIn(phone, WORKER, '/salary/my-salary');
    const netRegion = phone.page.getByRole('region', { name: '实发工资' });
    await netRegion.getByText(yuan(net)).waitFor();
    await screenshot(phone.page, 'console-worker-payslip');
    expect(await phone.page.locator('.salary-item').count()).toBeGreaterThan(0);

    // A question on a line, then 确认无误.
    await phone.page.getByRole('button', { name: '有疑问' }).first().click();
    await phone.page.getByRole('textbox', { name: '疑问内容' }).fill('基本工资与合同不符？');
    await phone.page.getByRole('button', { name: '提交' }).click();
    await phone.page.getByText('已提交疑问，等待人事答复').waitFor();
    await phone.page.getByRole('button', { name: '确认无误' }).click();
    await phone.page.getByRole('status').filter({ hasText: '确认无误' }).waitFor();
    await phone.context.close();
  });
});
