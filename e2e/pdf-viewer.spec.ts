// The handbook viewer on a phone: it opens fitted to the width, 100 % is the printed size (sharp on a 2×
// screen, panned sideways), 40 % the smallest, and two fingers pinch between them with one redraw per pinch.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from './harness';
import { nextFrame, screenshot } from './screen-helpers';

/**
 * The handbook the web app ships (apps/web/public/handbook.pdf), opened signed out from /login, so no employee is
 * needed: A4, 595 × 842 PDF points.
 */
const PAGE_WIDTH_PT = 595;
/** The canvas' margin on each side (pdf-viewer.css). */
const MARGIN = 8;

const phone = usePhone({ deviceScaleFactor: 2 });

const openHandbook = async () => {
  await phone.page.goto('/login');
  await phone.page.getByRole('button', { name: '《员工手册》' }).click();
  const dialog = phone.page.getByRole('dialog', { name: '员工手册' });
  await dialog.getByText('1 / 5').waitFor();
  return dialog;
};

const frameOf = (dialog: Locator) => dialog.locator('.pdf-viewer-frame');
const canvasOf = (dialog: Locator) => dialog.locator('canvas');
const scaleOf = async (dialog: Locator) =>
  Number((await dialog.locator('.pdf-viewer-scale').textContent())?.replace('%', ''));
/** The canvas' CSS width once drawn (it is set when a render completes). */
const drawnWidth = (dialog: Locator) => canvasOf(dialog).evaluate((canvas) => canvas.style.width);

/** Two fingers on the page moving from `from` px apart to `to` px apart, through real touch events. */
const pinch = async (dialog: Locator, from: number, to: number) => {
  const box = await frameOf(dialog).boundingBox();
  if (!box) throw new Error('no viewer');
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + box.height / 2);
  const fingers = (distance: number) => [
    { x: x - Math.round(distance / 2), y, id: 0 },
    { x: x + Math.round(distance / 2), y, id: 1 },
  ];
  const cdp = await phone.page.context().newCDPSession(phone.page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  const steps = 12;
  for (let step = 1; step <= steps; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(from + ((to - from) * step) / steps),
    });
    await nextFrame(phone.page);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

/** Counts the times the page on screen is drawn again (its bitmap resized) from now on. */
const countRedraws = (dialog: Locator) =>
  canvasOf(dialog).evaluate((canvas) => {
    const counter = { redraws: 0 };
    new MutationObserver((records) => {
      counter.redraws += records.filter((record) => record.attributeName === 'width').length;
    }).observe(canvas, { attributes: true });
    (window as unknown as { pdfRedraws: typeof counter }).pdfRedraws = counter;
  });
const redrawsSoFar = () =>
  phone.page.evaluate(() => (window as unknown as { pdfRedraws: { redraws: number } }).pdfRedraws.redraws);

describe('handbook viewer', () => {
  it('opens at the size that fits the width, shown as that percentage', async () => {
    const dialog = await openHandbook();
    const frameWidth = await frameOf(dialog).evaluate((frame) => frame.clientWidth);
    const fitted = Math.round(((frameWidth - 2 * MARGIN) / PAGE_WIDTH_PT) * 100);
    expect(fitted).toBeGreaterThan(40);
    expect(fitted).toBeLessThan(100);
    await dialog.getByText(`${fitted}%`).waitFor();
    await expect.poll(() => drawnWidth(dialog)).toBe(`${Math.floor((PAGE_WIDTH_PT * fitted) / 100)}px`);
    expect(await frameOf(dialog).evaluate((frame) => frame.scrollWidth <= frame.clientWidth)).toBe(true);
  });

  it('shows 100 % at the printed size with device pixels, panned sideways, and stops at 40 %', async () => {
    const dialog = await openHandbook();
    await expect.poll(() => drawnWidth(dialog)).not.toBe('');
    for (let step = 0; step < 7 && (await scaleOf(dialog)) < 100; step += 1) {
      await dialog.getByRole('button', { name: '放大' }).click();
    }
    await dialog.getByText('100%').waitFor();
    await expect.poll(() => drawnWidth(dialog)).toBe(`${PAGE_WIDTH_PT}px`);
    expect(await canvasOf(dialog).evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBe(PAGE_WIDTH_PT * 2);
    const frame = frameOf(dialog);
    expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await frame.evaluate((element) => {
      element.scrollLeft = 120;
    });
    expect(await frame.evaluate((element) => element.scrollLeft)).toBe(120);
    await screenshot(phone.page, 'handbook-100');
    await dialog.getByRole('button', { name: '放大' }).click();
    await phone.page.getByText('已是最大比例').waitFor();

    for (let step = 0; step < 6; step += 1) await dialog.getByRole('button', { name: '缩小' }).click();
    await dialog.getByText('40%').waitFor();
    await expect.poll(() => drawnWidth(dialog)).toBe(`${Math.floor(PAGE_WIDTH_PT * 0.4)}px`);
    await dialog.getByRole('button', { name: '缩小' }).click();
    await phone.page.getByText('已是最小比例').waitFor();
  });

  it('zooms by pinching, within 40–100 %, drawing the page once per pinch', async () => {
    const dialog = await openHandbook();
    await expect.poll(() => drawnWidth(dialog)).not.toBe('');
    const fitted = await scaleOf(dialog);
    await countRedraws(dialog);

    await pinch(dialog, 100, 140);
    await expect.poll(() => scaleOf(dialog)).toBeGreaterThan(fitted);
    const pinched = await scaleOf(dialog);
    expect(pinched).toBeLessThan(100);
    await expect.poll(() => drawnWidth(dialog)).toBe(`${Math.floor((PAGE_WIDTH_PT * pinched) / 100)}px`);
    expect(await redrawsSoFar()).toBe(1);

    await pinch(dialog, 80, 300);
    await expect.poll(() => scaleOf(dialog)).toBe(100);
    await expect.poll(() => drawnWidth(dialog)).toBe(`${PAGE_WIDTH_PT}px`);
    expect(await redrawsSoFar()).toBe(2);

    await pinch(dialog, 300, 40);
    await expect.poll(() => scaleOf(dialog)).toBe(40);
    await expect.poll(() => drawnWidth(dialog)).toBe(`${Math.floor(PAGE_WIDTH_PT * 0.4)}px`);
    expect(await redrawsSoFar()).toBe(3);
  });
});
