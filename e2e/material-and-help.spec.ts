// /purchase/material-manage (a search box only, nothing connected behind it) and /user/self-help (static).
import { beforeAll, describe, expect, it } from 'vitest';
import { usePhone } from './harness';
import { openSignedIn, requestsSoFar, screenshot } from './screen-helpers';
import { type MadeEmployee, makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let worker: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '物料员工' });
});

describe('material search and self-help', () => {
  it('offers only a search box that says lookup is not connected, and searches nothing', async () => {
    await openSignedIn(phone, worker, '/purchase/material-manage');
    const box = phone.page.getByPlaceholder('请输入物料编码或名称');
    await box.waitFor();
    await phone.page.getByText('物料查询功能暂未接入，暂时无法显示查询结果').waitFor();
    const calls: string[] = [];
    phone.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await box.fill('M-1001');
    await box.press('Enter');
    await requestsSoFar(phone.page);
    expect(calls.filter((url) => !url.includes('requests-so-far'))).toEqual([]);
    expect(await phone.page.locator('.adm-list-item').count()).toBe(0);
    await screenshot(phone.page, 'material-manage');
  });

  it('tells whom to ask and how to send feedback', async () => {
    await openSignedIn(phone, worker, '/user/self-help');
    for (const [topic, who] of [
      ['工资单', '人事 / 薪资专员'],
      ['餐费扣款', '食堂 / 总务'],
      ['住宿费用', '总务'],
      ['鞋柜', '总务'],
      ['登录密码', '人事'],
    ] as const) {
      await phone.page.locator('.adm-list-item', { hasText: topic }).getByText(who, { exact: true }).waitFor();
    }
    await phone.page.getByText(/选择「反馈」/).waitFor();
    await screenshot(phone.page, 'self-help');
  });
});
