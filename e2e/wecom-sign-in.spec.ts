// A link of the app opened in WeCom's browser (its user agent says wxwork/) without a session: through WeCom's silent
// OAuth (a fake answering as WeCom does, global-setup.ts) the worker lands signed in on the page the link named, with
// no code left in the address; a refresh stays there. The same link in another browser asks for the password.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, usePhone } from './harness';
import { screenshot, yuan } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makePayslip, payslipItems, shanghaiMonth, useTestData } from './test-data';

const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light';

const phone = usePhone();
const data = useTestData();
let worker: MadeEmployee;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '企微员工', empType: 'PS01' });
  // Gross 4,606.25, deductions 694.06: net 3,912.19.
  await makePayslip(data.database, worker, {
    month: shanghaiMonth(1),
    items: payslipItems({ BASIC_PAY: 3200, OVERTIME_PAY: 906.25 }),
  });
  const answer = await fetch(`${inject('fakeWecomUrl')}/fake/sign-in-as`, {
    method: 'POST',
    body: JSON.stringify({ userid: worker.empNo }),
  });
  expect(answer.status).toBe(204);
});

describe('a message link opened inside WeCom', () => {
  it('lands signed in on /salary/my-salary, without a password and without the code in the address', async () => {
    const context = await phone.browser.newContext({
      baseURL: baseUrl(),
      userAgent: WECOM_UA,
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    try {
      const page = await context.newPage();
      await page.goto('/salary/my-salary');
      await page.getByRole('region', { name: '实发工资' }).getByText(yuan(3912.19)).waitFor();
      expect(new URL(page.url()).pathname).toBe('/salary/my-salary');
      expect(page.url()).not.toContain('code=');
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'ess_user')?.value).toContain(worker.empNo);
      await screenshot(page, 'wecom-signed-in-salary');
      // A refresh keeps the session: no second trip through WeCom.
      await page.reload();
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
