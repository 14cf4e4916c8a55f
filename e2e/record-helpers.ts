// Helpers of the personal-record specs: pictures and files to upload, pickers, dates, the reviewer's list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { api } from './harness';
import { waitForStillness } from './screen-helpers';

/** A JPEG drawn by the page's own canvas (what a phone's camera hands over). */
export const makeJpeg = async (page: Page, { width, height }: { width: number; height: number }) => {
  const dataUrl = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#d9e6ff');
      gradient.addColorStop(1, '#0b5ad9');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#f5c38b';
      context.beginPath();
      context.arc(width / 2, height / 2, Math.min(width, height) / 3, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/jpeg', 0.95);
    },
    { width, height },
  );
  return Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
};

/** The JPEG with an EXIF orientation written in (6: the camera was held upright, the pixels lie on their side). */
export const withExifOrientation = (jpeg: Buffer, orientation: number) => {
  const app1 = Buffer.from([
    0xff,
    0xe1,
    0x00,
    0x22,
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00,
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
};

/** A real five-page PDF of 12 KB (written by apps/server/scripts/cjk-pdf.mjs), small as a scanned certificate is. */
export const readPdf = () => readFileSync(path.resolve(import.meta.dirname, 'fixtures/certificate.pdf'));

/** Clicks `button` and hands the file chooser it opens the file. */
export const chooseFile = async (
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) => {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
};

/**
 * Opens the picker behind the button named `label：…` and works it by keyboard only: the first column has the
 * focus, ↓ n times per column (↑ for negative n), Tab to the next column, Tab on to 确定 and Enter. The focus
 * returns to the button.
 */
export const pickByKeyboard = async (scope: Page | Locator, page: Page, label: string, steps: number[]) => {
  const trigger = scope.getByRole('button', { name: new RegExp(`^${label}：`) });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: `选择${label}` });
  await picker.waitFor();
  await waitForStillness(page);
  for (const [index, count] of steps.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    for (let step = 0; step < Math.abs(count); step += 1) {
      await page.keyboard.press(count > 0 ? 'ArrowDown' : 'ArrowUp');
      await waitForStillness(page);
    }
  }
  // Tab past the remaining columns, round to 取消, then 确定 (the focus stays inside the picker).
  const confirm = picker.getByRole('button', { name: '确定' });
  for (let tab = 0; tab < 6 && !(await confirm.evaluate((button) => document.activeElement === button)); tab += 1) {
    await page.keyboard.press('Tab');
  }
  await confirm.evaluate((button) => {
    if (document.activeElement !== button) throw new Error('Tab did not reach 确定');
  });
  await page.keyboard.press('Enter');
  await picker.waitFor({ state: 'hidden' });
  await trigger.evaluate((button) => {
    if (document.activeElement !== button) throw new Error('the focus did not return to the button');
  });
};

/** The pending change request of an employee, as the reviewer's list has it (paged on until it shows). */
export const pendingChangeOf = async (token: string, empNo: string) => {
  for (let page = 1; ; page += 1) {
    const list = await api<{ id: number; empNo: string; kind: string }[]>(
      'Review/GetChangeList',
      { status: 'pending', CurrentPage: page, PageSize: 50 },
      token,
    );
    const change = list.data.find((item) => item.empNo === empNo);
    if (change) return change;
    if (list.data.length < 50) throw new Error(`no pending change of ${empNo}`);
  }
};

const toastText = (page: Page, text: string) => page.locator('.adm-toast-main').getByText(text);

/** Uploads a picture through the uploader named `label` (its album button), and waits for its thumbnail. */
export const uploadPicture = async (page: Page, scope: Page | Locator, label: string) => {
  await chooseFile(page, scope.getByRole('button', { name: `从相册选择：${label}` }), {
    name: `${label}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, { width: 1200, height: 760 }),
  });
  await scope.getByRole('button', { name: `查看${label}` }).waitFor();
};

/** Adds an education record through its sheet (本科, four and two years ago, no diploma). */
export const addEducation = async (page: Page, school: string) => {
  await page.getByRole('button', { name: '添加学历' }).click();
  const sheet = page.getByRole('dialog', { name: '添加学历' });
  await sheet.waitFor();
  await pickByKeyboard(sheet, page, '学历', [4]);
  await sheet.getByLabel(/^专业/).fill('数控技术');
  await sheet.getByLabel(/^学校/).fill(school);
  await pickByKeyboard(sheet, page, '开始日期', [-4]);
  await pickByKeyboard(sheet, page, '结束日期', [-2]);
  await sheet.getByRole('button', { name: '确定' }).click();
  await sheet.waitFor({ state: 'detached' });
};

/** Fills every field of the base data form of an employee who has none on file, married, both scans uploaded. */
export const fillBaseForm = async (page: Page) => {
  await page.getByLabel(/^身份证号码/).fill('320682199001011231');
  await page.getByLabel(/^联系电话/).fill('13900001111');
  await page.getByLabel(/^现居住地/).fill('江苏省南通市港闸区永兴路 12 号');
  await pickByKeyboard(page, page, '户口类型', [1]);
  await page.getByLabel(/^身高/).fill('168.5');
  await page.getByLabel(/^体重/).fill('58');
  await pickByKeyboard(page, page, '政治面貌', [0]);
  await page.getByText('已婚', { exact: true }).click();
  await pickByKeyboard(page, page, '生育状况', [1]);
  await page.getByLabel(/^紧急联系人姓名/).fill('王秀英');
  await pickByKeyboard(page, page, '与紧急联系人关系', [1]);
  await page.getByLabel(/^紧急联系人电话/).fill('0513-85551234');
  await uploadPicture(page, page, '身份证正面照片');
  await toastText(page, '上传成功').waitFor();
  await uploadPicture(page, page, '身份证反面照片');
};
