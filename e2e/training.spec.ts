// Training in the 375×667 phone against the real server: the seek guard snapping back in Chromium's own video
// element (and holding after a reload, from what the server kept), a study record saved on pause, a document
// studied with 开始学习 / 结束学习, an exam with every question type answered and then read-only with its score,
// the survey moving to 已完成 (its draft surviving a reload), the handbook, and the watermarked onboarding guide.
// The materials, the exam and the survey are this spec's own, assigned to employees of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { installDemoMedia } from '../apps/server/src/seed/demo-training';
import { api, usePhone } from './harness';
import { nextFrame, openSignedIn, recordRequests, screenshot } from './screen-helpers';
import {
  type MadeEmployee,
  makeEmployee,
  makePaper,
  makeStudyMaterial,
  type PaperQuestion,
  useTestData,
} from './test-data';

const phone = usePhone();
const data = useTestData();
const toast = () => phone.page.locator('.adm-toast-main');

/** Every question type: blanks of both bracket kinds, an option asking for text, answer keys and points. */
const EXAM: PaperQuestion[] = [
  {
    type: 'ST01',
    subject: '灭火器压力表的指针应指在哪个区域才能正常使用？',
    options: ['红区', '绿区', '黄区'],
    key: { optionIds: [2] },
    score: 20,
  },
  {
    type: 'ST02',
    subject: '进入冲压车间必须佩戴哪些防护用品？',
    options: ['安全帽', '安全鞋', '护目镜', ['其他（请注明）', 'fill']],
    key: { optionIds: [1, 2, 3] },
    score: 20,
  },
  { type: 'ST03', subject: '设备运转时，可以伸手清理模具里的铁屑。', key: { judge: 'N' }, score: 20 },
  {
    type: 'ST04',
    subject: '安全生产方针是：安全第一、（）为主、(  )治理。',
    key: { blanks: [['预防'], ['综合']] },
    score: 20,
  },
  { type: 'ST04', subject: '厂内急救电话是（）。', key: { blanks: [['8120', '８１２０']] }, score: 20 },
  { type: 'ST05', subject: '请写下您对本岗位安全生产的建议。', isMust: false },
];

const SURVEY: PaperQuestion[] = [
  { type: 'ST01', subject: '您更喜欢哪种培训形式？', options: ['视频课程', '现场实操', '师傅带教', ['其他', 'fill']] },
  {
    type: 'ST02',
    subject: '您希望参加哪些方面的培训？（可多选）',
    options: ['安全生产', '设备操作', '质量管理', '办公软件', ['其他', 'fill']],
  },
  { type: 'ST03', subject: '过去一年的培训对您的工作有帮助。' },
  { type: 'ST04', subject: '您每月可以用于学习的时间大约是（）小时。' },
  { type: 'ST05', subject: '对公司的培训工作，您还有什么意见或建议？', isMust: false },
];

let videoUser: MadeEmployee;
let documentUser: MadeEmployee;
let examUser: MadeEmployee;
let surveyUser: MadeEmployee;
let handbookUser: MadeEmployee;
let guideUser: MadeEmployee;

beforeAll(async () => {
  // The eight-second lesson, the rules and the onboarding guide the server ships, in its MEDIA_DIR.
  installDemoMedia(data.mediaDir);
  videoUser = await makeEmployee(data.database, { name: '视频学员' });
  documentUser = await makeEmployee(data.database, { name: '文档学员' });
  examUser = await makeEmployee(data.database, { name: '考试学员' });
  surveyUser = await makeEmployee(data.database, { name: '问卷学员' });
  handbookUser = await makeEmployee(data.database);
  guideUser = await makeEmployee(data.database, { name: '指引学员' });
  const learners = [videoUser, documentUser];
  await makeStudyMaterial(data.database, learners, { name: '安全生产第一课（视频）', fileName: 'safety-lesson.mp4' });
  await makeStudyMaterial(data.database, learners, { name: '冲压车间安全操作规程', fileName: 'safety-rules.pdf' });
  await makePaper(data.database, [examUser], {
    examType: 'EXAM',
    title: '新员工安全知识考试',
    description: '共 6 题，满分 100 分；每人只能提交一次。',
    questions: EXAM,
  });
  await makePaper(data.database, [surveyUser], {
    examType: 'DEMAND',
    title: '2026 年度培训需求调查',
    description: '请根据实际情况填写，帮助我们安排明年的培训。',
    questions: SURVEY,
  });
});

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
    const login = await openSignedIn(phone, videoUser, '/train/learn-list');
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
    // The label follows the playing before the first heartbeat's answer (ten seconds in).
    await expect.poll(async () => (await page.locator('.study-hint').textContent()) ?? '').toMatch(/已观看 [1-9]\d*%/);
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
    const login = await openSignedIn(phone, documentUser, '/train/learn-list');
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
    await openSignedIn(phone, examUser, '/paper/paper-list');
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
    // The page turns into the answer with its score; 其他 was ticked too: the multiple choice is all or nothing.
    await page.getByText('得分：80 分（满分 100 分）').waitFor();
    expect(new URL(page.url()).pathname).toBe('/paper/paper-detail');
    expect(await page.getByRole('button', { name: '提交' }).count()).toBe(0);
    expect(await questions.nth(3).getByLabel('第 2 空').inputValue()).toBe('综合');
    await screenshot(page, 'training-exam-read-only');

    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL(/\/paper\/paper-list$/);
    await page.getByText('80 / 100 分').waitFor();
    await page.getByText('已提交').waitFor();
    await screenshot(page, 'training-exam-list');
  });

  it('tells a refused survey list as a toast, beside the page’s own 重试', async () => {
    const { page } = phone;
    await page.route('**/api/TrainOrganize/GetPersonDemandSurvey', (route) =>
      route.fulfill({ json: { result: false, msg: '问卷系统维护中', data: null } }),
    );
    await openSignedIn(phone, surveyUser, '/user/my-demand');
    await toast().getByText('问卷系统维护中').waitFor();
    await page.getByRole('button', { name: '重试' }).waitFor();
  });

  it('keeps a survey’s answers over a reload, submits it, and lists it as 已完成', async () => {
    const { page } = phone;
    await openSignedIn(phone, surveyUser, '/user/my-demand');
    // Opened from a link (a tab of its own): nothing in the app to go back to.
    const link = (await page.getByRole('link', { name: /培训需求调查/ }).getAttribute('href')) ?? '';
    await page.goto(link);
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
    await openSignedIn(phone, handbookUser, '/train/emp-handbook');
    await page.getByText('1 / 5').waitFor();
    await page.getByRole('button', { name: '下一页' }).click();
    await page.getByText('2 / 5').waitFor();
    await screenshot(page, 'training-handbook');
  });

  it('draws the reader’s name and number over the guide, and serves it to signed-in users only', async () => {
    const { page } = phone;
    await openSignedIn(phone, guideUser, '/train/emp-zhiyin');
    const canvas = page.locator(`canvas[data-watermark="${guideUser.name} ${guideUser.empNo}"]`);
    await canvas.waitFor();
    await screenshot(page, 'training-guide');
    const response = await fetch(`${page.url().split('/train')[0]}/api/media/onboarding-guide.pdf`);
    expect(response.status).toBe(401);
  });
});
