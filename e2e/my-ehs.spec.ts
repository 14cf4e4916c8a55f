// /inspection/my-ehs: the seeded safety issues within 30 days (employee ids with id % 3 = 1), or none.
import { describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { openSignedIn, screenshot } from './screen-helpers';

type SafetyIssue = {
  ISSUE_DESCR: string;
  WORK_PROCESS: string;
  INSPECTION_DATE: string;
  TYPE_CODE: string;
  TYPE_NAME: string | null;
  BAD_QTY: number;
};

const phone = usePhone();

describe('safety issues', () => {
  it('shows a card per issue of the last 30 days, not the older one', async () => {
    const login = await openSignedIn(phone, '100001', '/inspection/my-ehs');
    const issues = JSON.parse((await api<string>('InspectionEhs/GetMyEhs', {}, login.token)).data) as SafetyIssue[];
    // Seed: two issues 3 and 17 days ago; the one 45 days ago (未佩戴安全帽) is outside the window.
    expect(issues).toHaveLength(2);

    await phone.page.getByRole('heading', { name: '近30天安全问题' }).waitFor();
    const cards = phone.page.locator('.ehs-issue');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    for (const [index, issue] of issues.entries()) {
      const card = cards.nth(index);
      expect(await card.locator('.ehs-issue-title').textContent()).toBe(issue.ISSUE_DESCR);
      // Seed: every issue's type is in the dictionary, so the card names it instead of showing the code.
      expect(issue.TYPE_NAME).toBeTruthy();
      expect(await card.getByText(issue.TYPE_CODE).count()).toBe(0);
      for (const value of [issue.WORK_PROCESS, issue.INSPECTION_DATE, issue.TYPE_NAME ?? '', String(issue.BAD_QTY)]) {
        await card.locator('dd', { hasText: value }).first().waitFor();
      }
    }
    expect(await phone.page.getByText('未佩戴安全帽').count()).toBe(0);
    await screenshot(phone.page, 'my-ehs');
  });

  it('shows the empty state to an employee without issues', async () => {
    // Seed: 100002 has id 3, and 3 % 3 ≠ 1.
    await openSignedIn(phone, '100002', '/inspection/my-ehs');
    await phone.page.getByText('近30天没有安全问题').waitFor();
    await screenshot(phone.page, 'my-ehs-empty');
  });
});
