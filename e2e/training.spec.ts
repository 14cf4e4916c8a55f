// Training in the 375×667 phone against the real server: the seek guard snapping back in Chromium's own video
// element (and holding after a reload, from what the server kept), a study record saved on pause, a document
// studied with 开始学习 / 结束学习, an exam with every question type answered and then read-only with its score,
// the survey moving to 已完成 (its draft surviving a reload), the handbook, and the watermarked onboarding guide.
import { describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { nextFrame, openSignedIn, recordRequests, screenshot } from './screen-helpers';

const VIDEO_USER = '100050';
const EXAM_USER = '100051';
const SURVEY_USER = '100052';
const GUIDE_USER = '100053';
const DOCUMENT_USER = '100054';
const HANDBOOK_USER = '100055';

const phone = usePhone();
const toast = () => phone.page.locator('.adm-toast-main');

type StudyItem = { id: number; materialName: string; studiedSeconds: number; coverage: number | null };
const studyItems = async (token: string) => (await api<StudyItem[]>('TrainOrganize/GetTrainNotify', {}, token)).data;

const video = () => phone.page.locator('video');
const waitForTime = (seconds: number) =>
  phone.page.waitForFunction((target) => (document.querySelector('video')?.currentTime ?? 0) >= target, seconds, {
    timeout: 20_000,
  });
/**
 * Seeks as a drag of the progress bar would, and answers where the player ends up once it settled: a seek done
 * (and the guard's snap back, if any) and no other begun for three frames.
 */
const seekTo = (seconds: number) =>
  video().evaluate(
    (element: HTMLVideoElement, target) =>
      new Promise<number>((resolve) => {
        let hasSeeked = false;
        let stillFrames = 0;
        element.addEventListener('seeked', () => {
          hasSeeked = true;
        });
        const check = () => {
          stillFrames = hasSeeked && !element.seeking ? stillFrames + 1 : 0;
          if (stillFrames >= 3) resolve(element.currentTime);
          else requestAnimationFrame(check);
        };
        element.currentTime = target;
        requestAnimationFrame(check);
      }),
    seconds,
  );

describe('video study', () => {
  it('snaps a seek ahead back, saves the record on pause, and keeps the guard after a reload', async () => {
    const { page } = phone;
    const records = recordRequests(page, 'TrainOrganize/ModifyTrainStudyDetail');
    const login = await openSignedIn(phone, VIDEO_USER, '/train/learn-list');
    await page.getByText('安全生产第一课（视频）').click();
    await page.waitForURL(/\/train\/video-learn\?/);
    expect(await video().getAttribute('preload')).toBe('auto');
    expect(await video().getAttribute('x5-playsinline')).toBe('true');
    expect(await video().evaluate((element: HTMLVideoElement) => element.autoplay || !element.paused)).toBe(false);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await screenshot(page, 'training-video');

    await video().evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await waitForTime(2);
    const landed = await seekTo(7);
    expect(landed).toBeLessThan(3.5);
    await toast().getByText('请按顺序观看，不能拖动到尚未观看的位置').waitFor();
    // Backwards is fine.
    expect(await seekTo(0.5)).toBeLessThan(2);
    await waitForTime(2.5);

    await video().evaluate((element: HTMLVideoElement) => element.pause());
    await expect.poll(() => records.length, { timeout: 5000 }).toBeGreaterThan(0);
    const modify = records[0]?.modify as { StudyStartDate: string; StudyEndDate: string };
    expect(Date.parse(modify.StudyEndDate) - Date.parse(modify.StudyStartDate)).toBeGreaterThanOrEqual(1000);
    // The record and the stretch reported on pause reach the server.
    await expect
      .poll(
        async () => {
          const item = (await studyItems(login.token)).find((row) => row.materialName.includes('视频'));
          return (item?.studiedSeconds ?? 0) >= 1 && (item?.coverage ?? 0) > 0.2;
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    // Another load of the page (or another phone) knows how far the video was watched.
    const progressRead = page.waitForResponse((response) => response.url().endsWith('/TrainOrganize/GetStudyProgress'));
    await page.reload();
    await progressRead;
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await nextFrame(page);
    expect(await seekTo(1.5)).toBeCloseTo(1.5, 0);
    expect(await seekTo(7.5)).toBeLessThan(3.5);
  });

  it('records a document studied with 开始学习 and 结束学习', async () => {
    const { page } = phone;
    const login = await openSignedIn(phone, DOCUMENT_USER, '/train/learn-list');
    await page.getByText('冲压车间安全操作规程').click();
    await page.getByRole('button', { name: '开始学习' }).click();
    await page.getByText(/学习中 · 00:0/).waitFor();
    await page.locator('canvas[data-watermark]').waitFor();
    await screenshot(page, 'training-document');
    // Studied for more than the shortest session saved, by the screen's own clock.
    await page.getByText(/学习中 · 00:0[2-9]/).waitFor();
    await page.getByRole('button', { name: '结束学习' }).click();
    await toast().getByText('学习记录已保存').waitFor();
    const item = (await studyItems(login.token)).find((row) => row.materialName === '冲压车间安全操作规程');
    expect(item?.studiedSeconds).toBeGreaterThanOrEqual(1);
    await page.goBack();
    await page.getByText(/学习 \d+ 秒/).waitFor();
    await screenshot(page, 'training-learn-list');
  });
});

describe('exams and surveys', () => {
  it('answers an exam with every question type, then shows it read-only with its score', async () => {
    const { page } = phone;
    await openSignedIn(phone, EXAM_USER, '/paper/paper-list');
    await page.getByText('新员工安全知识考试').click();
    const questions = page.locator('fieldset.paper-question');
    await questions.first().waitFor();
    await page.getByRole('button', { name: '提交' }).click();
    await toast().getByText('存在必填项未填写').waitFor();

    await questions.nth(0).getByText('B. 绿区').click();
    for (const option of ['A. 安全帽', 'B. 安全鞋', 'C. 护目镜', 'D. 其他（请注明）']) {
      await questions.nth(1).getByText(option).click();
    }
    await questions.nth(1).getByRole('textbox').fill('反光背心');
    await questions.nth(2).getByText('错', { exact: true }).click();
    await questions.nth(3).getByLabel('第 1 空').fill('预防');
    await questions.nth(3).getByLabel('第 2 空').fill(' 综合 ');
    // Full-width digits count as the same answer.
    await questions.nth(4).getByLabel('第 1 空').fill('８１２０');
    await questions.nth(5).getByRole('textbox').fill('多做班前安全讲话');
    await screenshot(page, 'training-exam');
    await page.getByRole('button', { name: '提交' }).click();
    await toast().getByText('提交成功').waitFor();
    await page.waitForURL(/\/paper\/paper-list$/);
    // 其他 was ticked too: the multiple choice is all or nothing.
    await page.getByText('80 / 100 分').waitFor();
    await page.getByText('已提交').waitFor();
    await screenshot(page, 'training-exam-list');

    await page.getByText('新员工安全知识考试').click();
    await page.getByText('得分：80 分（满分 100 分）').waitFor();
    expect(await page.getByRole('button', { name: '提交' }).count()).toBe(0);
    expect(await questions.nth(3).getByLabel('第 2 空').inputValue()).toBe('综合');
    await screenshot(page, 'training-exam-read-only');
  });

  it('keeps a survey’s answers over a reload, submits it, and lists it as 已完成', async () => {
    const { page } = phone;
    await openSignedIn(phone, SURVEY_USER, '/user/my-demand');
    await page.getByText('2026 年度培训需求调查').click();
    const questions = page.locator('fieldset.paper-question');
    await questions.first().waitFor();
    await questions.nth(0).getByText('B. 现场实操').click();
    await questions.nth(1).getByText('A. 安全生产').click();
    await page.reload();
    await questions.first().waitFor();
    expect(await questions.nth(0).getByRole('radio', { name: 'B. 现场实操' }).isChecked()).toBe(true);
    await questions.nth(2).getByText('对', { exact: true }).click();
    await questions.nth(3).getByLabel('第 1 空').fill('6');
    await page.getByRole('button', { name: '提交' }).click();
    await toast().getByText('提交成功').waitFor();
    await page.waitForURL(/\/user\/my-demand$/);
    await page.getByText('已完成').waitFor();
    expect(await page.getByRole('link', { name: /培训需求调查/ }).count()).toBe(0);
    await screenshot(page, 'training-survey-list');
  });
});

describe('handbook and onboarding guide', () => {
  it('shows the handbook with its pages', async () => {
    const { page } = phone;
    await openSignedIn(phone, HANDBOOK_USER, '/train/emp-handbook');
    await page.getByText('1 / 5').waitFor();
    await page.getByRole('button', { name: '下一页' }).click();
    await page.getByText('2 / 5').waitFor();
    await screenshot(page, 'training-handbook');
  });

  it('draws the reader’s name and number over the guide, and serves it to signed-in users only', async () => {
    const { page } = phone;
    const login = await openSignedIn(phone, GUIDE_USER, '/train/emp-zhiyin');
    const canvas = page.locator(`canvas[data-watermark="${login.userName} ${GUIDE_USER}"]`);
    await canvas.waitFor();
    await screenshot(page, 'training-guide');
    const response = await fetch(`${page.url().split('/train')[0]}/api/media/onboarding-guide.pdf`);
    expect(response.status).toBe(401);
  });
});
