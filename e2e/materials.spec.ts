// 学习资料 in the console (1366×768): the HR of NT uploads a small AVI, sees the upload's progress, then the server
// check and convert it in the background (转换中 with its percentage, the list read again by itself), until it is
// 可学习 with its length, and previews it in the player; the material is deleted afterwards.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMediaTools } from '../apps/server/src/modules/materials/media-tools';
import { findAxeViolations } from './axe';
import { api, newDesk, usePhone } from './harness';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot, waitForStillness } from './screen-helpers';
import { type MadeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();
const NAME = `E2E 安全培训 ${Date.now() % 100000}`;
let hr: MadeEmployee;

/** A 3-second AVI (MPEG-4 Part 2 video, MP2 audio) made by the packaged ffmpeg: phones cannot play it as it is. */
const makeAvi = () => {
  const ffmpeg = findMediaTools({}).ffmpeg as string;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ess-e2e-avi-')), 'lesson.avi');
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=15'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'mpeg4', '-c:a', 'mp2', file],
  ]);
  return readFileSync(file);
};

beforeAll(async () => {
  hr = await makeHrClerk(data.database, { plant: 'NT', plants: ['NT'] });
});

afterAll(async () => {
  const token = await tokenOf(hr);
  const list = await api<{ id: number; name: string }[]>('TrainMaterial/GetList', { bu: 'NT', PageSize: 50 }, token);
  for (const row of list.data.filter((material) => material.name === NAME)) {
    await api('TrainMaterial/Delete', { id: row.id }, token);
  }
});

describe('学习资料 in the console', () => {
  it('takes an AVI from HR and shows it converted and ready to play', async () => {
    const desk = await newDesk(phone.browser);
    try {
      await openSignedIn(desk, hr, '/admin/materials');
      const page = desk.page;
      await page.getByRole('table', { name: '学习资料列表' }).waitFor();
      await page.getByRole('button', { name: '上传资料' }).click();
      const dialog = page.getByRole('dialog', { name: '上传学习资料' });
      await dialog.locator('input[type=file]').setInputFiles({
        name: '安全培训.avi',
        mimeType: 'video/x-msvideo',
        buffer: makeAvi(),
      });
      await dialog.getByLabel('资料名称').fill(NAME);
      await dialog.getByRole('button', { name: '开始上传' }).click();
      // The dialog closes when the last byte is in; the row then goes through 检查中 / 转换中 to 可学习.
      await dialog.waitFor({ state: 'detached', timeout: 60_000 });
      const row = page.locator('.ant-table-row', { hasText: NAME });
      await row.waitFor();
      await row.getByText('可学习', { exact: true }).waitFor({ timeout: 120_000 });
      expect(await row.getByText(/视频 · 时长 0:0[23]/).count()).toBe(1);
      await screenshot(page, 'console-materials');

      await row.getByRole('button', { name: `预览 ${NAME}` }).click();
      const player = page.getByRole('dialog', { name: NAME }).locator('video');
      await player.waitFor();
      // The converted file plays in Chromium: its length is known to the player.
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.duration), { timeout: 30_000 })
        .toBeGreaterThan(2.5);
    } finally {
      await desk.context.close();
    }
  });

  it('meets WCAG AA: the list, the upload dialog, the preview and the rename dialog', async () => {
    const desk = await newDesk(phone.browser, { bypassCSP: true });
    try {
      await openSignedIn(desk, hr, '/admin/materials');
      const page = desk.page;
      const row = page.locator('.ant-table-row', { hasText: NAME });
      await row.getByText('可学习', { exact: true }).waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/materials').toEqual([]);
      await page.getByRole('button', { name: '上传资料' }).click();
      await page.getByRole('dialog', { name: '上传学习资料' }).waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/materials with the upload dialog').toEqual([]);
      await page
        .getByRole('dialog', { name: '上传学习资料' })
        .getByRole('button', { name: /^取\s*消$/ })
        .click();
      await row.getByRole('button', { name: `预览 ${NAME}` }).click();
      await page.getByRole('dialog', { name: NAME }).locator('video').waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/materials with the preview').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: NAME }).waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: `重命名 ${NAME}` }).click();
      await page.getByRole('dialog', { name: '重命名学习资料' }).waitFor();
      await waitForStillness(page);
      expect(await findAxeViolations(page), '/admin/materials with the rename dialog').toEqual([]);
    } finally {
      await desk.context.close();
    }
  });
});
