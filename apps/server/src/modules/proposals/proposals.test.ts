// The proposal forms as the public sends them (no token) and as a signed-in worker does; the lookups they need;
// what reaches HR (plant scope, month filter, decision, CSV that Excel opens), and the limits per address that
// keep anonymous abuse out while signed-in calls go on.
import { randomInt } from 'node:crypto';
import { routes } from '@ess/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, shanghaiMonth, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { improveForm, PDF, studyForm, uploadPublic } from '../../../test/public-forms';
import { uploadFile } from '../../../test/uploads';
import { buildApp } from '../../app';

let t: TestContext;
let worker: { empNo: string; id: number; token: string };
let other: { token: string };
let hrAll: string;
let hrNt: string;
beforeAll(async () => {
  // Every anonymous call here comes from one address: the limits get their own tests below.
  t = await createTestContext({
    PUBLIC_SUBMIT_RATE_LIMIT: '10000',
    PUBLIC_UPLOAD_RATE_LIMIT: '10000',
    PUBLIC_LOOKUP_RATE_LIMIT: '10000',
  });
  const made = await makeEmployee(t.database, { name: '孙工' });
  worker = { ...made, token: await t.login(made.empNo, FACTORY_PASSWORD_HASH) };
  const someone = await makeEmployee(t.database);
  other = { token: await t.login(someone.empNo, FACTORY_PASSWORD_HASH) };
  hrAll = await t.login('900001');
  hrNt = await t.login('900002');
});
afterAll(() => t.close());

const submitImprove = (form: Record<string, unknown>, token?: string | null) =>
  t.call(routes.modifyProposalImproveDetail, { modify: JSON.stringify(form) }, token);
const submitStudy = (form: Record<string, unknown>, token?: string | null) =>
  t.call(routes.addProposalStudy, { modify: JSON.stringify(form) }, token);
const countProposals = async () =>
  (await t.database.pool.query('select count(*)::int as n from proposals')).rows[0].n as number;

describe('lookups of the public forms', () => {
  it('answers NT’s improvement departments from NT, GT and NY, and HZ’s from HZ, with names only', async () => {
    const nt = await t.call(routes.getImproveDeptInfo, { bu: 'NT' });
    expect(nt.body.result).toBe(true);
    expect(new Set(nt.body.data.map((dept) => dept.bu))).toEqual(new Set(['NT', 'GT', 'NY']));
    expect(Object.keys(nt.body.data[0] ?? {}).sort()).toEqual(['bu', 'deptName', 'deptNo']);
    const hz = await t.call(routes.getImproveDeptInfo, { bu: 'HZ' });
    expect(new Set(hz.body.data.map((dept) => dept.bu))).toEqual(new Set(['HZ']));
    const teams = await t.call(routes.getImproveTeamData, { bu: 'NT' });
    expect(teams.body.data).toContainEqual({ teamNo: 'NT-T01', teamName: '班组1', bu: 'NT' });
    expect(Object.keys(teams.body.data[0] ?? {}).sort()).toEqual(['bu', 'teamName', 'teamNo']);
  });

  it('answers a plant’s departments by level and its teams', async () => {
    const level1 = await t.call(routes.getDeptInfo, { bu: 'BJ', level: 1 });
    expect(level1.body.data.map((dept) => dept.deptName)).toContain('总装车间');
    const level2 = await t.call(routes.getDeptInfo, { bu: 'BJ', level: 2 });
    expect(level2.body.data.map((dept) => dept.deptName)).toContain('总装车间一工段');
    const teams = await t.call(routes.getTeamData, { bu: 'LZ' });
    expect(teams.body.data.every((team) => team.bu === 'LZ')).toBe(true);
  });

  it('refuses an unknown plant in Chinese', async () => {
    for (const route of [
      routes.getImproveDeptInfo,
      routes.getDeptInfo,
      routes.getTeamData,
      routes.getImproveTeamData,
    ]) {
      const { status, body } = await t.call(route, { bu: 'XX' });
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: '工厂代码无效', data: null });
    }
  });
});

describe('TrainMaterial/ModifyProposalImproveDetail', () => {
  it('stores an anonymous proposal with its plant, a status and no account', async () => {
    const { body } = await submitImprove(improveForm({ ImageNo: 'IMG-7' }));
    expect(body).toEqual({ result: true, msg: '提交成功', data: null });
    const { rows } = await t.database.pool.query('select * from proposals order by id desc limit 1');
    expect(rows[0]).toMatchObject({
      kind: 'IMPROVE',
      bu: 'NT',
      status: 'SUBMITTED',
      submitted_by: null,
      dept_no: 'GT-D02',
      team_no: 'NT-T01',
      assist_dept_no: 'NT-D05',
      emp_name: '王小明',
      emp_no: '100123',
      image_no: 'IMG-7',
    });
  });

  it.each([
    ['ImproveDept', '请选择提案部门'],
    ['TeamNo', '请选择班组'],
    ['AssistDept', '请选择协助部门'],
    ['ImproveName', '请填写提案名称'],
    ['ImproveEmpName', '请填写员工姓名'],
    ['ImproveEmpNo', '请填写员工工号'],
    ['ImproveDetail', '请填写提案内容'],
    ['ImproveSuggest', '请填写改善建议'],
    ['Bu', '请选择工厂'],
  ])('refuses a form without %s: %s', async (field, message) => {
    const before = await countProposals();
    for (const value of [undefined, '', '   ']) {
      const { status, body } = await submitImprove(improveForm({ [field]: value }));
      expect(status).toBe(200);
      expect(body).toEqual({ result: false, msg: message, data: null });
    }
    expect(await countProposals()).toBe(before);
  });

  it('refuses departments and teams the plant does not offer, a bad number, and a body that is no form', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ImproveDept: 'HZ-D01' }, '提案部门无效，请重新选择'],
      [{ TeamNo: 'BJ-T01' }, '班组无效，请重新选择'],
      [{ AssistDept: 'nope' }, '协助部门无效，请重新选择'],
      [{ ImproveEmpNo: '10 01' }, '员工工号只能包含字母和数字'],
      [{ Bu: 'BJ' }, '请选择工厂'],
      [{ ImproveDetail: 'x'.repeat(2001) }, '提案内容最多 2000 字'],
      [{ FilePath: '/etc/passwd' }, '文件地址无效'],
    ];
    for (const [change, message] of cases) {
      expect((await submitImprove(improveForm(change))).body, message).toMatchObject({ result: false, msg: message });
    }
    expect((await t.call(routes.modifyProposalImproveDetail, { modify: '{not json' })).body.result).toBe(false);
    expect((await t.call(routes.modifyProposalImproveDetail, {})).body).toMatchObject({ result: false });
  });

  it('takes the name and number from the token when signed in, and shows the proposal to that employee only', async () => {
    const { body } = await submitImprove(
      improveForm({ ImproveEmpName: '冒名', ImproveEmpNo: '999999', ImproveName: '我的提案' }),
      worker.token,
    );
    expect(body.result).toBe(true);
    const mine = await t.call(routes.getMyProposals, {}, worker.token);
    expect(mine.body.data[0]).toMatchObject({ kind: 'IMPROVE', title: '我的提案', status: 'SUBMITTED', bu: 'NT' });
    expect(mine.body.totalCount).toBe(1);
    const { rows } = await t.database.pool.query('select emp_no, emp_name from proposals where submitted_by = $1', [
      worker.id,
    ]);
    expect(rows).toEqual([{ emp_no: worker.empNo, emp_name: '孙工' }]);
    const theirs = await t.call(routes.getMyProposals, {}, other.token);
    expect(theirs.body.data).toEqual([]);
    expect((await t.call(routes.getMyProposals, {}, null)).status).toBe(401);
  });
});

describe('ToolSysCollection/AddProposalStudy', () => {
  it('stores a rectification with its department and a learning proposal without one', async () => {
    expect((await submitStudy(studyForm())).body).toEqual({ result: true, msg: '提交成功', data: null });
    expect((await submitStudy(studyForm({ ProposalType: 'STUDY', DeptNo: 'BJ-D03', Bu: 'JY' }))).body.result).toBe(
      true,
    );
    const { rows } = await t.database.pool.query(
      "select kind, bu, dept_no, class_type, emp_name, work_no from proposals where kind in ('ADJUST', 'STUDY') order by id",
    );
    expect(rows).toEqual([
      { kind: 'ADJUST', bu: 'BJ', dept_no: 'BJ-D01', class_type: '机', emp_name: '赵工', work_no: '焊接 OP30' },
      { kind: 'STUDY', bu: 'JY', dept_no: '', class_type: '机', emp_name: '赵工', work_no: '焊接 OP30' },
    ]);
  });

  it.each([
    ['Bu', '请选择提交工厂'],
    ['ClassType', '请选择类别'],
    ['DeptNo', '请选择整改部门'],
    ['Presenter', '请填写提出人'],
    ['WorkNo', '请填写工序'],
    ['QuestionDesc', '请填写问题描述'],
    ['SuggestDesc', '请填写改善建议'],
  ])('refuses a rectification without %s: %s', async (field, message) => {
    const { status, body } = await submitStudy(studyForm({ [field]: '' }));
    expect(status).toBe(200);
    expect(body).toEqual({ result: false, msg: message, data: null });
  });

  it('does not ask a learning proposal for a department; refuses other plants, categories and departments', async () => {
    expect((await submitStudy(studyForm({ ProposalType: 'STUDY', DeptNo: '' }))).body.result).toBe(true);
    expect((await submitStudy(studyForm({ Bu: 'NT' }))).body.msg).toBe('请选择提交工厂');
    expect((await submitStudy(studyForm({ ClassType: '钱' }))).body.msg).toBe('请选择类别');
    expect((await submitStudy(studyForm({ DeptNo: 'AQ-D01' }))).body.msg).toBe('整改部门无效，请重新选择');
    expect((await submitStudy(studyForm({ ProposalType: 'OTHER' }))).body.msg).toBe('请选择整改或学习');
  });
});

describe('anonymous uploads', () => {
  it('takes a proposal picture without a token, and lets a proposal use it once', async () => {
    const path = await uploadPublic(t.app, { upType: 'PROPOSAL', file: TINY_PNG, filename: 'a.png' });
    expect(path).toMatch(/^\/api\/files\//);
    expect((await submitImprove(improveForm({ FilePath: path }))).body.result).toBe(true);
    expect((await submitImprove(improveForm({ FilePath: path }))).body).toEqual({
      result: false,
      msg: '文件不存在或已失效，请重新上传',
      data: null,
    });
  });

  it('takes only the forms’ kinds, checked by content', async () => {
    const upload = async (upType: string, file: Buffer) =>
      (
        await import('../../../test/uploads').then(({ postMultipart }) =>
          postMultipart(t.app, 'upload/UploadPublicFile', [
            { field: 'upType', value: upType },
            { field: 'file', file, filename: 'x.png' },
          ]),
        )
      ).body;
    expect(await upload('CARD', TINY_PNG)).toMatchObject({ result: false, msg: '上传类型无效' });
    expect(await upload('PROPOSAL', PDF)).toMatchObject({
      result: false,
      msg: expect.stringContaining('文件类型不支持'),
    });
    expect(await upload('RESUME', TINY_PNG)).toMatchObject({
      result: false,
      msg: expect.stringContaining('文件类型不支持'),
    });
  });

  it('keeps an anonymous file unreadable without a token, by employees, and by HR of other plants', async () => {
    const path = await uploadPublic(t.app, { upType: 'PROPOSAL', file: TINY_PNG });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: other.token } })).statusCode).toBe(404);
    // Unused yet: not even HR reads it.
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: hrAll } })).statusCode).toBe(404);
    expect(
      (
        await submitImprove(
          improveForm({ Bu: 'HZ', ImproveDept: 'HZ-D01', TeamNo: 'HZ-T01', AssistDept: 'HZ-D02', FilePath: path }),
        )
      ).body.result,
    ).toBe(true);
    const byHr = await t.app.inject({ method: 'GET', url: path, headers: { token: hrAll } });
    expect(byHr.statusCode).toBe(200);
    expect(byHr.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: hrNt } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { token: other.token } })).statusCode).toBe(404);
  });

  it('does not let a proposal use an employee’s record upload', async () => {
    const card = await uploadFile(t.app, worker.token, { upType: 'CARD', file: TINY_PNG });
    expect((await submitImprove(improveForm({ FilePath: card }), worker.token)).body.msg).toBe(
      '文件不存在或已失效，请重新上传',
    );
  });
});

describe('HR’s list of proposals', () => {
  it('lists by plant, month and kind within the plants the caller administers', async () => {
    const all = await t.call(routes.getProposalList, {}, hrAll);
    expect(all.body.result).toBe(true);
    expect(all.body.totalCount).toBe(await countProposals());
    const hz = await t.call(routes.getProposalList, { bu: 'HZ' }, hrAll);
    expect(hz.body.data.length).toBeGreaterThan(0);
    expect(hz.body.data.every((row) => row.bu === 'HZ')).toBe(true);
    expect(hz.body.data[0]).toMatchObject({ deptName: '总装车间', teamName: '班组1', filePath: expect.any(String) });
    const study = await t.call(routes.getProposalList, { kind: 'STUDY' }, hrAll);
    expect(study.body.data.every((row) => row.kind === 'STUDY')).toBe(true);
    const thisMonth = await t.call(routes.getProposalList, { month: shanghaiMonth(0) }, hrAll);
    expect(thisMonth.body.totalCount).toBe(all.body.totalCount);
    const lastMonth = await t.call(routes.getProposalList, { month: shanghaiMonth(1) }, hrAll);
    expect(lastMonth.body.totalCount).toBe(0);

    const ntOnly = await t.call(routes.getProposalList, {}, hrNt);
    expect(ntOnly.body.data.length).toBeGreaterThan(0);
    expect(ntOnly.body.data.every((row) => row.bu === 'NT')).toBe(true);
    expect((await t.call(routes.getProposalList, { bu: 'HZ' }, hrNt)).body).toEqual({
      result: false,
      msg: '权限不足',
      data: null,
    });
    expect((await t.call(routes.getProposalList, {}, worker.token)).status).toBe(403);
    expect((await t.call(routes.getProposalList, { month: '2026-13' }, hrAll)).body.msg).toBe('月份格式应为 yyyy-MM');
  });

  it('records HR’s decision, shown to the submitter; another plant’s HR cannot decide', async () => {
    const [mine] = (await t.call(routes.getMyProposals, {}, worker.token)).body.data;
    const id = mine?.id as number;
    const hz = (await t.call(routes.getProposalList, { bu: 'HZ' }, hrAll)).body.data[0]?.id as number;
    expect((await t.call(routes.setProposalStatus, { id: hz, status: 'ACCEPTED' }, hrNt)).body).toEqual({
      result: false,
      msg: '记录不存在，请刷新后重试',
      data: null,
    });
    const decided = await t.call(routes.setProposalStatus, { id, status: 'ACCEPTED', answer: '下月起试行' }, hrNt);
    expect(decided.body.result).toBe(true);
    expect((await t.call(routes.getMyProposals, {}, worker.token)).body.data[0]).toMatchObject({
      status: 'ACCEPTED',
      answer: '下月起试行',
    });
    expect((await t.call(routes.getPersonMsg, {}, worker.token)).body.data).toContainEqual(
      expect.objectContaining({ noticeTitle: '您的提案有了答复', noticeBody: '状态：已采纳\n答复：下月起试行' }),
    );
    // Its WeCom card opens the 我的提案 tab.
    const { rows: links } = await t.database.pool.query(
      "select link from messages where employee_id = $1 and title = '您的提案有了答复'",
      [worker.id],
    );
    expect(links).toEqual([{ link: '/user/my-option?tab=proposals' }]);
    expect((await t.call(routes.setProposalStatus, { id, status: 'DONE' }, hrNt)).body.msg).toBe('状态无效');
    const { rows } = await t.database.pool.query(
      "select actor_emp_no, after from audit_log where action = 'proposal.status' and subject_id = $1",
      [String(id)],
    );
    expect(rows).toEqual([{ actor_emp_no: '900002', after: { status: 'ACCEPTED', answer: '下月起试行' } }]);
  });

  it('exports CSV that Excel opens: a BOM, Chinese headers, quoted cells, formulas kept as text', async () => {
    expect(
      (
        await submitImprove(
          improveForm({ ImproveName: '=HYPERLINK("http://evil")', ImproveDetail: '含,逗号"引号"\n换行' }),
        )
      ).body.result,
    ).toBe(true);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/export/proposals.csv?bu=NT&month=${shanghaiMonth(0)}`,
      headers: { token: hrAll },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain("attachment; filename*=UTF-8''");
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const [header] = text.split('\r\n');
    expect(header).toBe(
      '"编号","类型","工厂","状态","提交时间","提案名称","部门","班组","协助部门","姓名","工号","类别","工序","图片编号","内容","建议","附件","提交账号","等待天数","处理人","答复"',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"含,逗号""引号""\n换行"');
    expect(text).toContain('"改善提案","NT"');
    expect(text).not.toContain('"HZ"');
    // The cookie a download link sends is taken; no token, another plant, or no role are refused.
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/export/proposals.csv',
      headers: { cookie: `ess_token=${hrNt}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/export/proposals.csv' })).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/export/proposals.csv?bu=HZ',
      headers: { token: hrNt },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/export/proposals.csv', headers: { token: worker.token } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/export/proposals.csv?month=x', headers: { token: hrAll } })
      ).json(),
    ).toMatchObject({ result: false, msg: '月份格式应为 yyyy-MM' });
  });
});

describe('limits per address', () => {
  it('cuts 1,000 anonymous submissions from one address off at the limit, in Chinese, while signed-in calls go on', async () => {
    const limited = await createTestContext({ PUBLIC_SUBMIT_RATE_LIMIT: '20' });
    try {
      const employee = await makeEmployee(limited.database);
      const signedIn = await limited.login(employee.empNo, FACTORY_PASSWORD_HASH);
      const before = (await limited.database.pool.query('select count(*)::int as n from proposals')).rows[0].n;
      const outcomes: string[] = [];
      let signedInServed = 0;
      const started = Date.now();
      for (let batch = 0; batch < 20; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, () =>
            limited.app.inject({
              method: 'POST',
              url: '/api/TrainMaterial/ModifyProposalImproveDetail',
              remoteAddress: '203.0.113.7',
              payload: { modify: improveForm() },
            }),
          ),
        );
        outcomes.push(...answers.map((answer) => `${answer.statusCode} ${answer.json().msg}`));
        // Meanwhile a signed-in worker on the same address: the profile and their own proposal still go through.
        const profile = await limited.app.inject({
          method: 'POST',
          url: '/api/Account/CheckUserToken',
          remoteAddress: '203.0.113.7',
          headers: { token: signedIn },
          payload: {},
        });
        if (profile.json().result === true) signedInServed++;
      }
      const own = await limited.app.inject({
        method: 'POST',
        url: '/api/TrainMaterial/ModifyProposalImproveDetail',
        remoteAddress: '203.0.113.7',
        headers: { token: signedIn },
        payload: { modify: improveForm() },
      });
      const elapsed = Date.now() - started;
      const counts = outcomes.reduce<Record<string, number>>((tally, outcome) => {
        tally[outcome] = (tally[outcome] ?? 0) + 1;
        return tally;
      }, {});
      expect(counts).toEqual({ '200 提交成功': 20, '200 提交过于频繁，请稍后再试': 980 });
      expect(signedInServed).toBe(20);
      expect(own.json()).toMatchObject({ result: true, msg: '提交成功' });
      const after = (await limited.database.pool.query('select count(*)::int as n from proposals')).rows[0].n;
      expect(after - before).toBe(21);
      // Another address is not held up by this one.
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/TrainMaterial/ModifyProposalImproveDetail',
        remoteAddress: '198.51.100.9',
        payload: { modify: improveForm() },
      });
      expect(elsewhere.json().result).toBe(true);
      console.info(`abuse: 1000 anonymous submissions answered in ${elapsed} ms`);
    } finally {
      await limited.close();
    }
  });

  it('limits anonymous uploads and lookups per address too', async () => {
    const limited = await createTestContext({ PUBLIC_UPLOAD_RATE_LIMIT: '2', PUBLIC_LOOKUP_RATE_LIMIT: '2' });
    try {
      const lookup = () => limited.call(routes.getImproveDeptInfo, { bu: 'NT' });
      expect((await lookup()).body.result).toBe(true);
      expect((await lookup()).body.result).toBe(true);
      expect((await lookup()).body).toEqual({ result: false, msg: '请求过于频繁，请稍后再试', data: null });
      await uploadPublic(limited.app, { upType: 'PROPOSAL', file: TINY_PNG });
      await uploadPublic(limited.app, { upType: 'PROPOSAL', file: TINY_PNG });
      await expect(uploadPublic(limited.app, { upType: 'PROPOSAL', file: TINY_PNG })).rejects.toThrow(
        '上传过于频繁，请稍后再试',
      );
    } finally {
      await limited.close();
    }
  });

  // CI sets TEST_REDIS_URL to prove the shared path: one limit for every instance.
  it.skipIf(!process.env.TEST_REDIS_URL)('counts one limit for all instances through Redis', async () => {
    const config = { ...t.config, PUBLIC_SUBMIT_RATE_LIMIT: 2 };
    const clients = [0, 1].map(
      () => new Redis(process.env.TEST_REDIS_URL ?? '', { maxRetriesPerRequest: 0, enableOfflineQueue: false }),
    );
    await Promise.all(clients.map((client) => new Promise((resolve) => client.once('ready', resolve))));
    const apps = await Promise.all(clients.map((redis) => buildApp({ config, database: t.database, redis })));
    const address = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const submitOn = async (instance: number) =>
      (
        await apps[instance]?.inject({
          method: 'POST',
          url: '/api/TrainMaterial/ModifyProposalImproveDetail',
          remoteAddress: address,
          payload: { modify: improveForm() },
        })
      )?.json().msg;
    try {
      expect([await submitOn(0), await submitOn(1)]).toEqual(['提交成功', '提交成功']);
      expect(await submitOn(0)).toBe('提交过于频繁，请稍后再试');
      expect(await submitOn(1)).toBe('提交过于频繁，请稍后再试');
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      for (const client of clients) client.disconnect();
    }
  });
});
