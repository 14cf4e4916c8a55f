// The employee's side of the records: what the screens read (numbers masked, pending edits without ids), every
// validation message of the forms through the API (refusals change nothing), numbers encrypted at rest, the avatar
// and the attendance photo.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { TEST_SECRET_KEY } from '../../../test/secret-key';
import { uploadFile } from '../../../test/uploads';
import { createPersonalDataCipher } from '../../core/personal-data';
import { refusalOf } from '../../db/refusal';
import { createChangeWriter } from './change-writes';

let t: TestContext;
let demoToken: string;
beforeAll(async () => {
  t = await createTestContext();
  demoToken = await t.login('100001');
});
afterAll(() => t.close());

const newWorker = async (plant = 'NT') => {
  const employee = await makeEmployee(t.database, { plant });
  const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
  const scan = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
  return { ...employee, token, scan };
};

const modifyNotice = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/SystemNotice/ModifyNotice', headers: { token }, payload });

const countChanges = async () =>
  (await t.database.pool.query<{ n: number }>('select count(*)::int as n from change_requests')).rows[0]?.n;

describe('what the record screens read', () => {
  it('shows the demo employee’s base data with the ID card number masked', async () => {
    const { body } = await t.call(routes.getEmployeeInfo, { query: JSON.stringify({ EmpNo: '100002' }) }, demoToken);
    expect(body.data).toMatchObject({
      empNo: '100001',
      empName: '张伟',
      empCard: '3206**********1236',
      empTelNo: '13812345678',
      empCardType: '02',
      isMarry: 'N',
      empCardScanUp: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
      pendingChangeRequest: null,
    });
  });

  it('lists approved certificates with ids, and the pending edit’s records without', async () => {
    const approved = await t.call(routes.getTitleCer, { type: 'CER04' }, demoToken);
    expect(approved.body.data).toEqual([
      expect.objectContaining({ schoolName: '南通华达机械有限公司', id: expect.any(Number) }),
    ]);
    const withPending = await t.call(routes.getTitleCerWithUnVerify, { type: 'CER04' }, demoToken);
    expect(withPending.body.data).toHaveLength(2);
    const pending = withPending.body.data.find((row) => row.pendingAction);
    expect(pending).toMatchObject({ schoolName: '如皋精工汽配厂', pendingAction: 'add' });
    expect(pending).not.toHaveProperty('id');
    const all = await t.call(routes.getTitleCerWithUnVerify, {}, demoToken);
    expect(new Set(all.body.data.map((row) => row.cerType))).toEqual(new Set(['CER01', 'CER02', 'CER03', 'CER04']));
  });

  it('shows the bank card masked, with the banks of the employee’s plant', async () => {
    const { body } = await t.call(routes.getBankCard, { empId: 999 }, demoToken);
    expect(body.data).toMatchObject({
      bankCard: { bankName: '中国银行', bankNo: '6217 **** **** 0122' },
      bankOptions: ['中国银行', '中国工商银行'],
      pendingChangeRequest: null,
    });
    const aq = await newWorker('AQ');
    expect((await t.call(routes.getBankCard, {}, aq.token)).body.data).toEqual({
      bankCard: null,
      bankOptions: ['招商银行'],
      pendingChangeRequest: null,
    });
  });

  it('refuses a pending work edit a second time, with the spec’s words', async () => {
    const records = (await t.call(routes.getTitleCer, { type: 'CER04' }, demoToken)).body.data.map(
      ({ id, schoolName, title, quitReason }) => ({ id, schoolName, title, quitReason }),
    );
    const answer = await modifyNotice(demoToken, { NoticeType: 'APP_EDIT_WORK', NoticeBody: { records } });
    expect(answer.json()).toMatchObject({ result: false, msg: '已提交审核,请勿重复提交' });
  });
});

describe('the forms’ rules, through the API', () => {
  const base = (scan: string, changes: Record<string, unknown> = {}) => ({
    empCard: '110101199003078515',
    empTelNo: '13912345678',
    address: '南通',
    empCardType: '01',
    empHeight: 170,
    empWeight: 60,
    empPolitical: '01',
    isMarry: 'Y',
    hasBirth: '02',
    empCardScanUp: scan,
    empCardScanDown: scan,
    emergencyContactName: '王芳',
    emergencyContactTelNo: '13812345678',
    ...changes,
  });
  const education = {
    major: '05',
    title: '机械',
    schoolName: '南通大学',
    cerStartDate: '2008-09-01',
    cerEndDate: '2012-06-30',
  };

  it.each([
    [{ empTelNo: '' }, '请填写联系电话'],
    [{ empTelNo: '1234567890' }, '请填写正确的手机号码（11 位，13–19 开头）'],
    [{ empTelNo: '12912345678' }, '请填写正确的手机号码（11 位，13–19 开头）'],
    [{ address: '  ' }, '请填写现居住地'],
    [{ empHeight: '' }, '请填写身高'],
    [{ empWeight: undefined }, '请填写体重'],
    [{ empHeight: 'abc' }, '身高应为数字'],
    [{ emergencyContactName: '' }, '请输入紧急联系人姓名'],
    [{ emergencyContactTelNo: '' }, '请输入联系方式'],
    [{ empCardType: '' }, '请选择户口类型'],
    [{ empPolitical: undefined }, '请选择政治面貌'],
    [{ isMarry: '' }, '请选择婚姻状况'],
    [{ empCardScanUp: '' }, '请上传身份证正面照片'],
    [{ empCardScanDown: '/etc/passwd' }, '请上传身份证反面照片'],
    [{ empCard: '110101199003078514' }, '请填写正确的身份证号码'],
    [{ empCardType: '99' }, '户口类型无效，请重新选择'],
  ])('refuses base data %j: %s', async (changes, message) => {
    const worker = await newWorker();
    const before = await countChanges();
    const answer = await modifyNotice(worker.token, {
      NoticeType: 'APP_EDIT_PERSON',
      NoticeBody: JSON.stringify({ base: base(worker.scan, changes), educations: [education] }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().msg).toContain(message);
    expect(answer.json().result).toBe(false);
    expect(await countChanges()).toBe(before);
  });

  it.each([
    [[], '请添加学历'],
    [[{ ...education, title: '' }], '请填写专业'],
    [[{ ...education, schoolName: ' ' }], '请填写学校'],
    [[{ ...education, major: '' }], '请选择学历'],
    [[{ ...education, cerStartDate: '' }], '请选择开始日期'],
    [[{ ...education, cerEndDate: '2001-01-01' }], '结束日期不能早于开始日期'],
    [[{ ...education, cerStartDate: '1999-09-01' }], '日期不能早于 2000-02-01'],
  ])('refuses educations %j: %s', async (educations, message) => {
    const worker = await newWorker();
    const answer = await modifyNotice(worker.token, {
      NoticeType: 'APP_EDIT_PERSON',
      NoticeBody: { base: base(worker.scan), educations },
    });
    expect(answer.json()).toMatchObject({ result: false });
    expect(answer.json().msg).toContain(message);
  });

  it.each([
    [{ schoolName: '' }, '请填写工作单位'],
    [{ title: '' }, '请填写职位'],
    [{ quitReason: '' }, '请填写离职原因'],
  ])('refuses a work record %j: %s', async (changes, message) => {
    const worker = await newWorker();
    const record = { schoolName: '某厂', title: '操作工', quitReason: '合同到期', ...changes };
    const answer = await modifyNotice(worker.token, { NoticeType: 'APP_EDIT_WORK', NoticeBody: { records: [record] } });
    expect(answer.json()).toMatchObject({ result: false });
    expect(answer.json().msg).toContain(message);
  });

  it.each([
    ['CER02', { title: '' }, '请填写职称名称'],
    ['CER03', { title: '' }, '请填写技能名称'],
    ['CER02', { cerEffDate: '' }, '请选择取得日期'],
  ])('refuses a %s certificate %j: %s', async (cerType, changes, message) => {
    const worker = await newWorker();
    const record = { title: '电工', cerEffDate: '2020-01-01', ...changes };
    const answer = await modifyNotice(worker.token, {
      NoticeType: 'APP_EDIT_TITLE',
      NoticeBody: { cerType, records: [record] },
    });
    expect(answer.json()).toMatchObject({ result: false });
    expect(answer.json().msg).toContain(message);
  });

  it.each([
    [{ filePath: '' }, '请上传银行卡照片'],
    [{ bankNo: '' }, '请填写银行卡号'],
    [{ bankNo: '6222 0212 3456' }, '银行卡号应为 16–19 位数字'],
    [{ bankName: '' }, '请选择开户银行'],
    [{ bankName: '招商银行' }, '请选择本厂可用的开户银行'],
  ])('refuses a bank card %j: %s', async (changes, message) => {
    const worker = await newWorker();
    const bank = { filePath: worker.scan, bankNo: '6222021234567890123', bankName: '中国银行', ...changes };
    const answer = await modifyNotice(worker.token, { NoticeType: 'APP_EDIT_BANK', NoticeBody: { bank } });
    expect(answer.json()).toMatchObject({ result: false });
    expect(answer.json().msg).toContain(message);
  });

  it('takes a card number that fails the Luhn check (some UnionPay cards do), typed with spaces', async () => {
    const worker = await newWorker();
    const answer = await modifyNotice(worker.token, {
      NoticeType: 'APP_EDIT_BANK',
      NoticeBody: { bank: { filePath: worker.scan, bankNo: '6222 0212 3456 7890 124', bankName: '中国工商银行' } },
    });
    expect(answer.json()).toMatchObject({ result: true, msg: '已提交审核,请勿重复提交' });
    const pending = await t.call(routes.getBankCard, {}, worker.token);
    expect(pending.body.data.pendingChangeRequest?.bankCard).toMatchObject({
      bankNo: '6222 **** **** 0124',
      bankName: '中国工商银行',
    });
  });

  it('refuses an edit that changes nothing', async () => {
    const records = (await t.call(routes.getTitleCer, { type: 'CER02' }, demoToken)).body.data.map(
      ({ id, title, cerEffDate, filePath }) => ({ id, title, cerEffDate, filePath }),
    );
    const answer = await modifyNotice(demoToken, {
      NoticeType: 'APP_EDIT_TITLE',
      NoticeBody: { cerType: 'CER02', records },
    });
    expect(answer.json()).toMatchObject({ result: false, msg: '资料没有变化，无需提交' });
  });

  it('makes one change request of a double tap carrying one idempotency key', async () => {
    const worker = await newWorker();
    const payload = {
      NoticeType: 'APP_EDIT_WORK',
      NoticeBody: { records: [{ schoolName: '某厂', title: '操作工', quitReason: '合同到期' }] },
    };
    const headers = { token: worker.token, 'idempotency-key': `k-${worker.id}-double-tap` };
    const answers = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/SystemNotice/ModifyNotice', headers, payload })),
    );
    expect(
      answers.map((answer) => answer.json().result),
      answers.map((answer) => answer.body).join(' | '),
    ).toEqual([true, true]);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from change_requests where employee_id = $1',
      [worker.id],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('one submission, one statement', () => {
  const workEdit = {
    NoticeType: 'APP_EDIT_WORK',
    NoticeBody: { records: [{ schoolName: '某厂', title: '操作工', quitReason: '合同到期' }] },
  };
  const writesOf = async (employeeId: number) =>
    (
      await t.database.pool.query(
        `select (select count(*)::int from change_requests where employee_id = $1) as requests,
                (select count(*)::int from notices where employee_id = $1) as notices,
                (select count(*)::int from record_versions where employee_id = $1 and pending) as pending,
                (select count(*)::int from audit_log where actor_id = $1 and action = 'change.submit') as audits,
                (select count(*)::int from messages where body like '%[' || (select emp_no from employees where id = $1) || ']%'
                   and link = '/admin/review') as messages`,
        [employeeId],
      )
    ).rows[0];

  const sendWithKey = (token: string, key: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/SystemNotice/ModifyNotice',
      headers: { token, 'idempotency-key': key },
      payload,
    });

  it('writes nothing when a file cannot be used, and the next edit goes through', async () => {
    const worker = await newWorker();
    const other = await newWorker();
    // A PDF is not a picture of an ID card, and another's scan is not the caller's.
    const pdf = await uploadFile(t.app, worker.token, { upType: 'TITLE', file: Buffer.from('%PDF-1.4\n%%EOF\n') });
    for (const scan of [pdf, other.scan]) {
      const refused = await modifyNotice(worker.token, {
        NoticeType: 'APP_EDIT_BANK',
        NoticeBody: {
          bank: { bankName: '中国工商银行', bankNo: '6222021234567890128', bankAddress: '南通', filePath: scan },
        },
      });
      expect(refused.json()).toMatchObject({ result: false, msg: '文件不存在或已失效，请重新上传' });
    }
    expect(await writesOf(worker.id)).toEqual({ requests: 0, notices: 0, pending: 0, audits: 0, messages: 0 });
    expect((await modifyNotice(worker.token, workEdit)).json()).toMatchObject({ result: true });
    expect(await writesOf(worker.id)).toMatchObject({ requests: 1, notices: 1, pending: 1, audits: 1 });
    expect((await writesOf(worker.id)).messages).toBeGreaterThan(0);
  });

  it('lets one of two edits sent at once from two screens wait for review, the other refused', async () => {
    const worker = await newWorker();
    const answers = await Promise.all(
      ['tab-a', 'tab-b'].map((tab) => sendWithKey(worker.token, `${tab}-${worker.id}`, workEdit)),
    );
    expect(answers.map((answer) => answer.json().result).sort()).toEqual([false, true]);
    expect(answers.map((answer) => answer.json().msg)).toContain('已提交审核,请勿重复提交');
    expect(await writesOf(worker.id)).toMatchObject({ requests: 1, notices: 1, pending: 1, audits: 1 });
  });

  it('writes the submissions of one moment together, and a batch with one at fault one by one', async () => {
    const writer = createChangeWriter(t.database.db);
    const writeOf = (worker: Awaited<ReturnType<typeof newWorker>>, scanOwner = worker) =>
      writer.run({
        employeeId: worker.id,
        empNo: worker.empNo,
        bu: 'NT',
        kind: 'APP_EDIT_BANK',
        sets: ['bank'],
        versions: { bank: 0 },
        proposed: { bank: { bankName: '中国银行' } },
        title: '修改银行卡信息',
        description: '修改银行卡信息，待审核',
        noticeBody: '{}',
        files: [{ id: scanOwner.scan.split('/').pop() as string, kinds: ['png'] }],
        key: null,
        requestId: 'batch-test',
        message: { title: '资料审核', body: `员工[${worker.empNo}]修改了银行卡信息,待审核` },
        answerText: '已提交审核',
      });
    const xminsOf = async (ids: number[]) =>
      (
        await t.database.pool.query<{ xmin: string }>(
          'select xmin::text from change_requests where employee_id = any($1)',
          [ids],
        )
      ).rows.map((row) => row.xmin);
    // Two statements run at once; the four that arrive meanwhile go together, in one transaction.
    const workers = await Promise.all(Array.from({ length: 6 }, () => newWorker()));
    const written = await Promise.all(workers.map((worker) => writeOf(worker)));
    expect(new Set(written.map((row) => row.id)).size).toBe(6);
    expect(new Set(await xminsOf(workers.slice(2).map((worker) => worker.id))).size).toBe(1);
    for (const worker of workers) {
      expect(await writesOf(worker.id)).toMatchObject({ requests: 1, notices: 1, pending: 1, audits: 1 });
    }

    // Another's scan fails its batch: written again one by one, the others are stored and it alone refuses.
    const more = await Promise.all(Array.from({ length: 6 }, () => newWorker()));
    const settled = await Promise.allSettled(
      more.map((worker, index) => writeOf(worker, index === 4 ? (more[0] as typeof worker) : worker)),
    );
    expect(settled.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(refusalOf((settled[4] as PromiseRejectedResult).reason)).toBe('FILE_NOT_USABLE');
    expect(await writesOf((more[4] as (typeof more)[0]).id)).toEqual({
      requests: 0,
      notices: 0,
      pending: 0,
      audits: 0,
      messages: 0,
    });
    for (const worker of more.filter((_worker, index) => index !== 4)) {
      expect(await writesOf(worker.id)).toMatchObject({ requests: 1, notices: 1, pending: 1, audits: 1 });
    }
  });

  it('refuses a key the caller already used for another call, and writes nothing', async () => {
    const worker = await newWorker();
    const key = `reused-${worker.id}`;
    const titleEdit = {
      NoticeType: 'APP_EDIT_TITLE',
      NoticeBody: { cerType: 'CER02', records: [{ title: '电工', cerEffDate: '2020-01-01' }] },
    };
    const first = await sendWithKey(worker.token, key, workEdit);
    expect(first.json()).toMatchObject({ result: true });
    // The same key answers the first edit again, whatever the second one carried: a retry is a retry.
    const retry = await sendWithKey(worker.token, key, titleEdit);
    expect(retry.json()).toMatchObject({ result: true, data: first.json().data });
    await t.database.pool.query("update idempotency_keys set action = 'paper.submit' where key = $1", [key]);
    const reused = await sendWithKey(worker.token, key, titleEdit);
    expect(reused.json()).toMatchObject({ result: false, msg: '请求标识已用于其他操作，请刷新页面后重试' });
    expect(await writesOf(worker.id)).toMatchObject({ requests: 1, pending: 1, audits: 1 });
  });
});

describe('numbers at rest', () => {
  it('keeps ID card and bank card numbers encrypted, readable only with the key', async () => {
    const { rows } = await t.database.pool.query<{
      emp_card_enc: string;
      emp_card_masked: string;
      bank_no_enc: string;
    }>(
      `select p.emp_card_enc, p.emp_card_masked, b.bank_no_enc from employee_profiles p
       join bank_cards b using (employee_id) join employees e on e.id = p.employee_id where e.emp_no = '100001'`,
    );
    const [row] = rows as [(typeof rows)[number]];
    expect(row.emp_card_enc).not.toContain('320682199803151236');
    expect(row.emp_card_enc).toMatch(/^[0-9a-f]{8}\./);
    expect(row.emp_card_masked).toBe('3206**********1236');
    expect(row.bank_no_enc).not.toContain('6217001234567890122');
    const cipher = createPersonalDataCipher(TEST_SECRET_KEY);
    expect(cipher.open(row.emp_card_enc)).toBe('320682199803151236');
    expect(cipher.open(row.bank_no_enc)).toBe('6217001234567890122');
    // After a rotation the old key still opens what it sealed, and new values go under the new key.
    const rotated = createPersonalDataCipher('a-new-secret-key-that-is-long-enough-00000', [TEST_SECRET_KEY]);
    expect(rotated.open(row.emp_card_enc)).toBe('320682199803151236');
    expect(rotated.isSealedWithOldKey(row.emp_card_enc)).toBe(true);
    expect(rotated.isSealedWithOldKey(rotated.seal('x'))).toBe(false);
    expect(() => createPersonalDataCipher('another-key-nobody-has-0000000000000').open(row.emp_card_enc)).toThrow();
  });
});

describe('pictures of the person', () => {
  it('stores the avatar from a data URL and answers it in the profile', async () => {
    const worker = await newWorker();
    const image = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
    const saved = await t.call(routes.saveImageFromBase64, { image }, worker.token);
    expect(saved.body).toMatchObject({ result: true, data: expect.stringMatching(/^\/api\/files\//) });
    expect((await t.call(routes.getPhotoUrl, {}, worker.token)).body.data).toBe(saved.body.data);
    expect((await t.call(routes.checkUserToken, {}, worker.token)).body.data.avatarUrl).toBe(saved.body.data);
    const html = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script>').toString('base64')}`;
    expect((await t.call(routes.saveImageFromBase64, { image: html }, worker.token)).body).toMatchObject({
      result: false,
      msg: expect.stringContaining('文件类型不支持'),
    });
  });

  it('sends the face photo to the attendance system of the plants that take it, and only theirs', async () => {
    const worker = await newWorker('HZ');
    const photo = await uploadFile(t.app, worker.token, { upType: 'PHOTO-Mobile', file: TINY_PNG });
    const sent = await t.call(routes.updateAttPhoto, { empNo: '100001', bu: 'NT', filePath: photo }, worker.token);
    expect(sent.body).toMatchObject({
      result: true,
      msg: '照片已提交，正在同步到考勤系统',
      data: { status: 'pending' },
    });
    const { rows } = await t.database.pool.query(
      "select payload from outbox_commands where target = 'attendance' and requested_by = $1",
      [worker.id],
    );
    expect(rows[0].payload).toEqual({ empNo: worker.empNo, bu: 'HZ', file: photo });

    const beijing = await newWorker('BJ');
    const bjPhoto = await uploadFile(t.app, beijing.token, { upType: 'PHOTO-Mobile', file: TINY_PNG });
    expect((await t.call(routes.updateAttPhoto, { filePath: bjPhoto }, beijing.token)).body).toMatchObject({
      result: false,
      msg: '您所在工厂的考勤不使用人脸照片',
    });
    // Someone else's photo is not the caller's to send.
    expect((await t.call(routes.updateAttPhoto, { filePath: bjPhoto }, worker.token)).body).toMatchObject({
      result: false,
      msg: '文件不存在或已失效，请重新上传',
    });
  });
});
