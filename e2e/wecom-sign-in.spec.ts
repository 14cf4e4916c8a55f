// A link of the app opened in WeCom's browser (its user agent says wxwork/) without a session: through WeCom's silent
// OAuth (a fake answering as WeCom does, global-setup.ts) the worker lands signed in on the page the link named, with
// no code left in the address; a refresh stays there. The same link in another browser asks for the password. In
// WeChat the first visit asks for the password once, saying why, and binds the official account's openid: the next
// visit lands signed in.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, usePhone } from './harness';
import { screenshot, showPayslipAmounts, yuan } from './screen-helpers';
import {
  FACTORY_PASSWORD,
  type MadeEmployee,
  makeEmployee,
  makePayslip,
  payslipItems,
  shanghaiMonth,
  useTestData,
} from './test-data';

const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

const phone = usePhone();
/** A phone's browser of WeCom or WeChat, with cookies of its own. */
const platformBrowser = (userAgent: string) =>
  phone.browser.newContext({
    baseURL: baseUrl(),
    userAgent,
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
/** Who the phone is signed into WeCom or WeChat as, on the fake. */
const signInAs = async (who: { userid: string } | { openid: string }) => {
  const answer = await fetch(`${inject('fakeWecomUrl')}/fake/sign-in-as`, {
    method: 'POST',
    body: JSON.stringify(who),
  });
  expect(answer.status).toBe(204);
};
const data = useTestData();
let worker: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '企微员工', empType: 'PS01' });
  // Gross 4,606.25, deductions 694.06: net 3,912.19.
  await makePayslip(data.database, worker, {
    month: shanghaiMonth(1),
    items: payslipItems({ BASIC_PAY: 3200, OVERTIME_PAY: 906.25 }),
  });
});

describe('a message link opened inside WeCom', () => {
  it('lands signed in on /salary/my-salary, without a password and without the code in the address', async () => {
    await signInAs({ userid: worker.empNo });
    const context = await platformBrowser(WECOM_UA);
    try {
      const page = await context.newPage();
      await page.goto('/salary/my-salary');
      await showPayslipAmounts(page);
      await page.getByRole('region', { name: '实发工资' }).getByText(yuan(3912.19)).waitFor();
      expect(new URL(page.url()).pathname).toBe('/salary/my-salary');
      expect(page.url()).not.toContain('code=');
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'ess_user')?.value).toContain(worker.empNo);
      await screenshot(page, 'wecom-signed-in-salary');
      // A refresh keeps the session: no second trip through WeCom.
      await page.reload();
      await showPayslipAmounts(page);
      await page.getByRole('region', { name: '实发工资' }).getByText(yuan(3912.19)).waitFor();
      expect(new URL(page.url()).pathname).toBe('/salary/my-salary');
    } finally {
      await context.close();
    }
  });

  it('asks for the password in any other browser', async () => {
    await phone.page.goto('/salary/my-salary');
    await phone.page.waitForURL('**/login?redirect=%2Fsalary%2Fmy-salary');
  });
});

describe('a message link opened inside WeChat', () => {
  it('asks for the password once, binds the WeChat account, and signs in by itself from then on', async () => {
    await signInAs({ openid: `o-e2e-${worker.empNo}` });
    const first = await platformBrowser(WECHAT_UA);
    try {
      const page = await first.newPage();
      await page.goto('/salary/my-salary');
      await page.getByText('首次在微信中使用，请用工号和密码登录一次，之后将自动登录').waitFor();
      await screenshot(page, 'wechat-first-sign-in');
      await page.getByLabel('账号').fill(worker.empNo);
      await page.getByLabel('密码').fill(FACTORY_PASSWORD);
      await page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
      await page.getByRole('button', { name: '登录' }).click();
      await showPayslipAmounts(page);
      await page.getByRole('region', { name: '实发工资' }).getByText(yuan(3912.19)).waitFor();
    } finally {
      await first.close();
    }
    // Another day, no session left: WeChat signs the worker in without a password.
    const later = await platformBrowser(WECHAT_UA);
    try {
      const page = await later.newPage();
      await page.goto('/salary/my-salary');
      await showPayslipAmounts(page);
      await page.getByRole('region', { name: '实发工资' }).getByText(yuan(3912.19)).waitFor();
      expect(new URL(page.url()).pathname).toBe('/salary/my-salary');
    } finally {
      await later.close();
    }
  });
});
