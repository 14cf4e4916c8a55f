// Helpers of the query-screen specs: open a screen signed in, watch paged requests, scroll, pull to refresh.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { markHandbookRead, signIn } from './harness';
import { FACTORY_PASSWORD, type MadeEmployee } from './test-data';

/**
 * Signs in through the API, marks the handbook read (its dialog would cover the screen) and opens `path`; `who` is
 * an employee a factory made (e2e/test-data.ts) or a demo account's number.
 */
export const openSignedIn = async (
  { context, page }: { context: BrowserContext; page: Page },
  who: string | MadeEmployee,
  path: string,
) => {
  const login =
    typeof who === 'string' ? await signIn(context, who) : await signIn(context, who.empNo, FACTORY_PASSWORD);
  await markHandbookRead(login.token);
  await page.goto(path);
  return login;
};

/** The request bodies sent to `apiPath` from now on, in order. */
export const recordRequests = (page: Page, apiPath: string) => {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/${apiPath}`) {
      bodies.push((request.postDataJSON() ?? {}) as Record<string, unknown>);
    }
  });
  return bodies;
};

/** Scrolls the app's content area (the scroll parent of every screen) to its end. */
export const scrollToEnd = (page: Page) =>
  page.locator('main.app-main').evaluate((main) => {
    main.scrollTop = main.scrollHeight;
  });

export const scrollToTop = (page: Page) =>
  page.locator('main.app-main').evaluate((main) => {
    main.scrollTop = 0;
  });

/** The next frame the page paints: what a finger's touch events or a list's scroll handling go by. */
export const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * Every request the page sent before this call has been seen by the test's listeners: one of its own goes out
 * after them, and its event comes after theirs. What a test checks was not sent, it checks after this.
 */
export const requestsSoFar = async (page: Page) => {
  const marker = `/healthz?requests-so-far=${Date.now()}-${Math.random()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate(
    (url) =>
      fetch(url).then(
        () => undefined,
        () => undefined,
      ),
    marker,
  );
  await seen;
};

/** Scrolls to the end until `isDone` holds (each scroll may load one more page, which the list then shows). */
export const scrollUntil = async (page: Page, isDone: () => Promise<boolean>, attempts = 20) => {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await isDone()) return;
    await scrollToEnd(page);
    await nextFrame(page);
    await page.waitForLoadState('networkidle');
  }
  throw new Error('the list did not reach the expected state by scrolling');
};

/** A finger pulling `from` down by `distance` px, through real touch events (as antd-mobile's PullToRefresh reads them). */
export const pullDown = async (page: Page, from: Locator, distance = 220) => {
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to pull');
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + Math.min(box.height / 2, 20));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 12;
  for (let step = 1; step <= steps; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y + Math.round((distance * step) / steps) }],
    });
    await nextFrame(page);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

/** What moves on the screens: popups, sheets, masks, toasts and picker wheels (antd-mobile moves them from script). */
const MOVING = [
  '[role="dialog"]',
  '.adm-popup-body',
  '.adm-mask',
  '.adm-center-popup-wrap',
  '.adm-toast-main',
  '.adm-picker-column-wheel',
  '.ant-modal',
  '.ant-modal-mask',
  '.ant-popover',
  '.ant-message',
].join(', ');

/**
 * Waits until nothing on the page moves: every popup, mask and wheel in the same place and opacity for three frames
 * in a row, and no finite CSS animation or transition running (antd's). Instead of sleeping an animation's length,
 * which a busy machine stretches.
 */
export const waitForStillness = (page: Page) =>
  page.evaluate(
    (moving) =>
      new Promise<void>((resolve) => {
        const picture = () =>
          [...document.querySelectorAll(moving)]
            .map((element) => {
              const box = element.getBoundingClientRect();
              const style = getComputedStyle(element);
              return `${box.x},${box.y},${box.width},${box.height},${style.opacity},${style.transform}`;
            })
            .join('|');
        const isAnimating = () =>
          document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
            );
        let last = picture();
        let stillFrames = 0;
        const check = () => {
          const now = picture();
          stillFrames = now === last && !isAnimating() ? stillFrames + 1 : 0;
          last = now;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    MOVING,
  );

/**
 * Taps a control of a dialog or popup that has just opened, once it has settled, as a person sees it: while it still
 * zooms or slides in, a tap on a loaded machine can land where the control was a frame earlier and do nothing.
 */
export const tapWhenStill = async (control: Locator) => {
  await control.waitFor();
  await waitForStillness(control.page());
  await control.click();
};

/** A picture of the screen once it is still. */
export const screenshot = async (page: Page, name: string) => {
  await waitForStillness(page);
  return page.screenshot({ path: `e2e/screenshots/${name}.png` });
};

/** 2026年3月 for 2026-03, as the screens print months. */
export const monthLabel = (yearMonth: string) => `${yearMonth.slice(0, 4)}年${Number(yearMonth.slice(5, 7))}月`;

/** A payslip's amounts are **** until 显示金额 is tapped (a phone shared with family): taps it once the payslip is in. */
export const showPayslipAmounts = async (page: Page) => {
  await page.getByRole('region', { name: '实发工资' }).waitFor();
  await page.getByRole('button', { name: '显示金额' }).click();
};

/** ¥1,234.56 as the screens print money. */
export const yuan = (amount: number) => {
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 && cents > 0 ? '-' : ''}¥${whole}.${String(cents % 100).padStart(2, '0')}`;
};

/** Signs an employee a factory made in through the API (without marking the handbook read), as signIn does. */
export const signInAs = (context: BrowserContext, employee: MadeEmployee) =>
  signIn(context, employee.empNo, FACTORY_PASSWORD);
