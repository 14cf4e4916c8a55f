// The records workflow through the real server: an edit becomes a change request (nothing written to the records),
// every reviewer hears of it on the socket, one decides; approval applies it only from the versions the reviewer
// saw, two decisions at once leave one winner, and the employee learns the outcome.
import { routes } from '@ess/contract';
import type { ServerMessage } from '@ess/contract/realtime-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { baseEdit, EDITED_ID_CARD, educationEdit } from '../../../test/edit-forms';
import { FACTORY_PASSWORD_HASH, makeEmployee, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { uploadFile } from '../../../test/uploads';

let t: TestContext;
let reviewerToken: string;
beforeAll(async () => {
  t = await createTestContext();
  reviewerToken = await t.login('900001');
});
afterAll(() => t.close());

const ID_CARD = EDITED_ID_CARD;

/** A new employee of the plant with a token, and the two ID card scans uploaded. */
const newEmployee = async (plant = 'NT') => {
  const employee = await makeEmployee(t.database, { plant });
  const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
  const front = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
  const back = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
  return { ...employee, token, front, back };
};

const submitPerson = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/SystemNotice/ModifyNotice',
    headers: { token, ...headers },
    payload: { NoticeType: 'APP_EDIT_PERSON', NoticeBody: JSON.stringify(body) },
  });

const pendingOf = async (employeeId: number) =>
  (
    await t.database.pool.query<{ id: number }>(
      "select id from change_requests where employee_id = $1 and status = 'pending' order by id",
      [employeeId],
    )
  ).rows;

/** A reviewer's socket, signed in; collects what the server pushes. */
const openSocket = async (app: FastifyInstance, token: string) => {
  const socket: WebSocket = await app.injectWS('/ws');
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  socket.send(JSON.stringify({ type: 'AUTH', token }));
  await expect.poll(() => received.some((message) => message.type === 'AUTH_OK')).toBe(true);
  return { socket, received };
};

describe('an edit of the base data and education, reviewed', () => {
  it('is held for review, pushed to the reviewer, approved, applied, and answered to the employee', async () => {
    const worker = await newEmployee();
    const reviewer = await openSocket(t.app, reviewerToken);

    const sent = await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    expect(sent.json()).toMatchObject({ result: true, msg: '已提交审核,请勿重复提交' });

    // Nothing is written to the records yet; the screens show the edit as pending.
    const info = await t.call(routes.getEmployeeInfo, { query: '{}' }, worker.token);
    expect(info.body.data).toMatchObject({
      empTelNo: '',
      empCard: '',
      pendingChangeRequest: { kind: 'APP_EDIT_PERSON' },
    });
    const educations = await t.call(routes.getTitleCerWithUnVerify, { type: 'CER01' }, worker.token);
    expect(educations.body.data).toEqual([expect.objectContaining({ schoolName: '南通大学', pendingAction: 'add' })]);
    expect(educations.body.data[0]).not.toHaveProperty('id'); // pending records carry no id
    expect((await t.call(routes.getTitleCer, { type: 'CER01' }, worker.token)).body.data).toEqual([]);

    // Every reviewer hears of it at once.
    await expect
      .poll(() => reviewer.received.find((message) => message.type === 'NOTIFY'))
      .toEqual({
        type: 'NOTIFY',
        kind: 'change-request.submitted',
        content: `员工[${worker.empNo}]修改了个人信息,待审核`,
      });
    const reviewerMessages = await t.call(routes.getPersonMsg, {}, reviewerToken);
    expect(reviewerMessages.body.data.map((message) => message.noticeBody)).toContain(
      `员工[${worker.empNo}]修改了个人信息,待审核`,
    );

    // A second edit of the same records while the first waits is refused, changing nothing.
    const again = await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    expect(again.json()).toMatchObject({ result: false, msg: '已提交审核,请勿重复提交' });
    expect(await pendingOf(worker.id)).toHaveLength(1);

    const [{ id }] = (await pendingOf(worker.id)) as [{ id: number }];
    const list = await t.call(routes.getChangeList, { bu: 'NT' }, reviewerToken);
    expect(list.body.data.map((item) => item.id)).toContain(id);
    const detail = await t.call(routes.getChangeDetail, { id }, reviewerToken);
    const base = detail.body.data.groups.find((group) => group.title === '基本信息');
    // The reviewer reads the whole number and the dictionaries' names; the scans are files.
    expect(base?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: '身份证号码', before: null, after: ID_CARD, isChanged: true }),
        expect.objectContaining({ label: '户口类型', after: '城镇户口' }),
        expect.objectContaining({ label: '身份证正面照片', after: worker.front, isFile: true }),
      ]),
    );
    expect(detail.body.data.groups).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: '新增学历', change: 'added' })]),
    );
    const reads = await t.database.pool.query(
      "select count(*)::int as n from audit_log where action = 'personal-data.read' and subject_id = $1",
      [String(worker.id)],
    );
    expect(reads.rows[0].n).toBe(1);

    const approved = await t.call(
      routes.approveChange,
      { id, seenVersions: detail.body.data.seenVersions, opinion: '资料齐全' },
      reviewerToken,
    );
    expect(approved.body).toMatchObject({ result: true, msg: '审核通过' });

    const after = await t.call(routes.getEmployeeInfo, {}, worker.token);
    expect(after.body.data).toMatchObject({
      empTelNo: '13912345678',
      empCard: '1101**********8515',
      pendingChangeRequest: null,
    });
    const applied = await t.call(routes.getTitleCerWithUnVerify, { type: 'CER01' }, worker.token);
    expect(applied.body.data).toEqual([expect.objectContaining({ schoolName: '南通大学', id: expect.any(Number) })]);
    expect(applied.body.data[0]?.pendingAction).toBeUndefined();
    const notices = await t.call(routes.getPersonNotice, { currentPage: 1 }, worker.token);
    expect(notices.body.data[0]).toMatchObject({
      isVerify: 'Y',
      outcome: 'approved',
      noticeBody: '修改个人信息，已通过',
      messageContent: '您提交的个人信息修改已审核通过：资料齐全',
    });
    const messages = await t.call(routes.getPersonMsg, {}, worker.token);
    expect(messages.body.data.map((message) => message.noticeBody)).toContain(
      '您提交的个人信息修改已审核通过：资料齐全',
    );

    // The diff decided on is frozen in the audit row, numbers sealed, never in the clear.
    const audit = await t.database.pool.query<{ after: unknown; before: unknown }>(
      "select before, after from audit_log where action = 'change.approve' and subject_id = $1",
      [String(id)],
    );
    expect(JSON.stringify(audit.rows[0])).not.toContain(ID_CARD);
    expect(audit.rows[0]?.after).toMatchObject({
      base: { empTelNo: '13912345678', empCard: { masked: '1101**********8515' } },
    });
    reviewer.socket.terminate();
  });

  it('is rejected with the reviewer’s reason, and the records stay as they were', async () => {
    const worker = await newEmployee();
    await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    const [{ id }] = (await pendingOf(worker.id)) as [{ id: number }];
    const noReason = await t.call(routes.rejectChange, { id, reason: '  ' }, reviewerToken);
    expect(noReason.body).toMatchObject({ result: false, msg: '请填写驳回原因' });
    const rejected = await t.call(routes.rejectChange, { id, reason: '身份证照片不清晰' }, reviewerToken);
    expect(rejected.body).toMatchObject({ result: true, msg: '已驳回' });
    const info = await t.call(routes.getEmployeeInfo, {}, worker.token);
    expect(info.body.data).toMatchObject({ empTelNo: '', pendingChangeRequest: null });
    const notices = await t.call(routes.getPersonNotice, { currentPage: 1 }, worker.token);
    // The outcome in words, and the line no longer reads …，待审核.
    expect(notices.body.data[0]).toMatchObject({
      isVerify: 'Y',
      outcome: 'rejected',
      changeRequestId: null,
      noticeBody: '修改个人信息，未通过',
      messageContent: '您提交的个人信息修改未通过审核：身份证照片不清晰',
    });
    // Decided once: a second decision is told so.
    const late = await t.call(routes.approveChange, { id, seenVersions: { base: 0, CER01: 0 } }, reviewerToken);
    expect(late.body).toMatchObject({ result: false, msg: '该申请已由其他审核人处理' });
  });

  it('lets exactly one of two reviewers deciding at once win', async () => {
    const worker = await newEmployee();
    const otherReviewer = await makeEmployee(t.database, { roles: ['Employee', 'AppVerify'] });
    const otherToken = await t.login(otherReviewer.empNo, FACTORY_PASSWORD_HASH);
    await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    const [{ id }] = (await pendingOf(worker.id)) as [{ id: number }];
    const { seenVersions } = (await t.call(routes.getChangeDetail, { id }, reviewerToken)).body.data;
    const answers = await Promise.all([
      t.call(routes.approveChange, { id, seenVersions }, reviewerToken),
      t.call(routes.rejectChange, { id, reason: '信息有误' }, otherToken),
    ]);
    expect(answers.map(({ body }) => body.result).sort()).toEqual([false, true]);
    expect(answers.find(({ body }) => !body.result)?.body.msg).toBe('该申请已由其他审核人处理');
    const educations = await t.call(routes.getTitleCer, { type: 'CER01' }, worker.token);
    const status = (await t.database.pool.query('select status from change_requests where id = $1', [id])).rows[0]
      .status;
    expect(educations.body.data).toHaveLength(status === 'approved' ? 1 : 0);
  });

  it('refuses an approval made against records HR changed since, until the reviewer has seen the new difference', async () => {
    const worker = await newEmployee();
    // The approved state first.
    await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    const [{ id: first }] = (await pendingOf(worker.id)) as [{ id: number }];
    const firstSeen = (await t.call(routes.getChangeDetail, { id: first }, reviewerToken)).body.data.seenVersions;
    await t.call(routes.approveChange, { id: first, seenVersions: firstSeen }, reviewerToken);

    await submitPerson(worker.token, {
      base: baseEdit(worker, { empTelNo: '13700000000' }),
      educations: [educationEdit()],
    });
    const [{ id }] = (await pendingOf(worker.id)) as [{ id: number }];
    const before = (await t.call(routes.getChangeDetail, { id }, reviewerToken)).body.data;
    expect(before.isStale).toBe(false);

    // HR changes the address meanwhile (the console of a later issue writes through the same versions).
    await t.database.pool.query("update employee_profiles set address = '人事修改的地址' where employee_id = $1", [
      worker.id,
    ]);
    await t.database.pool.query(
      "update record_versions set version = version + 1 where employee_id = $1 and record_set = 'base'",
      [worker.id],
    );
    const refused = await t.call(routes.approveChange, { id, seenVersions: before.seenVersions }, reviewerToken);
    expect(refused.body).toMatchObject({ result: false, msg: '资料已被修改，请查看最新差异后重新审核' });

    const now = (await t.call(routes.getChangeDetail, { id }, reviewerToken)).body.data;
    expect(now.isStale).toBe(true);
    const address = now.groups[0]?.fields.find((field) => field.label === '现居住地');
    expect(address).toMatchObject({ before: '人事修改的地址', after: '南通市崇川区人民路 1 号', isChanged: true });
    const approved = await t.call(routes.approveChange, { id, seenVersions: now.seenVersions }, reviewerToken);
    expect(approved.body.result).toBe(true);
  });
});

describe('a reviewer’s own change', () => {
  it('is neither listed to them as waiting nor decided by them; another reviewer decides it', async () => {
    const reviewer = await makeEmployee(t.database, { roles: ['Employee', 'AppVerify'] });
    const token = await t.login(reviewer.empNo, FACTORY_PASSWORD_HASH);
    const scan = await uploadFile(t.app, token, { upType: 'CARD', file: TINY_PNG });
    const bank = { filePath: scan, bankNo: '6222021234567890123', bankName: '中国银行' };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/SystemNotice/ModifyNotice',
      headers: { token },
      payload: { NoticeType: 'APP_EDIT_BANK', NoticeBody: JSON.stringify({ bank }) },
    });
    expect(sent.json()).toMatchObject({ result: true });
    const [{ id }] = (await pendingOf(reviewer.id)) as [{ id: number }];
    const fingerprint = async () =>
      (
        await t.database.pool.query(
          `select (select count(*) from bank_cards where employee_id = $1)::int as cards,
                  (select status from change_requests where id = $2) as status,
                  (select count(*) from audit_log where subject_type = 'change_request' and subject_id = $2::text
                     and action <> 'change.submit')::int as decisions`,
          [reviewer.id, id],
        )
      ).rows[0];
    const before = await fingerprint();
    expect(before).toEqual({ cards: 0, status: 'pending', decisions: 0 });

    // Not waiting for them: neither in their list nor in their count; the other reviewers see it.
    const own = await t.call(routes.getChangeList, { status: 'pending', PageSize: 50 }, token);
    expect(own.body.data.map((item) => item.id)).not.toContain(id);
    const othersCount = (await t.call(routes.getPendingCount, {}, reviewerToken)).body.data.count;
    expect((await t.call(routes.getPendingCount, {}, token)).body.data.count).toBe(othersCount - 1);
    const theirs = await t.call(routes.getChangeList, { status: 'pending', PageSize: 50 }, reviewerToken);
    expect(theirs.body.data.map((item) => item.id)).toContain(id);

    // Deciding it themselves is refused, whichever way, and changes nothing.
    const { seenVersions } = (await t.call(routes.getChangeDetail, { id }, token)).body.data;
    const approved = await t.call(routes.approveChange, { id, seenVersions, opinion: '' }, token);
    expect(approved.body).toMatchObject({ result: false, msg: '不能审核本人提交的资料修改，请由其他审核人处理' });
    const rejected = await t.call(routes.rejectChange, { id, reason: '不要了' }, token);
    expect(rejected.body).toMatchObject({ result: false, msg: '不能审核本人提交的资料修改，请由其他审核人处理' });
    expect(await fingerprint()).toEqual(before);

    const decided = await t.call(routes.approveChange, { id, seenVersions, opinion: '' }, reviewerToken);
    expect(decided.body).toMatchObject({ result: true });
    expect(await fingerprint()).toMatchObject({ cards: 1, status: 'approved', decisions: 1 });
  });
});

describe('access', () => {
  it('keeps the reviewer’s calls from employees, and each employee’s records and files from the others', async () => {
    const worker = await newEmployee();
    const other = await newEmployee('HZ');
    for (const [route, body] of [
      [routes.getChangeList, {}],
      [routes.getChangeDetail, { id: 1 }],
      [routes.approveChange, { id: 1, seenVersions: {} }],
      [routes.rejectChange, { id: 1, reason: 'x' }],
      [routes.getPendingCount, {}],
    ] as const) {
      const { status, body: answer } = await t.call(route, body, worker.token);
      expect([status, answer.msg], route.path).toEqual([403, '权限不足']);
    }
    // Another's file: as if it did not exist, to read or to use.
    const read = await t.app.inject({ method: 'GET', url: other.front, headers: { token: worker.token } });
    expect(read.statusCode).toBe(404);
    const used = await submitPerson(worker.token, { base: baseEdit(other), educations: [educationEdit()] });
    expect(used.json()).toMatchObject({ result: false, msg: '文件不存在或已失效，请重新上传' });
    // Another's certificate: the id names nothing of the caller's.
    const demoEducation = (await t.database.pool.query("select id from certificates where cer_type = 'CER01' limit 1"))
      .rows[0].id;
    const edited = await submitPerson(worker.token, {
      base: baseEdit(worker),
      educations: [educationEdit({ id: demoEducation })],
    });
    expect(edited.json()).toMatchObject({ result: false, msg: '记录不存在，请刷新后重试' });
    expect(await pendingOf(worker.id)).toHaveLength(0);
    // The reviewer reads the scans of the records under review.
    const reviewed = await t.app.inject({ method: 'GET', url: other.front, headers: { token: reviewerToken } });
    expect(reviewed.statusCode).toBe(200);
  });
});

describe('the employee’s own waiting change', () => {
  it('shows what they sent, numbers masked, to them alone', async () => {
    const worker = await newEmployee();
    const sent = await submitPerson(worker.token, {
      base: baseEdit(worker, { empTelNo: '13800001111' }),
      educations: [educationEdit()],
    });
    expect(sent.json()).toMatchObject({ result: true });
    const notices = await t.call(routes.getPersonNotice, { currentPage: 1 }, worker.token);
    const [notice] = notices.body.data;
    expect(notice).toMatchObject({ outcome: 'pending', noticeBody: '修改个人信息，待审核' });
    const id = notice?.changeRequestId as number;
    expect(id).toBeGreaterThan(0);

    const mine = await t.call(routes.getMyChange, { kind: 'APP_EDIT_PERSON' }, worker.token);
    expect(mine.body.data).toMatchObject({ id, kind: 'APP_EDIT_PERSON' });
    const fields = mine.body.data?.groups[0]?.fields ?? [];
    const after = Object.fromEntries(fields.map((field) => [field.label, field.after]));
    expect(after).toMatchObject({ 联系电话: '13800001111', 身份证号码: '1101**********8515' });
    expect(JSON.stringify(mine.body)).not.toContain(ID_CARD);

    // Another employee asking for the same kind hears of nothing of theirs.
    const other = await newEmployee();
    expect((await t.call(routes.getMyChange, { kind: 'APP_EDIT_PERSON' }, other.token)).body).toMatchObject({
      result: true,
      data: null,
    });
    expect((await t.call(routes.getMyChange, { kind: 'APP_EDIT_BANK' }, worker.token)).body.data).toBeNull();
  });

  it('is withdrawn by them while nobody decided: records free again, reviewers told, the notice says so', async () => {
    const worker = await newEmployee();
    await submitPerson(worker.token, {
      base: baseEdit(worker, { empTelNo: '13800002222' }),
      educations: [educationEdit()],
    });
    const [{ id }] = (await pendingOf(worker.id)) as [{ id: number }];

    // Nobody else takes it back.
    const other = await newEmployee();
    expect((await t.call(routes.withdrawChange, { id }, other.token)).body).toMatchObject({
      result: false,
      msg: '申请不存在',
    });
    expect(await pendingOf(worker.id)).toHaveLength(1);

    expect((await t.call(routes.withdrawChange, { id }, worker.token)).body).toMatchObject({
      result: true,
      msg: '已撤回',
    });
    // Twice is the same outcome.
    expect((await t.call(routes.withdrawChange, { id }, worker.token)).body.result).toBe(true);
    expect(await pendingOf(worker.id)).toHaveLength(0);

    const notices = await t.call(routes.getPersonNotice, { currentPage: 1 }, worker.token);
    expect(notices.body.data[0]).toMatchObject({
      outcome: 'withdrawn',
      changeRequestId: null,
      noticeBody: '修改个人信息，已撤回',
      messageContent: '您已撤回个人信息的修改',
    });
    const waiting = await t.call(routes.getChangeList, { status: 'pending', PageSize: 50 }, reviewerToken);
    expect(waiting.body.data.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await t.call(routes.approveChange, { id, seenVersions: { base: 0 } }, reviewerToken)).body).toMatchObject({
      result: false,
      msg: '员工已撤回该申请',
    });
    // The records are as they were, and free to edit again.
    expect((await t.call(routes.getEmployeeInfo, {}, worker.token)).body.data).toMatchObject({
      empTelNo: '',
      pendingChangeRequest: null,
    });
    const again = await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    expect(again.json().result).toBe(true);
    const log = await t.database.pool.query(
      "select actor_id from audit_log where action = 'change.withdraw' and subject_id = $1",
      [String(id)],
    );
    expect(log.rows).toEqual([{ actor_id: worker.id }]);
  });

  it('cannot be withdrawn once decided', async () => {
    const worker = await newEmployee();
    await submitPerson(worker.token, { base: baseEdit(worker), educations: [educationEdit()] });
    const [{ id }] = (await pendingOf(worker.id)) as [{ id: number }];
    await t.call(routes.rejectChange, { id, reason: '照片不清晰' }, reviewerToken);
    expect((await t.call(routes.withdrawChange, { id }, worker.token)).body).toMatchObject({
      result: false,
      msg: '该申请已审核，不能撤回',
    });
  });
});
