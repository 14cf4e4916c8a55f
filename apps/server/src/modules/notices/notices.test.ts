// Notices: feedback as the reference write (one transaction with its audit row, one notice per
// idempotency key), the caller's notice list and unread messages, each scoped to the caller.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('shows unread messages until they are marked read, for the caller only', async () => {
    const token = await t.login('100011');
    const unread = await t.call(routes.getPersonMsg, {}, token);
    expect(unread.body.data.length).toBe(2);
    await t.call(routes.modifyReadMsg, {}, token);
    expect((await t.call(routes.getPersonMsg, {}, token)).body.data).toEqual([]);
    expect((await t.call(routes.getPersonMsg, {}, employeeToken)).body.data.length).toBe(2);
  });
});
