// A new handbook version published in the console (1366×768) by the HR of NT: an NT worker is asked to read and accept
// it in the 375×667 app at their next sign-in (home's dialog, before the page they meant to open), accepts it, is not
// asked again, and the console's rate counts the acceptance; an NT worker signed in from before is asked on home. The version is withdrawn afterwards, so the specs after this one meet NT's handbook as before.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/test/pdf';
import { findAxeViolations } from './axe';
import { api, newDesk, sha256, usePhone } from './harness';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot, signInAs, waitForStillness } from './screen-helpers';
import { FACTORY_PASSWORD, type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let worker: MadeEmployee;
let hr: MadeEmployee;
let versionId: number | undefined;
const LABEL = `E2E 修订版 ${Date.now() % 100000}`;

beforeAll(async () => {
  // Has accepted NT's handbook as it is: the new version is what asks again.
  worker = await makeEmployee(data.database, { name: '手册员工', plant: 'NT' });
  hr = await makeHrClerk(data.database, { plant: 'NT', plants: ['NT'] });
});

afterAll(async () => {
  if (versionId !== undefined) {
    await api('Handbook/WithdrawVersion', { id: versionId, reason: '测试结束' }, await tokenOf(hr));
  }
});

/** The console's figure 已确认 N / M 人 of the version shown. */
const acceptedFigure = async (page: Page) => {
  const text =
    (await page
      .getByText(/^\d+ \/ \d+ 人$/)
      .first()
      .textContent()) ?? '';
  const [accepted, employees] = text.replace(' 人', '').split(' / ').map(Number);
  return { accepted: accepted as number, employees: employees as number };
};

describe('a handbook version published in the console', () => {
  it('is asked of an NT worker at sign-in, accepted there, and counted in the console', async () => {
    const worker0 = await api<{ appReadStatus: string }>('Account/CheckLogin', {
      userAccount: worker.empNo,
      password: sha256(FACTORY_PASSWORD),
      isRemember: true,
    });
    expect(worker0.data.appReadStatus).toBe('Y');

    const desk = await newDesk(phone.browser);
    try {
      await openSignedIn(desk, hr, '/admin/handbook');
      const page = desk.page;
      await page.getByRole('table', { name: '版本' }).waitFor();
      await page.getByRole('button', { name: '上传新版本' }).click();
      const dialog = page.getByRole('dialog', { name: '上传新版本：员工手册' });
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'handbook-2026.pdf',
        mimeType: 'application/pdf',
        buffer: makePdf([`Employee handbook ${LABEL}`, 'Chapter 2']),
      });
      await dialog.getByLabel('版本名称').fill(LABEL);
      // The clerk of one plant publishes for it: NT is ticked already, effective today.
      expect(await dialog.getByRole('checkbox', { name: 'NT' }).isChecked()).toBe(true);
      await screenshot(page, 'console-handbook-upload');
      await dialog.getByRole('button', { name: '发布' }).click();
      await page.getByText('已发布').waitFor();
      const row = page.locator('.ant-table-row', { hasText: LABEL });
      await row.getByText('当前', { exact: true }).waitFor();
      await page.getByText(`确认情况：${LABEL}`).waitFor();
      const before = await acceptedFigure(page);
      expect(before.accepted).toBe(0);
      expect(before.employees).toBeGreaterThan(0);
      await screenshot(page, 'console-handbook-versions');
      const versions = await api<{ id: number; label: string }[]>(
        'Handbook/GetVersions',
        { kind: 'handbook', bu: 'NT' },
        await tokenOf(hr),
      );
      versionId = versions.data.find((version) => version.label === LABEL)?.id;
      expect(versionId).toBeDefined();

      // The worker signs in on the phone, from a link to the payslip: the new version comes before anything else.
      await phone.page.goto('/login?redirect=%2Fsalary%2Fmy-salary');
      await phone.page.getByLabel('账号').fill(worker.empNo);
      await phone.page.getByLabel('密码').fill(FACTORY_PASSWORD);
      await phone.page.getByRole('checkbox', { name: /我已阅读并同意\s*《员工手册》/ }).check({ force: true });
      await phone.page.getByRole('button', { name: '登录' }).click();
      await phone.page.waitForURL('**/home');
      const handbook = phone.page.getByRole('dialog', { name: '员工手册' });
      await handbook.getByText(`请阅读《员工手册》（${LABEL}，`).waitFor();
      await handbook.getByText('1 / 2').waitFor();
      const confirm = handbook.getByRole('button', { name: '确认' });
      expect(await confirm.isDisabled()).toBe(true);
      await screenshot(phone.page, 'handbook-new-version-after-sign-in');
      await handbook.getByRole('checkbox', { name: '我已阅读并同意《员工手册》' }).check({ force: true });
      await confirm.click();
      await handbook.waitFor({ state: 'detached' });
      await phone.page.getByText('手册员工，您好！').waitFor();
      // Accepted: a reload of home does not ask again, nor does the next sign-in.
      await phone.page.reload();
      await phone.page.getByText('手册员工，您好！').waitFor();
      expect(await phone.page.getByRole('dialog', { name: '员工手册' }).count()).toBe(0);
      const again = await api<{ appReadStatus: string }>('Account/CheckLogin', {
        userAccount: worker.empNo,
        password: sha256(FACTORY_PASSWORD),
        isRemember: true,
      });
      expect(again.data.appReadStatus).toBe('Y');

      // The console's rate counts it.
      await page.reload();
      await page.getByText(`确认情况：${LABEL}`).waitFor();
      await page.getByText(`${before.accepted + 1} / ${before.employees} 人`).waitFor();
      await screenshot(page, 'console-handbook-accepted');
    } finally {
      await desk.context.close();
    }
  });

  it('is a console page axe finds nothing wrong with, its upload and withdraw dialogs included', async () => {
    const desk = await newDesk(phone.browser, { bypassCSP: true });
    try {
      await openSignedIn(desk, hr, '/admin/handbook');
      const page = desk.page;
      await page.getByText(`确认情况：${LABEL}`).waitFor();
      await page.getByRole('table', { name: '未确认名单' }).locator('.ant-table-row').first().waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/handbook').toEqual([]);
      await page.getByRole('button', { name: '上传新版本' }).click();
      await page.getByRole('dialog', { name: '上传新版本：员工手册' }).getByLabel('版本名称').waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/handbook with the upload dialog').toEqual([]);
      await page.getByRole('button', { name: '取消' }).click();
      await page.getByRole('button', { name: `撤回 ${LABEL}` }).click();
      await page
        .getByRole('dialog', { name: `撤回员工手册：${LABEL}` })
        .getByLabel('撤回原因')
        .waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/handbook with the withdraw dialog').toEqual([]);
    } finally {
      await desk.context.close();
    }
  });

  it('asks on home of an NT worker already signed in, and not of an HZ worker', async () => {
    const colleague = await makeEmployee(data.database, { name: '夜班员工', plant: 'NT', handbookRead: false });
    const hz = await makeEmployee(data.database, { name: 'HZ 员工', plant: 'HZ' });
    // Signed in without the sign-in screen (a session kept from before): home's gate asks.
    await signInAs(phone.context, colleague);
    await phone.page.goto('/home');
    const gate = phone.page.getByRole('dialog', { name: '员工手册' });
    await gate.getByText(`请阅读《员工手册》（${LABEL}，`).waitFor();
    await screenshot(phone.page, 'handbook-new-version-home-gate');
    const hzLogin = await api<{ appReadStatus: string; handbook: { label: string } }>('Account/CheckLogin', {
      userAccount: hz.empNo,
      password: sha256(FACTORY_PASSWORD),
      isRemember: true,
    });
    expect(hzLogin.data.appReadStatus).toBe('Y');
    expect(hzLogin.data.handbook.label).not.toBe(LABEL);
  });
});
