// 轮播图: the HR of NT uploads a picture in the console at 1366×768, sees it on a 375 px phone in the preview and
// publishes it for NT; an NT worker's home carousel at 375×667 shows it (as WebP within 60 KB, the JPEG beside it
// within 60 KB too) and a tap opens the page it links to; a worker of another plant does not get it. The HR clerk
// and the workers are this spec's own.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { findAxeViolations } from './axe';
import { newDesk, usePhone } from './harness';
import { openSignedIn, screenshot, tapWhenStill } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone({ deviceScaleFactor: 2 });
const data = useTestData();

const TITLE = `南通厂安全月 ${Date.now() % 100_000}`;
const MAX_BYTES = 60 * 1024;

let hr: MadeEmployee;
let ntWorker: MadeEmployee;
let gtWorker: MadeEmployee;

/** A photo-like 1800×900 picture: fine grain over colour gradients, as a camera's would be. */
const photo = async () => {
  const width = 1800;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const grain = (state >> 24) - 64;
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, 30 + x / 10 + grain / 3));
      pixels[at + 1] = Math.max(0, Math.min(255, 90 + y / 8 + grain / 3));
      pixels[at + 2] = Math.max(0, Math.min(255, 160 - x / 20 + grain / 3));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 90 })
    .toBuffer();
};

beforeAll(async () => {
  hr = await makeHrClerk(data.database, { plant: 'NT', plants: ['NT'], name: '南通人事' });
  ntWorker = await makeEmployee(data.database, { plant: 'NT', name: '南通员工' });
  gtWorker = await makeEmployee(data.database, { plant: 'GT', name: '外厂员工' });
});

describe('a banner published for NT', () => {
  it('is uploaded and previewed in the console, shown in NT’s carousel, and not in another plant’s', async () => {
    // Axe is injected into the console's pages: the desk lets a test's script in past the CSP.
    const desk = await newDesk(phone.browser, { bypassCSP: true });
    try {
      await openSignedIn(desk, hr, '/admin/banners');
      const page = desk.page;
      await page.getByRole('button', { name: '新建轮播图' }).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '新建轮播图' }).click();
      const drawer = page.getByRole('dialog', { name: '新建轮播图' });
      await drawer.locator('input[type=file]').setInputFiles({
        name: '安全月.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      });
      await drawer.getByText(/^手机尺寸 750×375，WebP \d+ KB，JPEG \d+ KB$/).waitFor();
      await drawer.getByLabel('标题').fill(TITLE);
      // The preview is a 375 px phone's home with this picture in its carousel.
      const preview = drawer.locator('.banner-phone-screen');
      expect((await preview.boundingBox())?.width).toBeCloseTo(377, 0);
      await preview.getByRole('img', { name: TITLE }).waitFor();
      await drawer.getByRole('radio', { name: '打开应用内页面' }).check();
      await drawer.getByRole('combobox', { name: '应用内页面' }).click();
      // Chosen once the list has stopped opening: a click during its animation can miss the option.
      await tapWhenStill(page.getByTitle('安全问题（/inspection/my-ehs）'));
      await drawer.getByText('点击后：安全问题').waitFor();
      // The list closes with an animation: checked once it is gone, as the clerk then sees the drawer.
      await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
      // The clerk of NT alone: the plant is chosen for them, and the whole company is not theirs to pick.
      await drawer.getByText('面向全公司的轮播图只有系统管理员可以发布。').waitFor();
      expect(await drawer.getByRole('checkbox', { name: '全公司' }).count()).toBe(0);
      await page.screenshot({ path: 'e2e/screenshots/console-banner-drawer.png' });
      expect(await findAxeViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: '保存' }).click();
      await page.getByText('轮播图已保存').waitFor();
      const row = page.locator('.ant-table-row', { hasText: TITLE });
      await row.getByText('生效中').waitFor();
      await row.getByText('NT', { exact: true }).waitFor();
      expect(await findAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: 'e2e/screenshots/console-banners.png' });
    } finally {
      await desk.context.close();
    }

    const served: { url: string; type: string; bytes: number }[] = [];
    phone.page.on('response', async (response) => {
      if (!response.url().includes('/api/banner-images/')) return;
      served.push({
        url: new URL(response.url()).pathname,
        type: response.headers()['content-type'] ?? '',
        bytes: (await response.body()).length,
      });
    });
    await openSignedIn(phone, ntWorker, '/home');
    const carousel = phone.page.getByRole('region', { name: '图片轮播' });
    const picture = carousel.getByRole('img', { name: TITLE });
    await picture.waitFor();
    // Chromium reads WebP: the <picture> takes it, once, within 60 KB.
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(750);
    const webpUrl = new URL(await picture.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname;
    expect(webpUrl).toMatch(/\.webp$/);
    await expect.poll(() => served.filter((item) => item.url === webpUrl)).toHaveLength(1);
    const [webp] = served.filter((item) => item.url === webpUrl);
    expect(webp?.type).toBe('image/webp');
    expect(webp?.bytes).toBeLessThanOrEqual(MAX_BYTES);
    // The JPEG an iOS 12 Safari would take instead, as the phone's session gets it.
    const jpegUrl = await carousel
      .locator('picture', { has: phone.page.getByRole('img', { name: TITLE }) })
      .locator('img')
      .getAttribute('src');
    const jpeg = await phone.context.request.get(jpegUrl as string);
    expect(jpeg.headers()['content-type']).toBe('image/jpeg');
    expect(jpeg.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await jpeg.body()).length).toBeLessThanOrEqual(MAX_BYTES);
    await screenshot(phone.page, 'home-banner-nt');

    // A tap on it opens the page it links to, in the app.
    const link = carousel.getByRole('link', { name: TITLE });
    expect(await link.getAttribute('href')).toBe('/inspection/my-ehs');
    await link.dispatchEvent('click');
    await phone.page.waitForURL('**/inspection/my-ehs');

    // Another plant's worker gets the company's banners, not NT's.
    await phone.context.clearCookies();
    await openSignedIn(phone, gtWorker, '/home');
    await carousel.getByRole('img', { name: '安全生产 人人有责' }).waitFor();
    expect(await carousel.getByRole('img', { name: TITLE }).count()).toBe(0);
  });
});
