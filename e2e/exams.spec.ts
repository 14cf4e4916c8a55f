// An exam from HR's bank to a worker's phone and back (1366×768 for the console, 375×667 for the phone): the HR of NT
// imports a bank of eight questions from Excel, publishes an exam that draws four of them for each worker of one
// department; the worker starts it, answers half, reloads the page in the middle and finds the same questions with
// the answers kept, finishes and sees the score; HR then sees the submission and a question's answers over its
// options in the results.
import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findAxeViolations } from './axe';
import { api, newDesk, usePhone } from './harness';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot, waitForStillness } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();
const suffix = String(Date.now() % 100000);
const CATEGORY = `E2E安全${suffix}`;
const DEPT = `E2E冲压${suffix}`;
const TITLE = `E2E 安全考试 ${suffix}`;
let hr: MadeEmployee;
let worker: MadeEmployee;

const bankSheet = () => {
  const rows = [
    ['分类', '题型', '题目', '选项A', '选项B', '选项C', '正确答案', '分值'],
    ...Array.from({ length: 8 }, (_, index) => [
      CATEGORY,
      '单选题',
      `第${index + 1}题：哪一项正确？`,
      '甲',
      '乙',
      '丙',
      'B',
      '5',
    ]),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '题库');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

/** 'yyyy-MM-dd HH:mm' in China time, `days` from now. */
const chinaTime = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const typeDate = async (page: Page, id: string, value: string) => {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
};

const pick = async (page: Page, control: Locator, title: string) => {
  await control.click();
  await page.locator(`.ant-select-item-option[title="${title}"]`).click();
};

beforeAll(async () => {
  hr = await makeHrClerk(data.database, { plant: 'NT', plants: ['NT'] });
  worker = await makeEmployee(data.database, { plant: 'NT', dept: DEPT });
});

describe('an exam from the bank', () => {
  it('is imported, published to one department, taken across a reload, and seen in the results', async () => {
    const desk = await newDesk(phone.browser, { bypassCSP: true });
    try {
      const page = desk.page;
      // The bank from Excel.
      await openSignedIn(desk, hr, '/admin/question-bank');
      await page.getByRole('button', { name: '导入题库' }).click();
      const importing = page.getByRole('dialog', { name: '导入题库' });
      await importing.locator('input[type=file]').setInputFiles({
        name: '题库.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: bankSheet(),
      });
      await importing.getByRole('button', { name: /^导\s?入$/ }).click();
      await importing.getByText('新增 8 题，更新 0 题').waitFor();
      await importing.getByRole('button', { name: /^取\s?消$/ }).click();
      await page.getByRole('button', { name: `${CATEGORY}（8 题）` }).waitFor();

      // The exam: four drawn for each worker of one department.
      await page.goto('/admin/papers');
      await page.getByRole('button', { name: '发布考试' }).click();
      const drawer = page.getByRole('dialog', { name: '发布考试' });
      await drawer.locator('#paper_title').fill(TITLE);
      await pick(page, drawer.locator('#paper_departments'), `NT ${DEPT}`);
      await typeDate(page, 'paper_opensAt', chinaTime(-1));
      await typeDate(page, 'paper_closesAt', chinaTime(7));
      await drawer.getByText('每人随机抽题').click();
      await pick(page, drawer.getByLabel('分类'), `NT · ${CATEGORY}（8 题）`);
      await drawer.getByLabel('抽几题').fill('4');
      await drawer.getByLabel('每题分值').fill('25');
      await drawer.locator('#paper_passScore').fill('60');
      await drawer.getByText('每人 4 题，总分 100').waitFor();
      await waitForStillness(page);
      await screenshot(page, 'console-exam-builder');
      await page.getByRole('button', { name: /^发\s?布$/ }).click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: /^发\s?布$/ })
        .click();
      const row = page.locator('.ant-table-row', { hasText: TITLE });
      await row.waitFor();
      await row.getByText('每人随机 4 题，满分 100，60 分及格').waitFor();
      const listed = await api<{ id: number; title: string }[]>('Paper/GetList', { bu: 'NT' }, await tokenOf(hr));
      const paperId = listed.data.find((paper) => paper.title === TITLE)?.id as number;

      // The worker, on a phone: half the answers, a reload, the rest, 提交.
      const mobile = phone.page;
      await openSignedIn(phone, worker, `/paper/paper-detail?Id=${paperId}`);
      await mobile.getByText('共 4 题，满分 100 分').waitFor();
      await mobile.getByRole('button', { name: '开始考试' }).click();
      await mobile
        .getByText(/^剩余 |^答案会自动保存$/)
        .first()
        .waitFor();
      const choices = mobile.getByText('B. 乙');
      await expect.poll(() => choices.count()).toBe(4);
      const subjects = await mobile.locator('.paper-subject').allTextContents();
      await choices.nth(0).click();
      await choices.nth(1).click();
      await mobile.getByText(/^已保存 /).waitFor();
      await screenshot(mobile, 'app-exam-attempt');
      await mobile.reload();
      await mobile.getByText('B. 乙').first().waitFor();
      expect(await mobile.locator('.paper-subject').allTextContents()).toEqual(subjects);
      await expect.poll(() => mobile.locator('.adm-radio-checked').count()).toBe(2);
      await mobile.getByText('B. 乙').nth(2).click();
      await mobile.getByText('A. 甲').nth(3).click();
      await mobile.getByRole('button', { name: '提交' }).click();
      await mobile.getByText('得分：75 分（满分 100 分）').waitFor();
      await mobile.getByText('成绩合格').waitFor();
      await screenshot(mobile, 'app-exam-result');

      // HR: the submission and a question's answers over its options.
      await page.reload();
      await row.getByText('已开始 1 人，已提交 1 人').waitFor();
      await row.getByRole('button', { name: '结果' }).click();
      const results = page.getByRole('dialog', { name: `结果：${TITLE}` });
      await results.getByText('每人按最高的一次计算').waitFor();
      await results.locator('.ant-table-row-expand-icon').first().click();
      await results
        .getByRole('img', { name: /^选项分布：/ })
        .first()
        .waitFor();
      await waitForStillness(page);
      await screenshot(page, 'console-exam-results');
      expect(await findAxeViolations(page)).toEqual([]);

      // The worker's own answers, in the order they saw them, beside the key: the fourth (甲) wrong.
      await results.getByRole('button', { name: `查看 ${worker.name} 的答卷` }).click();
      const answers = page.locator('.ant-modal', { hasText: `${worker.name}（${worker.empNo}）的答卷` });
      await answers.getByText(/^第 1 次 · .* · 75 分 · 及格$/).waitFor();
      await expect.poll(() => answers.getByText('得分 0 / 25').count()).toBe(1);
      await expect.poll(() => answers.getByText('作答：乙').count()).toBe(3);
      await waitForStillness(page);
      await screenshot(page, 'console-exam-person-answers');
    } finally {
      await desk.context.close();
    }
  });
});
