// Personal records through the real server: 个人信息 with its education list sent after the e-signature agreement,
// the work history waiting for review, title certificates with a PDF (and the reviewer's answer in 我的消息), the
// bank card with a number the Luhn check questions, the face photo, and the avatar.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newDesk, usePhone } from './harness';
import {
  addEducation,
  chooseFile,
  fillBaseForm,
  makeJpeg,
  pendingChangeOf,
  pickByKeyboard,
  readPdf,
  withExifOrientation,
} from './record-helpers';
import { findChange, submitWorkChange, tokenOf } from './review-helpers';
import { openSignedIn, recordRequests, screenshot, tapWhenStill } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeRecords, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

/**
 * Records on file (base data, two education records, a work record, a bank card) and an edit of the work history
 * waiting for review: the tests edit the base data, education and bank card, and the review approves those.
 */
let owner: MadeEmployee;
let reviewer: MadeEmployee;
/** Without records. */
let titleUser: MadeEmployee;
let workUser: MadeEmployee;
let newEmployee: MadeEmployee;
let dateUser: MadeEmployee;
let photoUser: MadeEmployee;
let avatarUser: MadeEmployee;

beforeAll(async () => {
  owner = await makeEmployee(data.database, { name: '档案员工' });
  // The demo employee's records (seed/demo-record-values.ts) and its pending edit, which the steps below read.
  const onFile = await makeRecords(data, owner);
  await submitWorkChange(owner, onFile);
  reviewer = await makeEmployee(data.database, { name: '审核员', roles: ['Employee', 'AppVerify'] });
  titleUser = await makeEmployee(data.database);
  workUser = await makeEmployee(data.database);
  newEmployee = await makeEmployee(data.database);
  dateUser = await makeEmployee(data.database);
  photoUser = await makeEmployee(data.database);
  avatarUser = await makeEmployee(data.database);
});

const toast = () => phone.page.locator('.adm-toast-main');

describe('个人信息', () => {
  it('adds an education record, agrees to the e-signature and saves: 已提交审核,请勿重复提交, then 待审核', async () => {
    const { page } = phone;
    const notices = recordRequests(page, 'SystemNotice/ModifyNotice');
    await openSignedIn(phone, owner, '/user/my-education');
    await page.getByText('南通职业大学').waitFor();
    await page.getByText('3206**********1236').waitFor();
    await page.getByRole('button', { name: '修改', exact: true }).click();

    await page.getByRole('button', { name: '添加学历' }).click();
    const sheet = page.getByRole('dialog', { name: '添加学历' });
    await sheet.waitFor();
    // 初中及以下 → 本科 (four down).
    await pickByKeyboard(sheet, page, '学历', [4]);
    await sheet.getByLabel(/^专业/).fill('机械工程');
    await sheet.getByLabel(/^学校/).fill('南通理工学院');
    // Today, then the year column turned back: four years, and two years, ago.
    await pickByKeyboard(sheet, page, '开始日期', [-4]);
    await pickByKeyboard(sheet, page, '结束日期', [-2]);
    await chooseFile(page, sheet.getByRole('button', { name: '选择图片或 PDF：毕业证书' }), {
      name: 'diploma.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, { width: 1600, height: 1200 }),
    });
    await toast().getByText('上传成功').waitFor();
    await sheet.getByRole('button', { name: '查看毕业证书' }).waitFor();
    await screenshot(page, 'records-education-sheet');
    await sheet.getByRole('button', { name: '确定' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: '南通理工学院' }).waitFor();

    await page.getByRole('button', { name: '保存' }).click();
    const agreement = page.getByRole('dialog', { name: '电子签名确认' });
    await agreement.getByText(/中华人民共和国电子签名法/).waitFor();
    const agree = agreement.getByRole('button', { name: '同意并提交' });
    expect(await agree.isDisabled()).toBe(true);
    await screenshot(page, 'records-esign');
    await agreement.getByText('我已阅读并同意以上内容').click();
    expect(await agree.isDisabled()).toBe(false);
    await agree.click();
    await toast().getByText('已提交审核,请勿重复提交').waitFor();

    // Back to reading: the new record waits for review, and editing is off until then.
    await page.getByText(/您提交的修改正在审核中/).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '南通理工学院' }) });
    await card.getByText('待审核').waitFor();
    await card.getByText('新增').waitFor();
    expect(await page.getByRole('button', { name: '修改', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'records-education-pending');

    expect(notices).toHaveLength(1);
    expect(notices[0]?.NoticeType).toBe('APP_EDIT_PERSON');
    const body = JSON.parse(String(notices[0]?.NoticeBody)) as {
      base: { empCard: string };
      educations: { id?: number; schoolName: string; major: string; filePath?: string }[];
    };
    // The masked number as shown means "unchanged"; the two approved records keep their ids.
    expect(body.base.empCard).toBe('3206**********1236');
    expect(body.educations.filter((record) => record.id !== undefined)).toHaveLength(2);
    expect(body.educations.at(-1)).toMatchObject({ schoolName: '南通理工学院', major: '05' });
    expect(body.educations.at(-1)?.filePath).toMatch(/^\/api\/files\//);

    await page.goto('/user/my-option');
    // A record change waits for its reviewer: 待审核, in words.
    const notice = page.locator('.notice-item', { hasText: '修改个人信息' }).first();
    await notice.getByText('待审核', { exact: true }).waitFor();
  });

  it('a new employee fills 个人信息 from nothing: 请添加学历, every required field named, then sent', async () => {
    const { page } = phone;
    const notices = recordRequests(page, 'SystemNotice/ModifyNotice');
    await openSignedIn(phone, newEmployee, '/user/my-education');
    await page.getByText('暂无学历').waitFor();
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await toast().getByText('请添加学历').waitFor();
    await addEducation(page, '北京工业技师学院');
    await page.getByRole('button', { name: '保存' }).click();
    for (const message of [
      '请填写身份证号码',
      '请填写联系电话',
      '请填写现居住地',
      '请选择户口类型',
      '请填写身高',
      '请填写体重',
      '请选择政治面貌',
      '请选择婚姻状况',
      '请输入紧急联系人姓名',
      '请输入联系方式',
      '请上传身份证正面照片',
      '请上传身份证反面照片',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // 生育状况 only for the married.
    expect(await page.getByRole('button', { name: /^生育状况：/ }).count()).toBe(0);
    await page.getByLabel(/^联系电话/).fill('12345');
    await page.getByText('请填写正确的手机号码（11 位，13–19 开头）').waitFor();
    await fillBaseForm(page);
    await page.getByRole('button', { name: '保存' }).click();
    const agreement = page.getByRole('dialog', { name: '电子签名确认' });
    await agreement.getByText('我已阅读并同意以上内容').click();
    await agreement.getByRole('button', { name: '同意并提交' }).click();
    await toast().getByText('已提交审核,请勿重复提交').waitFor();
    await page.getByText(/您提交的修改正在审核中/).waitFor();
    const body = JSON.parse(String(notices[0]?.NoticeBody)) as { base: Record<string, unknown> };
    expect(body.base).toMatchObject({
      empCard: '320682199001011231',
      empHeight: 168.5,
      empWeight: 58,
      isMarry: 'Y',
      emergencyContactTelNo: '0513-85551234',
    });
  });

  it('shows the work history waiting for review with 待审核, and 修改 is off', async () => {
    const { page } = phone;
    const login = await openSignedIn(phone, owner, '/user/my-work');
    const pending = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '如皋精工汽配厂' }) });
    await pending.getByText('待审核').waitFor();
    await page.getByText(/您提交的修改正在审核中/).waitFor();
    expect(await page.getByRole('button', { name: '修改', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'records-work-pending');
    // The server refuses a second edit anyway.
    const second = await api(
      'SystemNotice/ModifyNotice',
      { NoticeType: 'APP_EDIT_WORK', NoticeBody: JSON.stringify({ records: [] }) },
      login.token,
    );
    expect(second).toMatchObject({ result: false, msg: '已提交审核,请勿重复提交' });
  });
});

describe('certificates and work history', () => {
  it('adds a title certificate with a PDF; the reviewer refuses it and 我的消息 shows why', async () => {
    const { page } = phone;
    await openSignedIn(phone, titleUser, '/user/title-evaluation');
    await page.getByText('暂无职称证书').waitFor();
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '添加职称证书' }).click();
    const sheet = page.getByRole('dialog', { name: '添加职称证书' });
    await sheet.getByRole('button', { name: '确定' }).click();
    await sheet.getByText('请填写职称名称').waitFor();
    await sheet.getByText('请选择取得日期').waitFor();
    await toast().getByText('请填写完整信息').waitFor();
    await sheet.getByLabel(/^职称名称/).fill('助理工程师');
    await pickByKeyboard(sheet, page, '取得日期', [-1]);
    await chooseFile(page, sheet.getByRole('button', { name: '选择图片或 PDF：证书文件' }), {
      name: '证书.pdf',
      mimeType: 'application/pdf',
      buffer: readPdf(),
    });
    await sheet.getByRole('button', { name: '查看证书文件' }).getByText('PDF 文件').waitFor();
    await sheet.getByRole('button', { name: '确定' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '提交审核' }).click();
    await toast().getByText('已提交审核,请勿重复提交').waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '助理工程师' }) });
    await card.getByText('待审核').waitFor();
    expect(await page.getByRole('button', { name: '修改', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'records-title-pending');

    const token = await tokenOf(reviewer);
    const change = await pendingChangeOf(token, titleUser.empNo);
    expect(change.kind).toBe('APP_EDIT_TITLE');
    const refused = await api('Review/RejectChange', { id: change.id, reason: '证书扫描件不清晰' }, token);
    expect(refused.result).toBe(true);

    await page.goto('/user/my-option');
    await page.getByText('审核意见：您提交的职称信息修改未通过审核：证书扫描件不清晰').waitFor();
    await page.getByText('修改职称信息').first().waitFor();
    await screenshot(page, 'records-my-option-outcome');
    await page.goto('/user/title-evaluation');
    await page.getByText('暂无职称证书').waitFor();
    expect(await page.getByRole('button', { name: '修改', exact: true }).isDisabled()).toBe(false);
  });

  it('adds a work record (the dates optional) and sends the list', async () => {
    const { page } = phone;
    const notices = recordRequests(page, 'SystemNotice/ModifyNotice');
    await openSignedIn(phone, workUser, '/user/my-work');
    await page.getByText('暂无工作经历').waitFor();
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '添加工作经历' }).click();
    const sheet = page.getByRole('dialog', { name: '添加工作经历' });
    await sheet.getByRole('button', { name: '确定' }).click();
    for (const message of ['请填写工作单位', '请填写职位', '请填写离职原因']) await sheet.getByText(message).waitFor();
    await sheet.getByLabel(/^工作单位/).fill('常州恒力机械厂');
    await sheet.getByLabel(/^职位/).fill('焊工');
    await sheet.getByLabel(/^离职原因/).fill('回乡发展');
    await sheet.getByRole('button', { name: '确定' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '提交审核' }).click();
    await toast().getByText('已提交审核,请勿重复提交').waitFor();
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '常州恒力机械厂' }) })
      .getByText('待审核')
      .waitFor();
    expect(JSON.parse(String(notices[0]?.NoticeBody))).toEqual({
      records: [{ schoolName: '常州恒力机械厂', title: '焊工', quitReason: '回乡发展', personalSkill: '' }],
    });
  });
});

describe('date pickers', () => {
  it('go back no further than 2000-02-01 and show the day as yyyy-MM-dd', async () => {
    const { page } = phone;
    await openSignedIn(phone, dateUser, '/user/my-work');
    await page.getByRole('button', { name: '修改', exact: true }).click();
    await page.getByRole('button', { name: '添加工作经历' }).click();
    const sheet = page.getByRole('dialog', { name: '添加工作经历' });
    // Year, month and day turned back further than they go.
    await pickByKeyboard(sheet, page, '开始日期', [-40, -12, -31]);
    await sheet.getByRole('button', { name: '开始日期：2000-02-01' }).waitFor();
    // An optional date can be taken away again.
    await sheet.getByRole('button', { name: '清除开始日期' }).click();
    await sheet.getByRole('button', { name: '开始日期：请选择日期' }).waitFor();
  });
});

describe('bank card', () => {
  it('questions a number failing the Luhn check without refusing it, and sends the card', async () => {
    const { page } = phone;
    const notices = recordRequests(page, 'SystemNotice/ModifyNotice');
    await openSignedIn(phone, owner, '/user/my-bank');
    await page.getByText('6217 **** **** 0122').waitFor();
    await page.getByRole('button', { name: '修改', exact: true }).click();
    const number = page.getByLabel(/^银行卡号/);
    await page.getByText('如需修改，请输入完整的新卡号').waitFor();
    // Emptied, the field stays empty and submitting asks for the number (not 资料没有变化).
    await number.fill('');
    await number.blur();
    expect(await number.inputValue()).toBe('');
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.getByText('请填写银行卡号').first().waitFor();
    await number.fill('6222021234567890123');
    await page.getByText(/卡号校验未通过/).waitFor();
    await number.fill('6222021234567890128');
    await page.getByText(/卡号校验未通过/).waitFor({ state: 'detached' });
    await number.fill('6222021234567890123');
    await page.getByText(/卡号校验未通过/).waitFor();
    await pickByKeyboard(page, page, '开户银行', [1]);
    await page.getByRole('button', { name: '开户银行：中国工商银行' }).waitFor();
    await screenshot(page, 'records-bank-edit');
    await page.getByRole('button', { name: '提交审核' }).click();
    // A number failing the check is sent once the employee says it is right.
    await page.getByRole('dialog', { name: '请核对卡号' }).getByRole('button', { name: '卡号无误，提交' }).click();
    await toast().getByText('已提交审核,请勿重复提交').waitFor();
    const pending = page.getByRole('region', { name: '审核中的银行卡' });
    await pending.getByText('待审核').waitFor();
    await pending.getByText('6222 **** **** 0123').waitFor();
    await screenshot(page, 'records-bank-pending');
    expect(JSON.parse(String(notices[0]?.NoticeBody))).toMatchObject({
      bank: { bankNo: '6222021234567890123', bankName: '中国工商银行' },
    });
  });
});

describe('the review, end to end', () => {
  it('the education and bank card edits, approved by a reviewer in the console, reach the employee as applied with a message', async () => {
    const { page } = phone;
    // The edits of the tests above are waiting: the reviewer opens each in the HR console's 资料审核 and approves it.
    const desk = await newDesk(phone.browser);
    try {
      const login = await openSignedIn(desk, reviewer, '/admin/review');
      for (const [kind, code] of [
        ['修改个人信息', 'APP_EDIT_PERSON'],
        ['修改银行卡信息', 'APP_EDIT_BANK'],
      ] as const) {
        const { id } = await findChange(login.token, owner.empNo, code);
        await desk.page.goto(`/admin/review?id=${id}`);
        const detail = desk.page
          .getByRole('dialog')
          .getByRole('article', { name: `员工[${owner.empNo}]${kind.replace('修改', '修改了')}` });
        await detail.waitFor();
        await detail.getByText('已修改').first().waitFor();
        await detail.getByRole('button', { name: '通过' }).click();
        const approve = desk.page.getByRole('dialog', { name: '审核通过' });
        await approve.getByRole('textbox', { name: '审核意见' }).fill('资料已核对');
        await tapWhenStill(approve.getByRole('button', { name: '确认通过' }));
        await expect
          .poll(() => findChange(login.token, owner.empNo, code).then((change) => change.status))
          .toBe('approved');
      }
      // The work-history edit is not this test's to decide: it still waits.
      expect((await findChange(login.token, owner.empNo, 'APP_EDIT_WORK')).status).toBe('pending');
    } finally {
      await desk.context.close();
    }

    await phone.context.clearCookies();
    await openSignedIn(phone, owner, '/home');
    const outcome = page.getByRole('dialog', { name: '未读消息' });
    await outcome.getByText('您提交的个人信息修改已审核通过：资料已核对').waitFor();
    await outcome.getByText('您提交的银行卡信息修改已审核通过：资料已核对').waitFor();
    await screenshot(page, 'records-review-outcome');
    await outcome.getByRole('button', { name: '我知道了' }).click();

    await page.goto('/user/my-education');
    await page.getByRole('heading', { name: '南通理工学院' }).waitFor();
    expect(await page.getByText('待审核').count()).toBe(0);
    expect(await page.getByRole('button', { name: '修改', exact: true }).isDisabled()).toBe(false);
    await page.goto('/user/my-bank');
    await page.getByText('6222 **** **** 0123').waitFor();
    await page.getByText('中国工商银行').first().waitFor();
    await page.goto('/user/my-option');
    await page
      .locator('.notice-item', { hasText: '修改个人信息' })
      .first()
      .getByText('已通过', { exact: true })
      .waitFor();
  });
});

describe('photos', () => {
  it('updates the attendance face photo: agreement, a compressed picture, the overwrite warning, handed to the attendance system', async () => {
    const { page } = phone;
    const uploads = recordRequests(page, 'Home/UpdateAttPhoto');
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/Home/UpdateAttPhoto')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await openSignedIn(phone, photoUser, '/system-setting/person-photo');
    await page.getByRole('button', { name: '拍摄或选择照片' }).click();
    const agreement = page.getByRole('dialog', { name: '人脸信息使用告知' });
    const agree = agreement.getByRole('button', { name: '同意' });
    await agree.waitFor();
    expect(await agree.isDisabled()).toBe(true);
    await agreement.getByText('我已阅读并同意《人脸信息使用告知》').click();
    await agree.click();
    await agreement.waitFor({ state: 'detached' });
    // Both the camera and the album are offered; the camera input asks for the front camera.
    await page.getByRole('button', { name: '拍照：人脸照片' }).waitFor();
    expect(await page.locator('input[type=file][capture=user]').count()).toBe(1);
    await chooseFile(page, page.getByRole('button', { name: '从相册选择：人脸照片' }), {
      name: 'face.jpg',
      mimeType: 'image/jpeg',
      // A phone held upright: 4000×3000 pixels on their side, EXIF orientation 6.
      buffer: withExifOrientation(await makeJpeg(page, { width: 4000, height: 3000 }), 6),
    });
    const preview = page.getByRole('img', { name: '待上传的人脸照片' });
    await preview.waitFor();
    // Compressed on the phone, upright: at most 1280 pixels a side.
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([960, 1280]);
    await screenshot(page, 'records-photo-preview');
    await page.getByRole('button', { name: '上传照片' }).click();
    const confirm = page.getByRole('dialog', { name: '更新人脸照片' });
    await confirm.getByText('上传后将覆盖考勤系统中的人脸照片数据，确定要更新吗？').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast().getByText('照片已提交，正在同步到考勤系统').waitFor();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.filePath).toMatch(/^\/api\/files\//);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes the avatar: a square made on the phone, shown round in the person center', async () => {
    const { page } = phone;
    await openSignedIn(phone, avatarUser, '/system-setting/person-setting');
    await page.getByRole('button', { name: '修改头像' }).click();
    const sheet = page.getByRole('dialog', { name: '修改头像' });
    await chooseFile(page, sheet.getByRole('button', { name: '从相册选择：头像' }), {
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, { width: 1200, height: 800 }),
    });
    const preview = sheet.getByRole('img', { name: '新头像预览' });
    await preview.waitFor();
    expect(await preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([
      256, 256,
    ]);
    await screenshot(page, 'records-avatar');
    await sheet.getByRole('button', { name: '保存头像' }).click();
    await toast().getByText('头像已更新').waitFor();
    await sheet.waitFor({ state: 'detached' });
    await page.goto('/user/person-center');
    const avatar = page.locator('.person-avatar img');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/files\//);
  });
});
