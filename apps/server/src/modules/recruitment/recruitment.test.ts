// Registration through a referral link (public), what the referrer sees of their candidates, and HR's list, decision
// and export.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { PDF, uploadPublic } from '../../../test/public-forms';
import { maskName } from './service';

let t: TestContext;
let referrer: { empNo: string; token: string };
let colleague: { token: string };
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_SUBMIT_RATE_LIMIT: '10000', PUBLIC_UPLOAD_RATE_LIMIT: '10000' });
  const made = await makeEmployee(t.database, { plant: 'HZ' });
  referrer = { empNo: made.empNo, token: await t.login(made.empNo, FACTORY_PASSWORD_HASH) };
  const other = await makeEmployee(t.database, { plant: 'HZ' });
  colleague = { token: await t.login(other.empNo, FACTORY_PASSWORD_HASH) };
});
afterAll(() => t.close());

const resume = () => uploadPublic(t.app, { upType: 'RESUME', file: PDF, filename: '简历.pdf' });
const register = async (overrides: Record<string, unknown> = {}, token?: string | null) =>
  t.call(
    routes.insertRecruitmentRegister,
    {
      modify: JSON.stringify({
        UserName: '陈小红',
        UserAge: '24',
        PositionApply: '装配工',
        FilePath: 'FilePath' in overrides ? overrides.FilePath : await resume(),
        ReferrerEmp: referrer.empNo,
        ...overrides,
      }),
    },
    token,
  );

describe('RecruitmentRegister/InsertRecruitmentRegister', () => {
  it('registers a candidate with the referrer’s plant, answering 信息已提交,请耐心等待', async () => {
    expect((await register()).body).toEqual({ result: true, msg: '信息已提交,请耐心等待', data: null });
    const { rows } = await t.database.pool.query('select bu, name, age, position_apply, status from candidates');
    expect(rows).toEqual([{ bu: 'HZ', name: '陈小红', age: 24, position_apply: '装配工', status: 'REGISTERED' }]);
  });

  it.each([
    [{ UserName: '' }, '请填写姓名'],
    [{ UserAge: '' }, '请填写年龄'],
    [{ UserAge: '二十' }, '年龄只能填写数字'],
    [{ UserAge: '12' }, '年龄应在 16–65 岁之间'],
    [{ UserAge: '70' }, '年龄应在 16–65 岁之间'],
    [{ PositionApply: ' ' }, '请填写应聘岗位'],
    [{ FilePath: '' }, '请上传简历'],
    [{ ReferrerEmp: '' }, '推荐链接无效，请向推荐人重新获取'],
    [{ ReferrerEmp: '<script>' }, '推荐链接无效，请向推荐人重新获取'],
    [{ ReferrerEmp: '999999999' }, '推荐人工号不存在，请向推荐人确认推荐链接'],
  ])('refuses %o with %s, storing nothing', async (change, message) => {
    const before = (await t.database.pool.query('select count(*)::int as n from candidates')).rows[0].n;
    const { status, body } = await register(change);
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
    expect((await t.database.pool.query('select count(*)::int as n from candidates')).rows[0].n).toBe(before);
  });

  it('takes only a resume uploaded for it, once', async () => {
    const picture = await uploadPublic(t.app, { upType: 'PROPOSAL', file: TINY_PNG });
    expect((await register({ FilePath: picture })).body.msg).toBe('文件不存在或已失效，请重新上传');
    const path = await resume();
    expect((await register({ FilePath: path })).body.result).toBe(true);
    expect((await register({ FilePath: path })).body.msg).toBe('文件不存在或已失效，请重新上传');
  });
});

describe('the referrer’s candidates', () => {
  it('shows the referrer their candidates with the name masked, and nobody else', async () => {
    const mine = await t.call(routes.getMyReferrals, {}, referrer.token);
    expect(mine.body.data[0]).toEqual({
      id: expect.any(Number),
      maskedName: '陈**',
      positionApply: '装配工',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      status: 'REGISTERED',
      answer: '',
    });
    expect(JSON.stringify(mine.body)).not.toContain('陈小红');
    expect((await t.call(routes.getMyReferrals, {}, colleague.token)).body.data).toEqual([]);
    expect((await t.call(routes.getMyReferrals, {}, null)).status).toBe(401);
  });

  it('masks every name', () => {
    expect(maskName('李')).toBe('李*');
    expect(maskName('王五')).toBe('王*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
  });
});

describe('HR’s list of candidates', () => {
  it('lists, decides and exports within the plants the caller administers', async () => {
    const hrAll = await t.login('900001');
    const hrNt = await t.login('900002');
    const list = await t.call(routes.getCandidateList, { bu: 'HZ' }, hrAll);
    expect(list.body.data[0]).toMatchObject({
      bu: 'HZ',
      userName: '陈小红',
      userAge: 24,
      referrerEmpNo: referrer.empNo,
      status: 'REGISTERED',
      filePath: expect.stringMatching(/^\/api\/files\//),
    });
    const id = list.body.data[0]?.id as number;
    const path = list.body.data[0]?.filePath as string;
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: hrAll } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: hrNt } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: referrer.token } })).statusCode).toBe(404);
    expect((await t.call(routes.getCandidateList, {}, hrNt)).body.data).toEqual([]);
    expect((await t.call(routes.getCandidateList, { bu: 'HZ' }, hrNt)).body.msg).toBe('权限不足');
    expect((await t.call(routes.getCandidateList, {}, referrer.token)).status).toBe(403);
    expect((await t.call(routes.setCandidateStatus, { id, status: 'HIRED' }, hrNt)).body.msg).toBe(
      '记录不存在，请刷新后重试',
    );
    const decided = await t.call(
      routes.setCandidateStatus,
      { id, status: 'CONTACTED', answer: '已电话联系，周三面试' },
      hrAll,
    );
    expect(decided.body.result).toBe(true);
    // The referrer sees where their candidate stands and HR's words, on the share page and as a message.
    const seen = await t.call(routes.getMyReferrals, {}, referrer.token);
    expect(seen.body.data.find((row) => row.id === id)).toMatchObject({
      status: 'CONTACTED',
      answer: '已电话联系，周三面试',
    });
    expect((await t.call(routes.getPersonMsg, {}, referrer.token)).body.data).toContainEqual(
      expect.objectContaining({
        noticeTitle: '您推荐的人选有了新进展',
        noticeBody: '状态：已联系\n答复：已电话联系，周三面试',
      }),
    );
    // Its WeCom card opens the share page, where the referrer's candidates stand.
    const { rows: links } = await t.database.pool.query(
      `select distinct m.link from messages m join employees e on e.id = m.employee_id
       where e.emp_no = $1 and m.title = '您推荐的人选有了新进展'`,
      [referrer.empNo],
    );
    expect(links).toEqual([{ link: '/home/recruitment-share' }]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/export/candidates.csv?bu=HZ',
      headers: { token: hrAll },
    });
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(
      text.startsWith(
        '\uFEFF"编号","工厂","状态","登记时间","姓名","年龄","应聘岗位","推荐人工号","推荐人","简历","等待天数","处理人","答复"\r\n',
      ),
    ).toBe(true);
    expect(text).toContain('"已联系"');
    expect(text).toContain('"陈小红","24","装配工"');
    const empty = await t.app.inject({ method: 'GET', url: '/api/export/candidates.csv', headers: { token: hrNt } });
    expect(empty.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
