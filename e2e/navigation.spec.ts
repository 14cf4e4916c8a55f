// Phone navigation: the back button and Esc close an open sheet instead of leaving the page (what was
// typed stays), and going back to home or a list finds it scrolled where it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { usePhone } from './harness';
import { openSignedIn, scrollToEnd } from './screen-helpers';
import {
  type MadeEmployee,
  makeEmployee,
  makeMealDetails,
  makeMealMonths,
  shanghaiMonth,
  useTestData,
} from './test-data';

const phone = usePhone();
const data = useTestData();

/** Handbook read (openSignedIn marks it) and no messages, so no dialog covers the tiles; one month of meals. */
let worker: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '导航员工' });
  const month = shanghaiMonth(1);
  await makeMealMonths(data.database, worker, [{ month, deduction: 180 }]);
  await makeMealDetails(data.database, worker, [{ at: `${month}-05 11:40` }]);
});

const openHome = async () => {
  await openSignedIn(phone, worker, '/home');
  await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
};

const openFeedback = async () => {
  await phone.page.getByRole('button', { name: '更多操作' }).click();
  await phone.page.getByRole('button', { name: '反馈' }).click();
  return phone.page.getByRole('dialog', { name: '意见反馈' });
};

/** Home, then a tap on the 我的考勤 tile: two entries in the history. */
const openAttendanceFromHome = async () => {
  await openHome();
  await phone.page
    .getByRole('link', { name: /我的考勤/ })
    .first()
    .click();
  await phone.page.waitForURL('**/attendance/my-att');
};

describe('navigation', () => {
  it('closes the feedback sheet with the back button and stays on the screen', async () => {
    await openAttendanceFromHome();
    const sheet = await openFeedback();
    await sheet.getByLabel('问题描述').fill('写了一半');
    await phone.page.goBack();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(phone.page.url()).pathname).toBe('/attendance/my-att');
    // A second back leaves the screen as usual.
    await phone.page.goBack();
    await phone.page.waitForURL('**/home');
  });

  it('closes a sheet with Esc, and closing it by hand leaves no extra history entry', async () => {
    await openAttendanceFromHome();
    const sheet = await openFeedback();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'detached' });
    await openFeedback();
    await sheet.waitFor();
    await phone.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Neither closing left an entry of its own: one back returns home.
    await phone.page.goBack();
    await phone.page.waitForURL('**/home');
  });

  it('closes the meal detail with the back button', async () => {
    await openSignedIn(phone, worker, '/logistics/meals');
    await phone.page.locator('.meal-month').first().click();
    const detail = phone.page.getByRole('dialog').filter({ hasText: '明细' });
    await detail.getByText(`${shanghaiMonth(1)}-05 11:40`).waitFor();
    await phone.page.goBack();
    await detail.waitFor({ state: 'detached' });
    expect(new URL(phone.page.url()).pathname).toBe('/logistics/meals');
  });

  it('keeps the scroll position of home when coming back to it', async () => {
    await openHome();
    const main = phone.page.locator('main.app-main');
    await scrollToEnd(phone.page);
    const scrolled = await main.evaluate((element) => element.scrollTop);
    expect(scrolled).toBeGreaterThan(100);
    await phone.page
      .getByRole('link', { name: /自助帮助/ })
      .first()
      .click();
    await phone.page.waitForURL('**/user/self-help');
    await phone.page.goBack();
    await phone.page.waitForURL('**/home');
    await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBeGreaterThan(scrolled - 2);
  });
});
