// 长辈版 (large text): offered once on the first visit to home, kept for the employee on the server, so a second
// phone opens in it too; the switch in 我的 → 设置 turns it off everywhere.
import { describe, expect, it } from 'vitest';
import { newPhone, usePhone } from './harness';
import { openSignedIn, screenshot } from './screen-helpers';
import { makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

/** Whether the page is in 长辈版, and the size of the home's first tile label and of body text. */
const looksOf = (page: typeof phone.page) =>
  page.evaluate(() => ({
    isLarge: document.documentElement.classList.contains('ess-large'),
    bodyPx: Number.parseFloat(getComputedStyle(document.body).fontSize),
  }));

describe('长辈版', () => {
  it('is offered once, follows the employee to another phone, and is turned off in 设置', async () => {
    const worker = await makeEmployee(data.database, { name: '老师傅', largeText: null });
    await openSignedIn(phone, worker, '/home');
    const offer = phone.page.getByRole('dialog', { name: '使用长辈版吗？' });
    await offer.getByText('长辈版的字和按钮更大').waitFor();
    await screenshot(phone.page, 'large-text-offer');
    await offer.getByRole('button', { name: '使用长辈版' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await looksOf(phone.page)).toEqual({ isLarge: true, bodyPx: 18 });
    // Main text at 18 px or more, lines at 1.3 or more.
    const tileLabel = phone.page.locator('.menu-tile').first();
    await tileLabel.waitFor();
    const listText = await phone.page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { lineHeight: Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize) };
    });
    expect(listText.lineHeight).toBeGreaterThanOrEqual(1.3);
    // Home down to the screens that matter most, big, with the words under the icons; the rest one tap away.
    await phone.page.getByRole('heading', { name: '常用功能' }).waitFor();
    const tiles = phone.page.locator('.menu-group-essentials .menu-tile');
    expect(await tiles.allTextContents()).toEqual([
      '我的考勤',
      '我的工资',
      '餐费扣款',
      '我的鞋柜',
      '我的消息',
      '学习中心',
    ]);
    for (const box of await tiles.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON()))) {
      expect(box.width).toBeGreaterThanOrEqual(60);
      expect(box.height).toBeGreaterThanOrEqual(60);
    }
    const tileText = await tiles
      .first()
      .locator('.menu-tile-name')
      .evaluate((name) => Number.parseFloat(getComputedStyle(name).fontSize));
    expect(tileText).toBeGreaterThanOrEqual(18);
    await screenshot(phone.page, 'large-text-home');
    await phone.page.getByRole('button', { name: '全部功能' }).click();
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    // Not offered again.
    await phone.page.reload();
    await tileLabel.waitFor();
    expect(await offer.count()).toBe(0);

    // Another phone, nothing stored on it: the profile brings 长辈版 along.
    const second = await newPhone(phone.browser);
    try {
      await openSignedIn(second, worker, '/system-setting/person-setting');
      const largeSwitch = second.page.getByRole('switch', { name: '长辈版（大字体）' });
      await largeSwitch.waitFor();
      expect(await looksOf(second.page)).toEqual({ isLarge: true, bodyPx: 18 });
      expect(await largeSwitch.getAttribute('aria-checked')).toBe('true');
      await screenshot(second.page, 'large-text-settings');
      await largeSwitch.click();
      await expect.poll(() => looksOf(second.page)).toEqual({ isLarge: false, bodyPx: 13 });
      expect(await largeSwitch.getAttribute('aria-checked')).toBe('false');
    } finally {
      await second.context.close();
    }
    // The first phone takes it up at its next visit.
    await phone.page.reload();
    await tileLabel.waitFor();
    await expect.poll(() => looksOf(phone.page)).toEqual({ isLarge: false, bodyPx: 13 });
  });
});
