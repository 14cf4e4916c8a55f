// The public forms in the 375×667 phone, signed out: the improvement proposal behind its plant overlay, the
// rectification / learning tabs, the referral registration with its cookie flag; then, signed in, the referral QR
// share page with the candidates it brought, and a proposal sent signed in showing in /user/my-option. The
// employees, the referrer and HR are this spec's own.
import { PLANTS } from '@ess/contract/plants';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newDesk, usePhone } from './harness';
import { chooseFile, makeJpeg, readPdf } from './record-helpers';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot, tapWhenStill, waitForStillness } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

/** HR of every plant, whose lists the forms' proposals reach. */
let hr: MadeEmployee;
/** HR of HZ only, the plant of the proposal sent signed in. */
let hrOfHangzhou: MadeEmployee;
/** Types their own name and number into the form, signed out. */
let proposer: MadeEmployee;
let referrer: MadeEmployee;
let worker: MadeEmployee;

beforeAll(async () => {
  hr = await makeHrClerk(data.database, { plants: [...PLANTS] });
  hrOfHangzhou = await makeHrClerk(data.database, { plant: 'HZ', plants: ['HZ'] });
  proposer = await makeEmployee(data.database, { name: '王小明' });
  referrer = await makeEmployee(data.database, { name: '推荐人' });
  worker = await makeEmployee(data.database, { name: '提案员工' });
});

const pickFirst = async (label: string) => {
  const { page } = phone;
  await page.getByRole('button', { name: new RegExp(`^${label}：`) }).click();
  const picker = page.getByRole('dialog', { name: `选择${label}` });
  await picker.waitFor();
  await waitForStillness(page);
  await picker.getByRole('button', { name: '确定' }).click();
  await picker.waitFor({ state: 'hidden' });
};

const submitButton = () => phone.page.getByRole('button', { name: '提交', exact: true });

type ProposalRow = { title: string; empName: string; empNo: string; bu: string; kind: string; filePath: string | null };
const hrProposals = async (kind: string) =>
  (await api<ProposalRow[]>('Proposal/GetProposalList', { kind, PageSize: 50 }, await tokenOf(hr))).data;

describe('the improvement proposal, signed out', () => {
  it('asks for the plant first, names every missing field, and sends the form with a picture', async () => {
    const { page } = phone;
    await page.goto('/improve/proposal-improve');
    const overlay = page.getByRole('dialog', { name: '请选择提案工厂' });
    await overlay.waitFor();
    await screenshot(page, 'proposal-improve-plant');
    await overlay.getByRole('button', { name: '南通商用车' }).click();
    await overlay.waitFor({ state: 'hidden' });
    await page.getByText('工厂：南通商用车').waitFor();

    await submitButton().click();
    for (const message of [
      '请选择提案部门',
      '请选择班组',
      '请选择协助部门',
      '请填写提案名称',
      '请填写员工姓名',
      '请填写员工工号',
      '请填写提案内容',
      '请填写改善建议',
    ]) {
      await page.locator('.adm-form-item-feedback-error', { hasText: message }).waitFor();
    }

    await pickFirst('提案部门');
    await pickFirst('班组');
    await pickFirst('协助部门');
    const name = `扭矩扳手校准 ${Date.now()}`;
    await page.getByPlaceholder('请填写提案名称').fill(name);
    await page.getByPlaceholder('请填写员工姓名').fill(proposer.name);
    await page.getByPlaceholder('请填写员工工号').fill(proposer.empNo);
    await page.getByPlaceholder('请填写提案内容').fill('扭矩扳手未定期校准');
    await page.getByPlaceholder('请填写改善建议').fill('每周校准并记录');
    await chooseFile(page, page.getByRole('button', { name: '从相册选择：现场图片' }), {
      name: 'site.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, { width: 800, height: 600 }),
    });
    await page.getByText('site.jpg').waitFor();
    await screenshot(page, 'proposal-improve-form');
    await submitButton().click();
    await page.getByText('提交成功').waitFor();
    // The form starts again, the plant kept.
    await expect.poll(() => page.getByPlaceholder('请填写提案名称').inputValue()).toBe('');

    const stored = (await hrProposals('IMPROVE')).find((row) => row.title === name);
    expect(stored).toMatchObject({
      empName: proposer.name,
      empNo: proposer.empNo,
      bu: 'NT',
      filePath: expect.any(String),
    });
  });
});

describe('the rectification / learning proposal, signed out', () => {
  it('switches the department with the tab, names the missing fields, and sends both kinds', async () => {
    const { page } = phone;
    await page.goto('/improve/proposal-study');
    await page.getByRole('tab', { name: '整改' }).waitFor();
    await page.getByRole('button', { name: /^整改部门：/ }).waitFor();
    await submitButton().click();
    for (const message of [
      '请选择提交工厂',
      '请选择类别',
      '请选择整改部门',
      '请填写提出人',
      '请填写工序',
      '请填写问题描述',
      '请填写改善建议',
    ]) {
      await page.locator('.adm-form-item-feedback-error', { hasText: message }).waitFor();
    }
    await screenshot(page, 'proposal-study-adjust');

    await pickFirst('提交工厂');
    await pickFirst('类别');
    await pickFirst('整改部门');
    const question = `冷却水管漏水 ${Date.now()}`;
    await page.getByPlaceholder('请填写提出人').fill('赵工');
    await page.getByPlaceholder('请填写工序').fill('焊接 OP30');
    await page.getByPlaceholder('请填写问题描述').fill(question);
    await page.getByPlaceholder('请填写改善建议').fill('更换快插接头');
    await submitButton().click();
    await page.getByText('提交成功').waitFor();

    await page.getByRole('tab', { name: '学习' }).click();
    await page.getByRole('button', { name: /^整改部门：/ }).waitFor({ state: 'detached' });
    await screenshot(page, 'proposal-study-study');
    await pickFirst('提交工厂');
    await pickFirst('类别');
    const lesson = `安全操作规程学习 ${Date.now()}`;
    await page.getByPlaceholder('请填写提出人').fill('钱工');
    await page.getByPlaceholder('请填写工序').fill('总装');
    await page.getByPlaceholder('请填写问题描述').fill(lesson);
    await page.getByPlaceholder('请填写改善建议').fill('每班前复述要点');
    await submitButton().click();
    await page.getByText('提交成功').waitFor();

    expect((await hrProposals('ADJUST')).some((row) => row.title === question)).toBe(true);
    expect((await hrProposals('STUDY')).some((row) => row.title === lesson)).toBe(true);
  });
});

describe('registration through a referral link, signed out', () => {
  it('names the missing fields, registers with a resume, sets the cookie flag and keeps the form replaced', async () => {
    const { page, context } = phone;
    await page.goto(`/register?empNo=${referrer.empNo}`);
    await page.getByText(`推荐人工号：${referrer.empNo}`).waitFor();
    await submitButton().click();
    for (const message of ['请填写姓名', '请填写年龄', '请填写应聘岗位', '请上传简历']) {
      await page.locator('.adm-form-item-feedback-error', { hasText: message }).waitFor();
    }
    await page.getByPlaceholder('请填写年龄').fill('二十');
    await page.locator('.adm-form-item-feedback-error', { hasText: '年龄只能填写数字' }).waitFor();
    await page.getByPlaceholder('请填写年龄').fill('15');
    await page.locator('.adm-form-item-feedback-error', { hasText: '年龄应在 16–65 岁之间' }).waitFor();

    await page.getByPlaceholder('请填写姓名').fill('陈小红');
    await page.getByPlaceholder('请填写年龄').fill('24');
    await page.getByPlaceholder('请填写应聘岗位').fill('装配工');
    // A web page is no résumé: refused as a file, not as a picture.
    await page
      .getByTestId('resume-input')
      .setInputFiles({ name: '简历.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') });
    await page.getByText('上传文件失败，请选择 Word 或 PDF 文件').waitFor();
    expect(await page.getByText(/上传图片失败/).count()).toBe(0);
    await page
      .getByTestId('resume-input')
      .setInputFiles({ name: '简历.pdf', mimeType: 'application/pdf', buffer: readPdf() });
    await page.getByText('简历.pdf').waitFor();
    await screenshot(page, 'register-form');
    await submitButton().click();
    await page.getByText('信息已提交,请耐心等待').waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'ess_registered')?.value).toBe('1');
    await page.reload();
    await page.getByText('信息已提交,请耐心等待').waitFor();
    expect(await page.getByPlaceholder('请填写姓名').count()).toBe(0);
    await screenshot(page, 'register-done');
  });

  it('refuses a referral from an unknown number with a clear message', async () => {
    const { page } = phone;
    await page.goto('/register?empNo=999999');
    await page.getByPlaceholder('请填写姓名').fill('刘一');
    await page.getByPlaceholder('请填写年龄').fill('30');
    await page.getByPlaceholder('请填写应聘岗位').fill('叉车司机');
    await page
      .getByTestId('resume-input')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: readPdf() });
    await page.getByText('cv.pdf').waitFor();
    await submitButton().click();
    await page.getByText('推荐人工号不存在，请向推荐人确认推荐链接').waitFor();
    await page.getByPlaceholder('请填写姓名').waitFor();
  });
});

describe('the referrer’s share page and a proposal sent signed in', () => {
  it('shows the QR code of the referral link and the candidates it brought, names masked', async () => {
    const { page } = phone;
    await openSignedIn(phone, referrer, '/recruitment/recruitment-share');
    await page.getByRole('img', { name: /的内部推荐二维码$/ }).waitFor();
    await expect
      .poll(() => page.getByTestId('referral-link').textContent())
      .toContain(`/register?empNo=${referrer.empNo}`);
    await page.getByText('陈**').waitFor();
    await page.getByText('已登记').first().waitFor();
    expect(await page.getByText('陈小红').count()).toBe(0);
    await screenshot(page, 'recruitment-share');
    await page.goto('/home/recruitment-share');
    await page.getByRole('img', { name: /的内部推荐二维码$/ }).waitFor();
  });

  it('fills the name and number of a signed-in worker and lists the proposal in my-option', async () => {
    const { page } = phone;
    const login = await openSignedIn(phone, worker, '/improve/proposal-improve');
    await tapWhenStill(page.getByRole('dialog', { name: '请选择提案工厂' }).getByRole('button', { name: '杭州' }));
    await expect.poll(() => page.getByPlaceholder('请填写员工工号').inputValue()).toBe(worker.empNo);
    expect(await page.getByPlaceholder('请填写员工姓名').inputValue()).toBe(login.userName);
    await pickFirst('提案部门');
    await pickFirst('班组');
    await pickFirst('协助部门');
    const name = `料架标识 ${Date.now()}`;
    await page.getByPlaceholder('请填写提案名称').fill(name);
    await page.getByPlaceholder('请填写提案内容').fill('料架标识不清');
    await page.getByPlaceholder('请填写改善建议').fill('统一颜色标识');
    await submitButton().click();
    await page.getByText('提交成功').waitFor();

    await page.goto('/user/my-option');
    await page.getByRole('tab', { name: '我的提案' }).click();
    const row = page.locator('.notice-item', { hasText: name });
    await row.getByText('待处理').waitFor();
    await row.getByText('改善提案').waitFor();
    await screenshot(page, 'my-option-proposals');

    // HR of the plant finds it in the console's 收件箱, with its status to set where it stands.
    const desk = await newDesk(phone.browser);
    try {
      await openSignedIn(desk, hrOfHangzhou, '/admin');
      await desk.page.getByRole('navigation').getByRole('menuitem', { name: '收件箱' }).click();
      await desk.page.waitForURL(/\/admin\/submissions$/);
      const item = desk.page.locator('.ant-table-row', { hasText: name });
      await item.getByText(login.userName).first().waitFor();
      const status = item.getByRole('combobox', { name: /^状态（\d+）$/ });
      await status.waitFor();
      await item.getByText('待处理', { exact: true }).waitFor();
      await status.click();
      await desk.page.locator('.ant-select-item-option').filter({ hasText: '已采纳' }).click();
      await desk.page.getByText('状态已更新').waitFor();
      await item.getByText('已采纳', { exact: true }).waitFor();
      await item.getByText('今天').waitFor(); // how long it waited: it was handled the day it came
      // Taken on by the clerk, and answered to the worker with the status it has.
      await item.getByRole('combobox', { name: /^处理人（编号 \d+）$/ }).click();
      await desk.page
        .locator('.ant-select-item-option')
        .filter({ hasText: `（${hrOfHangzhou.empNo}）` })
        .click();
      await desk.page.getByText('已分派').waitFor();
      await item.getByRole('button', { name: /^答复提案人（编号 \d+）$/ }).click();
      const dialog = desk.page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: '答复' }).fill('下月起在总装线试行');
      await dialog.getByRole('button', { name: '发送答复' }).click();
      await item.getByText('下月起在总装线试行').waitFor();
      await desk.page.screenshot({ path: 'e2e/screenshots/console-submissions.png' });
    } finally {
      await desk.context.close();
    }

    // The worker sees the decision and the answer where the proposal is listed.
    await page.goto('/user/my-option');
    await page.getByRole('tab', { name: '我的提案' }).click();
    await row.getByText('已采纳').waitFor();
    await row.getByText('HR 答复：下月起在总装线试行').waitFor();
  });
});
