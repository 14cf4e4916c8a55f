// Every screen of the app, and its dialogs and sheets open, passes axe-core's WCAG 2 A/AA rules. Every employee and
// row the screens show is this spec's own.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDemoMedia } from '../apps/server/src/seed/demo-training';
import { findAxeViolations } from './axe';
import { api, markHandbookRead, newDesk, signIn, usePhone } from './harness';
import { addEducation, chooseFile, fillBaseForm, makeJpeg, readPdf } from './record-helpers';
import { findChange, submitPersonChange, submitWorkChange, tokenOf } from './review-helpers';
import { openSignedIn, tapWhenStill, waitForStillness } from './screen-helpers';
import {
  FACTORY_PASSWORD,
  type MadeEmployee,
  makeAttendanceDays,
  makeCabinet,
  makeDormitoryCosts,
  makeEmployee,
  makeHrClerk,
  makeMealDetails,
  makeMealMonths,
  makeMessages,
  makeNotices,
  makePaper,
  makePayslip,
  makeRecords,
  makeSafetyIssue,
  makeStudyMaterial,
  shanghaiDay,
  shanghaiMonth,
  useTestData,
} from './test-data';

const phone = usePhone({ bypassCSP: true });
const data = useTestData();

/** Has not confirmed the handbook. */
let handbookUnread: MadeEmployee;
/** Unread messages. */
let withMessages: MadeEmployee;
/** PS01, with attendance, a payslip, meals with their lines, dormitory costs, a cabinet, safety issues, notices. */
let employee: MadeEmployee;
/** Sends a change of the base data (with scans) for the reviewer's console. */
let withChange: MadeEmployee;
let reviewer: MadeEmployee;
/** Personal records on file and an edit of the work history waiting (read only here). */
let withRecords: MadeEmployee;
/** Plant NT, no records: the record screens' forms, sheets, pickers and agreements (nothing is sent). */
let recordsEditor: MadeEmployee;
/** Training's screens (read only here: nothing is studied, answered or sent). */
let trainingUser: MadeEmployee;

beforeAll(async () => {
  handbookUnread = await makeEmployee(data.database, { handbookRead: false });
  withMessages = await makeEmployee(data.database);
  await makeMessages(data.database, withMessages, [
    { title: '工资单已发布', body: '上月工资单已可查询，如有疑问请在“反馈”中提交。' },
    { title: '安全月活动', body: '本月为安全生产月，请按规定佩戴劳保用品。' },
  ]);

  employee = await makeEmployee(data.database, { empType: 'PS01' });
  await makeAttendanceDays(data.database, employee, [
    { date: shanghaiDay(0) },
    { date: shanghaiDay(1), end: null },
    { date: shanghaiDay(2) },
  ]);
  await makePayslip(data.database, employee);
  const lastMonth = shanghaiMonth(1);
  await makeMealMonths(data.database, employee, [{ month: lastMonth }, { month: shanghaiMonth(2) }]);
  await makeMealDetails(data.database, employee, [
    { at: `${lastMonth}-03 11:45`, cost: 15.5, subsidy: 5 },
    { at: `${lastMonth}-04 18:02`, cost: 12, subsidy: 0 },
  ]);
  await makeDormitoryCosts(data.database, employee, [{ month: lastMonth }, { month: shanghaiMonth(2) }]);
  await makeCabinet(data.database, employee);
  await makeSafetyIssue(data.database, employee, { date: shanghaiDay(3) });
  await makeSafetyIssue(data.database, employee, { date: shanghaiDay(17), issueDescr: '工位物料堆放超高' });
  await makeNotices(data.database, employee, [
    { description: '上月加班费与实际加班时长不符', verified: true, reply: '已核对，差额将在下月补发' },
    { type: 'AppMeals', title: '餐费扣款', description: '本月餐费扣款偏多' },
  ]);

  withChange = await makeEmployee(data.database);
  reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
  withRecords = await makeEmployee(data.database, { name: '档案员工' });
  await submitWorkChange(withRecords, await makeRecords(data, withRecords));
  recordsEditor = await makeEmployee(data.database, { plant: 'NT' });

  installDemoMedia(data.mediaDir);
  trainingUser = await makeEmployee(data.database);
  await makeStudyMaterial(data.database, [trainingUser], {
    name: '安全生产第一课（视频）',
    fileName: 'safety-lesson.mp4',
  });
  await makeStudyMaterial(data.database, [trainingUser], {
    name: '冲压车间安全操作规程',
    fileName: 'safety-rules.pdf',
  });
  await makePaper(data.database, [trainingUser], {
    examType: 'EXAM',
    title: '新员工安全知识考试',
    questions: [
      {
        type: 'ST01',
        subject: '灭火器压力表的指针应指在哪个区域？',
        options: ['红区', '绿区'],
        key: { optionIds: [2] },
        score: 25,
      },
      {
        type: 'ST02',
        subject: '进入冲压车间必须佩戴哪些防护用品？',
        options: ['安全帽', '安全鞋', ['其他（请注明）', 'fill']],
        key: { optionIds: [1, 2] },
        score: 25,
      },
      { type: 'ST03', subject: '设备运转时，可以伸手清理铁屑。', key: { judge: 'N' }, score: 25 },
      { type: 'ST04', subject: '厂内急救电话是（）。', key: { blanks: [['8120']] }, score: 25 },
      { type: 'ST05', subject: '请写下您对本岗位安全生产的建议。', isMust: false },
    ],
  });
  await makePaper(data.database, [trainingUser], {
    examType: 'DEMAND',
    title: '2026 年度培训需求调查',
    questions: [
      { type: 'ST01', subject: '您更喜欢哪种培训形式？', options: ['视频课程', '现场实操', ['其他', 'fill']] },
      { type: 'ST02', subject: '您希望参加哪些方面的培训？', options: ['安全生产', '设备操作'] },
      { type: 'ST03', subject: '过去一年的培训对您的工作有帮助。' },
      { type: 'ST04', subject: '您每月可以用于学习的时间大约是（）小时。' },
      { type: 'ST05', subject: '您还有什么意见或建议？', isMust: false },
    ],
  });
});

/** Axe on the screen as it is now; a soft expectation, so one run reports every screen that fails. */
const expectAccessible = async (screen: string, page: Page = phone.page) => {
  // Sheets, dialogs and toasts animate in; colours are measured once they have settled. A toast fading out is
  // half transparent (white on white for a moment): it is waited out, as none of the screens is about a toast.
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
  await waitForStillness(page);
  expect.soft(await findAxeViolations(page), screen).toEqual([]);
};

/** The user's home with its unread messages marked read, so no dialog covers it. */
const openQuietly = async (who: MadeEmployee, path: string) => {
  const login = await openSignedIn(phone, who, path);
  await api('SystemNotice/ModifyReadMsg', {}, login.token);
  return login;
};

/** Picks a photo through the album button, as the face photo screen offers it. */
const pickFacePhoto = async (page: Page) => {
  await chooseFile(page, page.getByRole('button', { name: '从相册选择：人脸照片' }), {
    name: 'face.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, { width: 900, height: 1200 }),
  });
  await page.getByRole('img', { name: '待上传的人脸照片' }).waitFor();
};

describe('accessibility (axe, WCAG 2 A/AA)', () => {
  it('sign-in, with the handbook open', async () => {
    await phone.page.goto('/login');
    await phone.page.getByRole('heading', { name: '员工自助系统' }).waitFor();
    await expectAccessible('/login');
    await phone.page.getByRole('button', { name: '《员工手册》' }).click();
    const dialog = phone.page.getByRole('dialog', { name: '员工手册' });
    await dialog.getByText('1 / 5').waitFor();
    await expectAccessible('/login with the handbook');
  });

  it('reset-password landing and 404', async () => {
    await phone.page.goto('/home/reset-password');
    await phone.page.getByText(/链接无效/).waitFor();
    await expectAccessible('/home/reset-password without a code');
    await phone.page.goto('/home/reset-password?code=not-a-real-code');
    await phone.page.getByText('重置失败').waitFor();
    // The server's refusal comes as a toast beside it: the worker reads it, it goes, the page stays.
    const refusal = phone.page.locator('.adm-toast-main', { hasText: '重置链接无效或已过期' });
    await refusal.waitFor();
    await refusal.waitFor({ state: 'detached', timeout: 10_000 });
    await expectAccessible('/home/reset-password with a spent code');
    await phone.page.goto('/404');
    await phone.page.getByRole('link', { name: '返回首页' }).waitFor();
    await expectAccessible('/404');
  });

  it('home with the handbook gate', async () => {
    await signIn(phone.context, handbookUnread.empNo, FACTORY_PASSWORD);
    await phone.page.goto('/home');
    await phone.page.getByRole('dialog', { name: '员工手册' }).getByText('1 / 5').waitFor();
    await expectAccessible('/home with the handbook gate');
  });

  it('home with the unread messages, then without', async () => {
    const login = await signIn(phone.context, withMessages.empNo, FACTORY_PASSWORD);
    await markHandbookRead(login.token);
    await phone.page.goto('/home');
    const messages = phone.page.getByRole('dialog', { name: '未读消息' });
    await messages.getByText('工资单已发布').waitFor();
    await expectAccessible('/home with the unread messages');
    await messages.getByRole('button', { name: '我知道了' }).click();
    await messages.waitFor({ state: 'hidden' });
    await phone.page.getByRole('heading', { name: '查询服务' }).waitFor();
    await expectAccessible('/home');
  });

  it('the top-bar menu, the quick links and the feedback sheet', async () => {
    await openQuietly(employee, '/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).waitFor();
    await phone.page.getByRole('button', { name: '更多操作' }).click();
    await phone.page.getByRole('button', { name: '刷新' }).waitFor();
    await expectAccessible('top-bar menu open');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('button', { name: '更多操作' }).click();
    await phone.page.getByRole('button', { name: '反馈' }).click();
    await phone.page.getByRole('dialog', { name: '意见反馈' }).getByLabel('问题描述').waitFor();
    await expectAccessible('feedback sheet');
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('dialog', { name: '意见反馈' }).waitFor({ state: 'detached' });
    await phone.page.getByRole('button', { name: '快捷入口' }).click();
    await phone.page.getByRole('button', { name: '我的考勤' }).waitFor();
    await expectAccessible('quick links open');
  });

  it('person center with the sign-out confirm, person setting, change password', async () => {
    await openQuietly(employee, '/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).waitFor();
    await expectAccessible('/user/person-center');
    await phone.page.getByRole('button', { name: '退出登录' }).click();
    await phone.page.getByRole('dialog', { name: '退出登录' }).waitFor();
    await expectAccessible('/user/person-center with the sign-out confirm');
    await phone.page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    await phone.page.goto('/system-setting/person-setting');
    await phone.page.getByRole('link', { name: '修改密码' }).waitFor();
    await expectAccessible('/system-setting/person-setting');
    await phone.page.goto('/system-setting/change-password');
    await phone.page.getByRole('button', { name: '确认修改' }).waitFor();
    await expectAccessible('/system-setting/change-password');
  });

  it('attendance, payslip, meals with the detail, dormitory costs', async () => {
    await openQuietly(employee, '/attendance/my-att');
    await phone.page.getByText('上班打卡').first().waitFor();
    await expectAccessible('/attendance/my-att');

    await phone.page.goto('/salary/my-salary');
    await phone.page.getByRole('region', { name: '实发工资' }).waitFor();
    await expectAccessible('/salary/my-salary');

    await phone.page.goto('/logistics/meals');
    await phone.page.locator('.meal-month').first().waitFor();
    await expectAccessible('/logistics/meals');
    await phone.page.locator('.meal-month').first().click();
    await phone.page.getByRole('dialog').getByText('实扣').first().waitFor();
    await expectAccessible('/logistics/meals with the detail sheet');

    await phone.page.goto('/logistics/person-stay');
    await phone.page.getByText('合计').first().waitFor();
    await expectAccessible('/logistics/person-stay');
  });

  it('cabinet with a confirm, safety issues, notices, material search, self-help', async () => {
    await openQuietly(employee, '/logistics/cabinet');
    await phone.page.getByText('箱号').waitFor();
    await expectAccessible('/logistics/cabinet');
    await phone.page.getByRole('button', { name: '开柜' }).click();
    await phone.page.getByRole('dialog', { name: '开柜' }).waitFor();
    await expectAccessible('/logistics/cabinet with the open confirm');
    await phone.page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    await phone.page.goto('/inspection/my-ehs');
    await phone.page.locator('.ehs-issue').first().waitFor();
    await expectAccessible('/inspection/my-ehs');

    await phone.page.goto('/user/my-option');
    await phone.page.getByText(/审核/).first().waitFor();
    await expectAccessible('/user/my-option');

    await phone.page.goto('/purchase/material-manage');
    await phone.page.getByPlaceholder('请输入物料编码或名称').waitFor();
    await expectAccessible('/purchase/material-manage');

    await phone.page.goto('/user/self-help');
    await phone.page.getByText('问题找谁').waitFor();
    await expectAccessible('/user/self-help');
  });

  it('资料审核 in the HR console: the list, a request in the drawer, the reject and approve dialogs, a tablet', async () => {
    await submitPersonChange(withChange);
    const { context, page } = await newDesk(phone.browser, { bypassCSP: true });
    try {
      const login = await openSignedIn({ context, page }, reviewer, '/admin/review');
      await page.locator('.ant-table-row').first().waitFor();
      await expectAccessible('/admin/review', page);

      const { id } = await findChange(login.token, withChange.empNo, 'APP_EDIT_PERSON');
      await page.goto(`/admin/review?id=${id}`);
      const detail = page.getByRole('dialog').getByRole('article', { name: `员工[${withChange.empNo}]修改了个人信息` });
      await detail.getByRole('img', { name: '身份证正面照片（修改后）' }).waitFor();
      await expectAccessible('/admin/review with a request', page);
      await detail.getByRole('button', { name: '驳回' }).click();
      const reject = page.getByRole('dialog', { name: '驳回申请' });
      await tapWhenStill(reject.getByRole('button', { name: '确认驳回' }));
      await reject.getByText('请填写驳回原因').waitFor();
      await expectAccessible('/admin/review with the reject dialog and its message', page);
      await reject.getByRole('button', { name: '取消' }).click();
      await reject.waitFor({ state: 'hidden' });
      await detail.getByRole('button', { name: '通过' }).click();
      await page.getByRole('dialog', { name: '审核通过' }).getByRole('textbox', { name: '审核意见' }).waitFor();
      await expectAccessible('/admin/review with the approve dialog', page);

      await page.goto('/admin/review?status=approved');
      await page.locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
      await expectAccessible('/admin/review, 已通过', page);

      await page.setViewportSize({ width: 820, height: 1180 });
      await page.goto(`/admin/review?id=${id}`);
      await detail.getByRole('img', { name: '身份证正面照片（修改后）' }).waitFor();
      await expectAccessible('/admin/review with a request on a tablet', page);

      // A reviewer on a phone: the menu hides behind 菜单 and opens in a drawer.
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto('/admin/review');
      await page.locator('.ant-table-row').first().waitFor();
      await page.getByRole('button', { name: '菜单' }).click();
      await page.getByRole('menuitem', { name: '资料审核' }).waitFor();
      await expectAccessible('/admin/review on a phone with its menu open', page);
    } finally {
      await context.close();
    }
  });

  it('the HR console’s 收件箱 with its feedback and answer dialog, the SysAdmin’s 备份与任务, the 仪表盘', async () => {
    const sysAdmin = await makeHrClerk(data.database, { plant: 'AQ', plants: ['AQ'], roles: ['SysAdmin'] });
    let shownRows: { jobId: string } | undefined;
    const feedbackFrom = await makeEmployee(data.database, { name: '反馈人', plant: 'AQ' });
    const sent = await api(
      'SystemNotice/ModifyNotice',
      { NoticeType: 'AppAtt', NoticeDesc: '二号门打卡机不识别' },
      await tokenOf(feedbackFrom),
    );
    expect(sent.result).toBe(true);
    const { context, page } = await newDesk(phone.browser, { bypassCSP: true });
    try {
      await openSignedIn({ context, page }, sysAdmin, '/admin/submissions');
      await page.getByRole('tab', { name: '意见反馈' }).click();
      // Every plant's feedback, the longest-waiting first: the new one is on AQ's list.
      await page.getByRole('combobox', { name: '工厂' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'AQ' }).click();
      const row = page.locator('.ant-table-row', { hasText: '二号门打卡机不识别' });
      await row.waitFor();
      await expectAccessible('/admin/submissions, 意见反馈', page);
      await row.getByRole('button', { name: '答复 反馈人 的反馈' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: '答复' }).waitFor();
      await expectAccessible('/admin/submissions with the answer dialog', page);
      await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

      await page.goto('/admin/operations');
      await page.getByText('失败的后台任务', { exact: true }).waitFor();
      await page
        .getByText(/没有失败的后台任务|重试/)
        .first()
        .waitFor();
      await expectAccessible('/admin/operations', page);

      await page.goto('/admin/dashboard');
      await page
        .getByRole('link', { name: /^意见反馈/ })
        .first()
        .waitFor();
      await page.locator('[role="img"][aria-label^="各工厂待处理事项"] canvas').first().waitFor();
      await expectAccessible('/admin/dashboard with its charts', page);
    } finally {
      await context.close();
      // What the SysAdmin's notice reads in the other specs stays as it was.
      await data.database.pool.query("delete from backup_runs where slot in ('2001-01-01', '2001-01-02')");
      if (shownRows) await data.database.pool.query('delete from pgboss.job where id = $1', [shownRows.jobId]);
    }
  });

  it('公告: the console’s list, publish form and receipts; the worker’s list and a notice to acknowledge', async () => {
    const hr = await makeHrClerk(data.database, { plant: 'NY', plants: ['NY'] });
    const reader = await makeEmployee(data.database, { name: '读公告', plant: 'NY', dept: '无障碍部' });
    const published = await api<{ id: number }>(
      'Announcement/Publish',
      {
        title: '无障碍检查公告',
        body: '<h3>要点</h3><p>请阅读<strong>全文</strong>。</p><ul><li>第一条</li></ul>',
        audience: { plants: ['NY'], departments: [{ bu: 'NY', name: '无障碍部' }] },
        mustAcknowledge: true,
      },
      await tokenOf(hr),
    );
    expect(published.result).toBe(true);
    const { context, page } = await newDesk(phone.browser, { bypassCSP: true });
    try {
      await openSignedIn({ context, page }, hr, '/admin/announcements');
      const row = page.locator('.ant-table-row', { hasText: '无障碍检查公告' });
      await row.waitFor();
      await expectAccessible('/admin/announcements', page);
      await page.getByRole('button', { name: '发布公告' }).click();
      await page.getByRole('dialog', { name: '发布新公告' }).getByRole('textbox', { name: '标题' }).waitFor();
      await expectAccessible('/admin/announcements with the publish form', page);
      await page.locator('.ant-drawer-close').click();
      await page.getByRole('dialog', { name: '发布新公告' }).waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: '阅读情况' }).click();
      await page.getByRole('dialog', { name: '阅读情况：无障碍检查公告' }).getByText('读公告').waitFor();
      await expectAccessible('/admin/announcements with the receipts', page);
    } finally {
      await context.close();
    }

    await openQuietly(reader, '/user/announcements');
    await phone.page.locator('.announcement-item', { hasText: '无障碍检查公告' }).waitFor();
    await expectAccessible('/user/announcements');
    await phone.page.goto(`/user/announcement-detail?id=${published.data.id}`);
    await phone.page.getByRole('button', { name: '我已阅读' }).waitFor();
    await expectAccessible('/user/announcement-detail');
  });

  it('personal records as read: 个人信息, work history waiting for review, certificates, bank card', async () => {
    const { page } = phone;
    await openSignedIn(phone, withRecords, '/user/my-education');
    await page.getByText('南通职业大学').waitFor();
    await expectAccessible('/user/my-education');
    await page.goto('/user/my-work');
    await page.getByText('待审核').first().waitFor();
    await expectAccessible('/user/my-work with a record waiting for review');
    await page.goto('/user/title-evaluation');
    await page.getByText('助理工程师').waitFor();
    await expectAccessible('/user/title-evaluation');
    await page.goto('/user/skill-evaluation');
    await page.getByText('焊工（中级）').waitFor();
    await expectAccessible('/user/skill-evaluation');
    await page.goto('/user/my-bank');
    await page.getByText('银行卡号').first().waitFor();
    await expectAccessible('/user/my-bank');
  });

  it('个人信息 being edited: the form, the record sheet, its pickers and errors, the e-signature agreement', async () => {
    const { page } = phone;
    await openSignedIn(phone, recordsEditor, '/user/my-education');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请添加学历').waitFor();
    await page.getByRole('button', { name: '添加学历' }).click();
    const sheet = page.getByRole('dialog', { name: '添加学历' });
    await sheet.getByRole('button', { name: '确定' }).click();
    await sheet.getByText('请填写专业').waitFor();
    await expectAccessible('the education sheet with its messages');
    await sheet.getByRole('button', { name: /^学历：/ }).click();
    await page.getByRole('dialog', { name: '选择学历' }).waitFor();
    await expectAccessible('the education level picker');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '选择学历' }).waitFor({ state: 'hidden' });
    await sheet.getByRole('button', { name: /^开始日期：/ }).click();
    await page.getByRole('dialog', { name: '选择开始日期' }).waitFor();
    await expectAccessible('the date picker');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '选择开始日期' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    await addEducation(page, '南通航运职业技术学院');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请填写联系电话').waitFor();
    await expectAccessible('/user/my-education being edited, with the messages');
    await fillBaseForm(page);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('dialog', { name: '电子签名确认' }).waitFor();
    await expectAccessible('the e-signature agreement');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '电子签名确认' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '删除：南通航运职业技术学院' }).click();
    await page.getByRole('dialog', { name: '删除记录' }).waitFor();
    await expectAccessible('the remove confirmation');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  });

  it('work, certificates and the bank card being edited, with a PDF open', async () => {
    const { page } = phone;
    await openSignedIn(phone, recordsEditor, '/user/my-work');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '添加工作经历' }).click();
    const work = page.getByRole('dialog', { name: '添加工作经历' });
    await work.getByRole('button', { name: '确定' }).click();
    await work.getByText('请填写工作单位').waitFor();
    await expectAccessible('the work record sheet with its messages');
    await page.keyboard.press('Escape');
    await work.waitFor({ state: 'detached' });
    await expectAccessible('/user/my-work being edited');

    await page.goto('/user/title-evaluation');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '添加职称证书' }).click();
    const title = page.getByRole('dialog', { name: '添加职称证书' });
    await chooseFile(page, title.getByRole('button', { name: '选择图片或 PDF：证书文件' }), {
      name: '证书.pdf',
      mimeType: 'application/pdf',
      buffer: readPdf(),
    });
    await title.getByRole('button', { name: '查看证书文件' }).click();
    const pdf = page.getByRole('dialog', { name: '证书文件' });
    await pdf.getByText('1 / 5').waitFor();
    await expectAccessible('a certificate PDF open over its sheet');
    await page.keyboard.press('Escape');
    await pdf.waitFor({ state: 'detached' });
    await expectAccessible('the title certificate sheet with a PDF');
    await page.keyboard.press('Escape');

    await page.goto('/user/my-bank');
    await page.getByText('暂未登记工资卡').waitFor();
    await expectAccessible('/user/my-bank without a card');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.getByText('请填写银行卡号').waitFor();
    await page.getByLabel(/^银行卡号/).fill('6222021234567890123');
    await page.getByText(/卡号校验未通过/).waitFor();
    await expectAccessible('/user/my-bank being edited, with the Luhn warning');
    await page.getByRole('button', { name: /^开户银行：/ }).click();
    await page.getByRole('dialog', { name: '选择开户银行' }).waitFor();
    await expectAccessible('the bank picker');
    await page.keyboard.press('Escape');
  });

  it('the face photo and the avatar: agreements, previews, the overwrite warning', async () => {
    const { page } = phone;
    await openSignedIn(phone, recordsEditor, '/system-setting/person-photo');
    await page.getByRole('button', { name: '拍摄或选择照片' }).waitFor();
    await expectAccessible('/system-setting/person-photo');
    await page.getByRole('button', { name: '拍摄或选择照片' }).click();
    const agreement = page.getByRole('dialog', { name: '人脸信息使用告知' });
    await agreement.waitFor();
    await expectAccessible('the face image agreement');
    await agreement.getByText('我已阅读并同意《人脸信息使用告知》').click();
    await agreement.getByRole('button', { name: '同意' }).click();
    await agreement.waitFor({ state: 'detached' });
    await expectAccessible('/system-setting/person-photo, camera and album');
    await pickFacePhoto(page);
    await expectAccessible('/system-setting/person-photo with the photo');
    await page.getByRole('button', { name: '上传照片' }).click();
    await page.getByRole('dialog', { name: '更新人脸照片' }).waitFor();
    await expectAccessible('the overwrite warning');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    await page.goto('/system-setting/person-setting');
    await page.getByRole('button', { name: '修改头像' }).click();
    const avatar = page.getByRole('dialog', { name: '修改头像' });
    await avatar.getByRole('button', { name: '保存头像' }).waitFor();
    await expectAccessible('the avatar sheet');
  });

  it('the public forms (the plant overlay open, the form empty and refused), the referral share page', async () => {
    const { page } = phone;
    await page.goto('/improve/proposal-improve');
    const overlay = page.getByRole('dialog', { name: '请选择提案工厂' });
    await overlay.waitFor();
    await expectAccessible('the improvement proposal’s plant overlay');
    await overlay.getByRole('button', { name: '杭州' }).click();
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('请选择提案部门').first().waitFor();
    await expectAccessible('the improvement proposal, refused');
    await page.goto('/improve/proposal-study');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('请选择整改部门').first().waitFor();
    await expectAccessible('the rectification proposal, refused');
    await page.goto(`/register?empNo=${employee.empNo}`);
    await page.getByText(`推荐人工号：${employee.empNo}`).waitFor();
    await expectAccessible('the registration');
    await openQuietly(employee, '/recruitment/recruitment-share');
    await page.getByRole('img', { name: /的内部推荐二维码$/ }).waitFor();
    await expectAccessible('the referral share page');
  });

  it('the training screens: study list, video, document, exams, surveys, handbook and guide', async () => {
    const { page } = phone;
    const login = await openQuietly(trainingUser, '/train/learn-list');
    const items = (
      await api<{ materialPath: string; id: number; materialId: number; materialName: string }[]>(
        'TrainOrganize/GetTrainNotify',
        {},
        login.token,
      )
    ).data;
    const [exam] = (await api<{ id: number }[]>('TrainExam/GetTrainTest', {}, login.token)).data;
    const [survey] = (await api<{ id: number }[]>('TrainOrganize/GetPersonDemandSurvey', {}, login.token)).data;
    await page.getByText('冲压车间安全操作规程').waitFor();
    await expectAccessible('/train/learn-list');
    for (const item of items) {
      const query = new URLSearchParams({
        path: item.materialPath,
        id: String(item.id),
        material: String(item.materialId),
        name: item.materialName,
      });
      await page.goto(`/train/video-learn?${query.toString()}`);
      await page.locator('video, canvas[data-watermark]').first().waitFor();
      await expectAccessible(`/train/video-learn (${item.materialName})`);
    }
    for (const [path, ready] of [
      ['/paper/paper-list', '新员工安全知识考试'],
      [`/paper/paper-detail?Id=${exam?.id}`, '第 1 题（单选题）'],
      ['/user/my-demand', '2026 年度培训需求调查'],
      [`/user/demand-detail?Id=${survey?.id}`, '第 1 题（单选题）'],
      ['/train/emp-handbook', '1 / 5'],
      ['/train/emp-zhiyin', '1 / 2'],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await expectAccessible(path);
    }
  });
});
