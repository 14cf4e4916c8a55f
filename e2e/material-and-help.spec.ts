// /purchase/material-manage (a search box only, nothing connected behind it) and /user/self-help (static).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './harness';
import { closePhone, openSignedIn, screenshot } from './screen-helpers';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  ({ context, page } = await newPhone(browser));
});
afterEach((test) => closePhone(test, { context, page }));

describe('material search and self-help', () => {
  it('offers only a search box that says lookup is not connected, and searches nothing', async () => {
    await openSignedIn({ context, page }, '100001', '/purchase/material-manage');
    const box = page.getByPlaceholder('请输入物料编码或名称');
    await box.waitFor();
    await page.getByText('物料查询功能暂未接入,暂时无法显示查询结果').waitFor();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await box.fill('M-1001');
    await box.press('Enter');
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    expect(await page.locator('.adm-list-item').count()).toBe(0);
    await screenshot(page, 'material-manage');
  });

  it('tells whom to ask and how to send feedback', async () => {
    await openSignedIn({ context, page }, '100001', '/user/self-help');
    for (const [topic, who] of [
      ['工资单', '人事 / 薪资专员'],
      ['餐费扣款', '食堂 / 总务'],
      ['住宿费用', '总务'],
      ['鞋柜', '总务'],
      ['登录密码', '人事'],
    ] as const) {
      await page.locator('.adm-list-item', { hasText: topic }).getByText(who, { exact: true }).waitFor();
    }
    await page.getByText(/选择「反馈」/).waitFor();
    await screenshot(page, 'self-help');
  });
});
