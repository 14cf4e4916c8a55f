// /inspection/my-ehs: an employee's safety issues within 30 days, or none.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { openSignedIn, screenshot } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeSafetyIssue, shanghaiDay, useTestData } from './test-data';

type SafetyIssue = {
  ISSUE_DESCR: string;
  WORK_PROCESS: string;
  INSPECTION_DATE: string;
  TYPE_CODE: string;
  TYPE_NAME: string | null;
  BAD_QTY: number;
};

const phone = usePhone();
const data = useTestData();

/** Two issues inside the 30-day window, newest first, as the screen lists them; their types are in the dictionary. */
const RECENT: SafetyIssue[] = [
  {
    ISSUE_DESCR: '工位物料堆放超高',
    WORK_PROCESS: '焊接',
    INSPECTION_DATE: shanghaiDay(3),
    TYPE_CODE: 'EHS02',
    TYPE_NAME: '物的不安全状态',
    BAD_QTY: 2,
  },
  {
    ISSUE_DESCR: '安全通道被占用',
    WORK_PROCESS: '涂装',
    INSPECTION_DATE: shanghaiDay(17),
    TYPE_CODE: 'EHS03',
    TYPE_NAME: '作业环境缺陷',
    BAD_QTY: 3,
  },
];
let inspected: MadeEmployee;
let spotless: MadeEmployee;

beforeAll(async () => {
  inspected = await makeEmployee(data.database, { name: '安全员工' });
  for (const issue of RECENT) {
    await makeSafetyIssue(data.database, inspected, {
      date: issue.INSPECTION_DATE,
      issueDescr: issue.ISSUE_DESCR,
      workProcess: issue.WORK_PROCESS,
      typeCode: issue.TYPE_CODE,
      badQty: issue.BAD_QTY,
    });
  }
  // Outside the window: the screen leaves it out.
  await makeSafetyIssue(data.database, inspected, { date: shanghaiDay(45), issueDescr: '未佩戴安全帽' });
  spotless = await makeEmployee(data.database, { name: '无问题员工' });
});

describe('safety issues', () => {
  it('shows a card per issue of the last 30 days, not the older one', async () => {
    const login = await openSignedIn(phone, inspected, '/inspection/my-ehs');
    const issues = JSON.parse((await api<string>('InspectionEhs/GetMyEhs', {}, login.token)).data) as SafetyIssue[];
    expect(issues).toEqual(RECENT);

    await phone.page.getByRole('heading', { name: '近30天安全问题' }).waitFor();
    const cards = phone.page.locator('.ehs-issue');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    for (const [index, issue] of RECENT.entries()) {
      const card = cards.nth(index);
      expect(await card.locator('.ehs-issue-title').textContent()).toBe(issue.ISSUE_DESCR);
      // The type is in the dictionary, so the card names it instead of showing the code.
      expect(await card.getByText(issue.TYPE_CODE).count()).toBe(0);
      for (const value of [issue.WORK_PROCESS, issue.INSPECTION_DATE, issue.TYPE_NAME ?? '', String(issue.BAD_QTY)]) {
        await card.locator('dd', { hasText: value }).first().waitFor();
      }
    }
    expect(await phone.page.getByText('未佩戴安全帽').count()).toBe(0);
    await screenshot(phone.page, 'my-ehs');
  });

  it('shows the empty state to an employee without issues', async () => {
    await openSignedIn(phone, spotless, '/inspection/my-ehs');
    await phone.page.getByText('近30天没有安全问题').waitFor();
    await screenshot(phone.page, 'my-ehs-empty');
  });
});
