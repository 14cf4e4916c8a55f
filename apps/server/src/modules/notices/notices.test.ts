// Notices: feedback as the reference write (one transaction with its audit row, one notice per
// idempotency key), the caller's notice list and unread messages, each scoped to the caller.
import { randomUUID } from 'node:crypto';
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let employeeToken: string;
let colleagueToken: string;
beforeAll(async () => {
  t = await createTestContext();
  employeeToken = await t.login('100001');
  colleagueToken = await t.login('100002');
});
afterAll(() => t.close());

describe('SystemNotice', () => {
  it('stores feedback as a notice of the caller, shown in their notice list only', async () => {
    const submitted = await t.call(
      routes.modifyNotice,
      { NoticeType: 'AppMeals', NoticeTitle: '', NoticeDesc: '食堂周二晚餐重复扣款', NoticeBody: '', Bu: 'HZ' },
      colleagueToken,
    );
    expect(submitted.body).toMatchObject({ result: true, msg: '提交成功' });
    const mine = await t.call(routes.getPersonNotice, { currentPage: 1 }, colleagueToken);
    expect(mine.body.data[0]).toMatchObject({ noticeTitle: '食堂周二晚餐重复扣款', isVerify: 'N' });
    const { rows } = await t.database.pool.query(
      "select n.bu from notices n join employees e on e.id = n.employee_id where e.emp_no = '100002' order by n.id desc limit 1",
    );
    expect(rows[0].bu).toBe('GT'); // the caller's plant, not the payload's
    const others = await t.call(routes.getPersonNotice, { currentPage: 1, pageSize: 50 }, employeeToken);
    expect(others.body.data.map((notice) => notice.noticeTitle)).not.toContain('食堂周二晚餐重复扣款');
  });

  it.each([
    [{ NoticeType: 'AppMeals', NoticeDesc: '   ' }, '反馈类型或描述为空'],
    [{ NoticeType: 'Nope', NoticeDesc: '内容' }, '反馈类型或描述为空'],
    [{ NoticeDesc: '内容' }, '反馈类型或描述为空'],
  ])('refuses feedback %j', async (payload, message) => {
    const before = await t.database.pool.query('select count(*)::int as n from notices');
    const { status, body } = await t.call(routes.modifyNotice, payload, colleagueToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: false, msg: message });
    const after = await t.database.pool.query('select count(*)::int as n from notices');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('pages notices until loaded ≥ totalCount, each exactly once', async () => {
    const seen: number[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let page = 1; seen.length < total; page++) {
      const { body } = await t.call(routes.getPersonNotice, { currentPage: page, pageSize: 3 }, employeeToken);
      total = body.totalCount ?? 0;
      seen.push(...body.data.map((notice) => notice.id));
      if (page > 10) break;
    }
    const { rows } = await t.database.pool.query('select count(*)::int as n from notices where employee_id = 1');
    expect(total).toBe(rows[0].n);
    expect(new Set(seen).size).toBe(total);
    const beyond = await t.call(routes.getPersonNotice, { currentPage: 99_999 }, employeeToken);
    expect(beyond.body).toMatchObject({ result: true, data: [] });
    expect((await t.call(routes.getPersonNotice, { currentPage: 'x' }, employeeToken)).body.result).toBe(false);
  });

  it('shows unread messages (and the demo company’s notice) until they are marked read, for the caller only', async () => {
    const token = await t.login('100011');
    const kinds = async (who: string) =>
      ((await t.call(routes.getPersonMsg, {}, who)).body.data as { kind: string }[]).map((row) => row.kind).sort();
    expect(await kinds(token)).toEqual(['announcement', 'message', 'message']);
    await t.call(routes.modifyReadMsg, {}, token);
    expect(await kinds(token)).toEqual([]);
    // 100001's are untouched: the demo's two, and the exam NT's clerk published to its team.
    expect((await kinds(employeeToken)).filter((kind) => kind === 'message')).toHaveLength(3);
  });
});

describe('SystemNotice/ModifyNotice as the reference write', () => {
  const feedback = {
    NoticeType: 'AppAtt',
    NoticeTitle: '意见反馈-考勤',
    NoticeDesc: '打卡机 3 号故障',
    NoticeBody: '',
  };
  const submit = (token: string, idempotencyKey?: string, body: Record<string, unknown> = feedback) =>
    t.app.inject({
      method: 'POST',
      url: '/api/SystemNotice/ModifyNotice',
      headers: { token, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: body,
    });
  const countNotices = async (employeeId: number) =>
    Number(
      (await t.database.pool.query('select count(*) as n from notices where employee_id = $1', [employeeId])).rows[0]
        ?.n,
    );

  it('makes one notice of two taps in the same instant and of a retry, both answered alike', async () => {
    const employee = await makeEmployee(t.database);
    const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
    const key = randomUUID();
    const [first, second] = await Promise.all([submit(token, key), submit(token, key)]);
    const retry = await submit(token, key);
    for (const answer of [first, second, retry]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ result: true, msg: '提交成功', data: null });
    }
    expect(await countNotices(employee.id)).toBe(1);
    // A new form (a new key) is a new notice.
    await submit(token, randomUUID());
    expect(await countNotices(employee.id)).toBe(2);
  });

  it('writes the notice and its audit row in one transaction', async () => {
    const employee = await makeEmployee(t.database, { plant: 'HZ' });
    const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
    const response = await submit(token, randomUUID(), { ...feedback, Bu: 'NT' });
    expect(response.json().result).toBe(true);
    const { rows } = await t.database.pool.query(
      `select a.actor_id, a.action, a.after ->> 'bu' as bu, a.request_id, n.id::text = a.subject_id as is_same
       from audit_log a join notices n on n.employee_id = a.actor_id where a.actor_id = $1`,
      [employee.id],
    );
    expect(rows).toEqual([
      {
        actor_id: employee.id,
        action: 'notice.submit-feedback',
        bu: 'HZ',
        request_id: expect.any(String),
        is_same: true,
      },
    ]);
    expect(rows[0]?.request_id).not.toBe('');
  });

  it('refuses an idempotency key that is not one, changing nothing', async () => {
    const employee = await makeEmployee(t.database);
    const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
    const response = await submit(token, 'short');
    expect(response.json()).toEqual({ result: false, msg: '请求标识格式无效', data: null });
    expect(await countNotices(employee.id)).toBe(0);
  });

  it.each(['NoticeDesc', 'NoticeTitle', 'NoticeBody'])('refuses a NUL or control character in %s', async (field) => {
    const employee = await makeEmployee(t.database);
    const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
    for (const bad of ['食堂\u0000', '\u001b[31m红字', 'a\u0008b']) {
      const response = await submit(token, undefined, { ...feedback, [field]: bad });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ result: false, msg: expect.stringContaining('不能包含控制字符') });
    }
    // Line breaks and tabs are text.
    const multiline = await submit(token, undefined, { ...feedback, [field]: '第一行\n第二行\t完' });
    expect(multiline.json().result).toBe(true);
    expect(await countNotices(employee.id)).toBe(1);
  });
});
