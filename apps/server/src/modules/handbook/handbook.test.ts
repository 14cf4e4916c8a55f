// 员工手册 and 入职指引 as versions, on the real calls: a version published for a plant makes the sign-in answer and the
// profile (the home gate) ask its employees again, and no one else; a future date waits; an acceptance is kept per
// version with its time, counted per plant and department and exported; a withdrawal makes the previous version
// current again; the PDF is checked by its content and served with ranges to its plants only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, type MadeEmployee, makeEmployee, shanghaiDay } from '../../../test/factories';
import { createTestContext, DEMO_PASSWORD_HASH, type TestContext } from '../../../test/harness';
import { messagesTo } from '../../../test/messages';
import { makePdf } from '../../../test/pdf';
import { postMultipart } from '../../../test/uploads';
import { announceDueVersions } from './service';

let t: TestContext;
let sysAdmin: string; // 900001: SysAdmin, HRAdmin of every plant
let ntClerk: string; // 900002: HRAdmin of NT only

/** MEDIA_DIR's guide: what a plant without a guide version reads, as before versions. */
const mediaDir = mkdtempSync(path.join(tmpdir(), 'ess-handbook-'));
const MEDIA_GUIDE = makePdf(['Guide in MEDIA_DIR']);

beforeAll(async () => {
  writeFileSync(path.join(mediaDir, 'onboarding-guide.pdf'), MEDIA_GUIDE);
  t = await createTestContext({ MEDIA_DIR: mediaDir });
  sysAdmin = await t.login('900001');
  ntClerk = await t.login('900002');
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

type Upload = {
  kind?: 'handbook' | 'guide';
  label: string;
  effectiveDate?: string;
  plants: string[];
  pdf?: Buffer;
};

const upload = (token: string, { kind = 'handbook', label, effectiveDate = shanghaiDay(0), plants, pdf }: Upload) =>
  postMultipart(
    t.app,
    routes.uploadHandbookVersion.path,
    [
      { field: 'kind', value: kind },
      { field: 'label', value: label },
      { field: 'effectiveDate', value: effectiveDate },
      { field: 'plants', value: JSON.stringify(plants) },
      {
        field: 'file',
        file: pdf ?? makePdf([`Handbook ${label}`]),
        filename: `${label}.pdf`,
        contentType: 'application/pdf',
      },
    ],
    token,
  );

/** Publishes a version (the upload must succeed) and answers its id. */
const publish = async (token: string, input: Upload) => {
  const answer = await upload(token, input);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ result: true, msg: '已发布' });
  return (answer.body.data as { id: number }).id;
};

const signIn = async (employee: MadeEmployee) => {
  const { body } = await t.call(routes.checkLogin, {
    userAccount: employee.empNo,
    password: FACTORY_PASSWORD_HASH,
    isRemember: true,
  });
  expect(body.result).toBe(true);
  return body.data;
};
const profileOf = async (token: string) => (await t.call(routes.checkUserToken, {}, token)).body.data;
const accept = (token: string, versionId?: number) =>
  t.call(routes.modifyReadStatus, { readStatus: 'Y', ...(versionId ? { versionId } : {}) }, token);

const countRows = async (table: string) =>
  (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;

describe('the demo’s first versions', () => {
  it('are the whole company’s handbook and guide, accepted by everyone but the demo employee', async () => {
    const versions = (await t.call(routes.getHandbookVersions, { kind: 'handbook' }, sysAdmin)).body.data;
    expect(versions).toEqual([
      expect.objectContaining({ plants: [], state: 'current', uploadedBy: '系统', fileName: '员工手册.pdf' }),
    ]);
    const demo = await t.call(routes.checkLogin, { userAccount: '100001', password: DEMO_PASSWORD_HASH });
    expect(demo.body.data).toMatchObject({
      appReadStatus: 'N',
      handbook: { id: versions[0]?.id, url: `/api/handbook/${versions[0]?.id}.pdf` },
    });
    const colleague = await t.call(routes.checkLogin, { userAccount: '100002', password: DEMO_PASSWORD_HASH });
    expect(colleague.body.data).toMatchObject({ appReadStatus: 'Y', handbook: { id: versions[0]?.id } });
    const guides = (await t.call(routes.getHandbookVersions, { kind: 'guide' }, sysAdmin)).body.data;
    expect(guides).toEqual([expect.objectContaining({ plants: [], state: 'current', fileName: '入职指引.pdf' })]);
  });
});

describe('a new handbook version for a plant', () => {
  it('makes the sign-in answer and the home gate ask that plant’s employees again, until they accept it', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const before = await signIn(worker);
    expect(before).toMatchObject({ appReadStatus: 'Y' });
    const first = before.handbook?.id as number;

    const id = await publish(ntClerk, { label: '2026 修订版', plants: ['NT'] });
    const login = await signIn(worker);
    expect(login).toMatchObject({
      appReadStatus: 'N',
      handbook: { id, label: '2026 修订版', effectiveDate: shanghaiDay(0), url: `/api/handbook/${id}.pdf` },
    });
    expect(await profileOf(login.token)).toMatchObject({ appReadStatus: 'N', handbook: { id, label: '2026 修订版' } });
    // The employee info the records screen reads carries the same flag (SPEC §3).
    expect((await t.call(routes.getEmployeeInfo, {}, login.token)).body.data).toMatchObject({ appReadStatus: 'N' });

    // A screen still showing the previous version cannot accept the new one in its name.
    const stale = await accept(login.token, first);
    expect(stale.body).toEqual({ result: false, msg: '员工手册已更新，请阅读新版本后再确认', data: null });
    expect((await profileOf(login.token)).appReadStatus).toBe('N');

    expect((await accept(login.token, id)).body.result).toBe(true);
    expect(await profileOf(login.token)).toMatchObject({ appReadStatus: 'Y', handbook: { id } });
    expect(await signIn(worker)).toMatchObject({ appReadStatus: 'Y', handbook: { id } });
  });

  it('does not gate an employee of another plant', async () => {
    const nt = await makeEmployee(t.database, { plant: 'NT' });
    const hz = await makeEmployee(t.database, { plant: 'HZ' });
    const ntBefore = (await signIn(nt)).handbook;
    const id = await publish(sysAdmin, { label: 'HZ 专版', plants: ['HZ'] });
    expect(await signIn(nt)).toMatchObject({ appReadStatus: 'Y', handbook: ntBefore });
    expect(await signIn(hz)).toMatchObject({ appReadStatus: 'N', handbook: { id, label: 'HZ 专版' } });
    // Nor may the NT worker read it.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/handbook/${id}.pdf`,
      headers: { token: (await signIn(nt)).token },
    });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ result: false, msg: '该文件不存在或不适用于您所在的工厂', data: null });
  });

  it('with a future effective date does not gate yet, and is 未生效 in the console', async () => {
    const worker = await makeEmployee(t.database, { plant: 'GT' });
    const before = await signIn(worker);
    const id = await publish(sysAdmin, { label: '下月版', effectiveDate: shanghaiDay(-1), plants: ['GT'] });
    const login = await signIn(worker);
    expect(login).toMatchObject({ appReadStatus: 'Y', handbook: before.handbook });
    // Accepting "the current version" still accepts the one in force, never the future one.
    expect((await accept(login.token, id)).body.msg).toBe('员工手册已更新，请阅读新版本后再确认');
    const versions = (await t.call(routes.getHandbookVersions, { kind: 'handbook', bu: 'GT' }, sysAdmin)).body.data;
    expect(versions.find((version) => version.id === id)).toMatchObject({ state: 'scheduled', currentPlants: [] });
    expect(versions.find((version) => version.id === before.handbook?.id)).toMatchObject({
      state: 'current',
      currentPlants: ['GT'],
    });
    // Its PDF is HR's to read until then, not the workers'.
    const get = (token: string) => t.app.inject({ method: 'GET', url: `/api/handbook/${id}.pdf`, headers: { token } });
    expect((await get(login.token)).statusCode).toBe(404);
    expect((await get(sysAdmin)).statusCode).toBe(200);
  });
});

describe('acceptance per version', () => {
  it('is kept once with its time, counted per plant and department, listed and exported', async () => {
    const accepting = await makeEmployee(t.database, { plant: 'BJ', name: '确认人', deptName: '冲压车间' });
    const waiting = await makeEmployee(t.database, { plant: 'BJ', name: '未确认人', deptName: '冲压车间' });
    const leaver = await makeEmployee(t.database, { plant: 'BJ', deptName: '冲压车间' });
    expect((await t.call(routes.markPersonLeft, { id: leaver.id, leftOn: shanghaiDay(0) }, sysAdmin)).body.result).toBe(
      true,
    );
    const id = await publish(sysAdmin, { label: 'BJ 2026', plants: ['BJ'] });
    const login = await signIn(accepting);
    expect((await accept(login.token, id)).body.result).toBe(true);
    // A second acceptance changes nothing: the first time stays.
    const { rows: first } = await t.database.pool.query(
      'select accepted_at from handbook_acceptances where version_id = $1 and employee_id = $2',
      [id, accepting.id],
    );
    expect(first).toHaveLength(1);
    const auditsBefore = await countRows('audit_log');
    expect((await accept(login.token, id)).body.result).toBe(true);
    const { rows: again } = await t.database.pool.query(
      'select accepted_at from handbook_acceptances where version_id = $1 and employee_id = $2',
      [id, accepting.id],
    );
    expect(again).toEqual(first);
    expect(await countRows('audit_log')).toBe(auditsBefore);
    // The acceptance's audit row names the employee and the version, so 操作日志 finds it by the worker's number.
    const { rows: audit } = await t.database.pool.query(
      "select subject_type, subject_id, after from audit_log where action = 'handbook.accept' and actor_id = $1",
      [accepting.id],
    );
    expect(audit).toEqual([
      {
        subject_type: 'employee',
        subject_id: String(accepting.id),
        after: expect.objectContaining({ versionId: id, label: 'BJ 2026', acceptedAt: expect.any(String) }),
      },
    ]);

    const { rows: counted } = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from employees where bu = 'BJ' and left_on is null",
    );
    const total = counted[0]?.n as number;
    const summary = (await t.call(routes.getHandbookAcceptance, { id }, sysAdmin)).body.data;
    expect(summary).toMatchObject({ id, label: 'BJ 2026', plants: ['BJ'], employees: total, accepted: 1 });
    expect(summary.groups).toContainEqual({ bu: 'BJ', deptName: '冲压车间', employees: 2, accepted: 1 });
    expect(summary.groups.reduce((sum, group) => sum + group.employees, 0)).toBe(total);

    const pending = await t.call(routes.getHandbookPending, { id, deptName: '冲压车间' }, sysAdmin);
    expect(pending.body).toMatchObject({
      result: true,
      totalCount: 1,
      data: [{ id: waiting.id, empNo: waiting.empNo, name: '未确认人', bu: 'BJ', deptName: '冲压车间' }],
    });
    // The console's 全部工厂 and 全部部门 send ''.
    const everyone = await t.call(routes.getHandbookPending, { id, bu: '', deptName: '', PageSize: 50 }, sysAdmin);
    expect(everyone.body.totalCount).toBe(total - 1);
    expect(everyone.body.data.map((row) => row.id)).not.toContain(accepting.id);

    const exported = await t.call(routes.exportHandbookAcceptance, { id }, sysAdmin);
    expect(exported.body.data.fileName).toBe('员工手册-BJ 2026-确认情况.xlsx');
    const book = XLSX.read(Buffer.from(exported.body.data.contentBase64, 'base64'), { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(sheet[0]).toEqual(['工号', '姓名', '厂区', '部门', '是否确认', '确认时间']);
    expect(sheet).toHaveLength(total + 1);
    const { rows: time } = await t.database.pool.query<{ at: string }>(
      `select to_char(accepted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as at
       from handbook_acceptances where version_id = $1 and employee_id = $2`,
      [id, accepting.id],
    );
    expect(sheet).toContainEqual([accepting.empNo, '确认人', 'BJ', '冲压车间', '是', time[0]?.at]);
    expect(sheet).toContainEqual([waiting.empNo, '未确认人', 'BJ', '冲压车间', '否', '']);
    expect(sheet.map((row) => row[0])).not.toContain(leaver.empNo);
  });

  it('refuses to export more than 20,000 people at once, and exports them plant by plant', async () => {
    // 20,001 employees of two plants a version reaches: too many for one sheet, one plant's fit.
    await t.database.pool.query(
      `insert into employees (emp_no, name, bu, password_hash)
       select 'X' || n, '员工' || n, case when n <= 10001 then 'GT' else 'LZ' end, 'x' from generate_series(1, 20001) n`,
    );
    // As a roster import of that size does (imports/commit-job.ts): the later messages to them plan on these numbers.
    await t.database.pool.query('analyze employees');
    const id = await publish(sysAdmin, { label: '两厂版', plants: ['GT', 'LZ'] });
    expect((await t.call(routes.exportHandbookAcceptance, { id }, sysAdmin)).body).toMatchObject({
      result: false,
      msg: '一次最多导出 20000 人，请选择工厂后分别导出',
    });
    const gt = await t.call(routes.exportHandbookAcceptance, { id, bu: 'GT' }, sysAdmin);
    const book = XLSX.read(Buffer.from(gt.body.data.contentBase64, 'base64'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(rows.length).toBeGreaterThan(10_001);
    expect(rows.every((row, index) => index === 0 || row[2] === 'GT')).toBe(true);
  });

  it('is refused for the onboarding guide, which needs none', async () => {
    const id = await publish(sysAdmin, { kind: 'guide', label: 'AQ 指引', plants: ['AQ'] });
    expect((await t.call(routes.getHandbookAcceptance, { id }, sysAdmin)).body).toMatchObject({
      result: false,
      msg: '入职指引无需员工确认，没有确认情况',
    });
  });
});

describe('withdrawing a version', () => {
  it('makes the previous one current again, keeps its acceptances, and is audited', async () => {
    const worker = await makeEmployee(t.database, { plant: 'NY' });
    const previous = (await signIn(worker)).handbook?.id as number;
    const id = await publish(sysAdmin, { label: '有误的版本', plants: ['NY'] });
    const login = await signIn(worker);
    expect(login.appReadStatus).toBe('N');
    expect((await accept(login.token, id)).body.result).toBe(true);

    const auditsBefore = await countRows('audit_log');
    const withdrawn = await t.call(routes.withdrawHandbookVersion, { id, reason: '上传错了文件' }, sysAdmin);
    expect(withdrawn.body).toMatchObject({ result: true, msg: '已撤回，上一版本恢复为当前版本' });
    expect(await countRows('audit_log')).toBe(auditsBefore + 1);
    expect(await signIn(worker)).toMatchObject({ appReadStatus: 'Y', handbook: { id: previous } });
    const versions = (await t.call(routes.getHandbookVersions, { kind: 'handbook', bu: 'NY' }, sysAdmin)).body.data;
    expect(versions.find((version) => version.id === id)).toMatchObject({
      state: 'withdrawn',
      withdrawReason: '上传错了文件',
      withdrawnBy: expect.stringContaining('900001'),
    });
    expect((await t.call(routes.getHandbookAcceptance, { id }, sysAdmin)).body.data.accepted).toBe(1);
    // Twice is refused, and the worker can no longer open it.
    expect((await t.call(routes.withdrawHandbookVersion, { id, reason: '再撤' }, sysAdmin)).body.msg).toBe(
      '该版本已撤回',
    );
    const pdf = await t.app.inject({ method: 'GET', url: `/api/handbook/${id}.pdf`, headers: { token: login.token } });
    expect(pdf.statusCode).toBe(404);
  });

  it('of a company-wide version is a SysAdmin’s', async () => {
    const id = await publish(sysAdmin, { kind: 'guide', label: '全公司指引', plants: [] });
    const before = await countRows('handbook_versions');
    expect(await t.call(routes.withdrawHandbookVersion, { id, reason: '试试' }, ntClerk)).toEqual({
      status: 403,
      body: { result: false, msg: '权限不足', data: null },
    });
    expect((await t.call(routes.withdrawHandbookVersion, { id, reason: '撤回' }, sysAdmin)).body.result).toBe(true);
    expect(await countRows('handbook_versions')).toBe(before);
  });
});

describe('uploading a version', () => {
  const refusedUnchanged = async (token: string, input: Upload, msg: string) => {
    const counts = [
      await countRows('handbook_versions'),
      await countRows('handbook_file_parts'),
      await countRows('audit_log'),
    ];
    const answer = await upload(token, input);
    expect(answer.body).toEqual({ result: false, msg, data: null });
    expect([
      await countRows('handbook_versions'),
      await countRows('handbook_file_parts'),
      await countRows('audit_log'),
    ]).toEqual(counts);
    return answer;
  };

  it('refuses what is not a whole PDF, by its content, and changes nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refusedUnchanged(
      ntClerk,
      { label: 'x', plants: ['NT'], pdf: png },
      '文件不是 PDF，请上传 PDF 文件（以 %PDF- 开头的文件）',
    );
    const whole = makePdf(['cut short']);
    await refusedUnchanged(
      ntClerk,
      { label: 'x', plants: ['NT'], pdf: whole.subarray(0, whole.length - 40) },
      'PDF 文件不完整（缺少文件结尾），请重新导出或重新上传',
    );
    const html = Buffer.from('%PDF-1.7\n<html>not a pdf</html>\n%%EOF\n');
    await refusedUnchanged(
      ntClerk,
      { label: 'x', plants: ['NT'], pdf: html },
      'PDF 文件已损坏（找不到交叉引用表），请重新导出后上传',
    );
    const shifted = Buffer.from(
      whole.toString('latin1').replace(/startxref\n(\d+)/, (_, at) => `startxref\n${Number(at) - 7}`),
      'latin1',
    );
    await refusedUnchanged(
      ntClerk,
      { label: 'x', plants: ['NT'], pdf: shifted },
      'PDF 文件已损坏（交叉引用表位置无效），请重新导出后上传',
    );
  });

  it('refuses a PDF over 20 MB with a Chinese message', async () => {
    await refusedUnchanged(
      ntClerk,
      { label: '太大', plants: ['NT'], pdf: makePdf(['big'], { padTo: 21 * 1024 * 1024 }) },
      '文件过大，最大 20 MB',
    );
  });

  it('refuses a company-wide version from an HRAdmin, another plant, a bad date and a missing label', async () => {
    await refusedUnchanged(
      ntClerk,
      { label: '全公司', plants: [] },
      '全公司适用的版本只能由系统管理员发布，请选择适用的工厂',
    );
    const other = await upload(ntClerk, { label: 'HZ', plants: ['NT', 'HZ'] });
    expect(other).toEqual({ status: 403, body: { result: false, msg: '权限不足', data: null } });
    await refusedUnchanged(ntClerk, { label: '日期', plants: ['NT'], effectiveDate: '2026-02-30' }, '生效日期无效');
    await refusedUnchanged(
      ntClerk,
      { label: '日期', plants: ['NT'], effectiveDate: '明天' },
      '生效日期格式应为 yyyy-MM-dd',
    );
    await refusedUnchanged(ntClerk, { label: '  ', plants: ['NT'] }, '请填写版本名称');
    await refusedUnchanged(ntClerk, { label: '工厂', plants: ['XX'] }, '工厂代码无效');
  });
});

describe('the PDF', () => {
  it('is served whole, in ranges across its parts, and revalidated by its tag', async () => {
    const pdf = makePdf(['Large handbook'], { padTo: 2_500_000 });
    const id = await publish(sysAdmin, { label: '大文件', plants: ['LZ'] });
    const big = await publish(sysAdmin, { label: '大文件 2', plants: ['LZ'], pdf });
    expect(big).toBeGreaterThan(id);
    const token = (await signIn(await makeEmployee(t.database, { plant: 'LZ' }))).token;
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/handbook/${big}.pdf`,
        headers: { cookie: `ess_token=${token}`, ...headers },
      });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'application/pdf', 'accept-ranges': 'bytes' });
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    // A slice that spans the first and second 1 MB parts.
    const start = 1024 * 1024 - 10;
    const part = await get({ range: `bytes=${start}-${start + 29}` });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${start + 29}/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(start, start + 30))).toBe(true);
    expect((await get({ range: `bytes=${pdf.length}-` })).statusCode).toBe(416);
    expect((await get({ 'if-none-match': whole.headers.etag as string })).statusCode).toBe(304);
    // Nobody signed out.
    expect((await t.app.inject({ method: 'GET', url: `/api/handbook/${big}.pdf` })).statusCode).toBe(401);
  });

  it('of the guide: /api/media/onboarding-guide.pdf leads to the guide of the reader’s plant', async () => {
    const id = await publish(sysAdmin, { kind: 'guide', label: 'JY 指引', plants: ['JY'] });
    const jy = (await signIn(await makeEmployee(t.database, { plant: 'JY' }))).token;
    const nt = (await signIn(await makeEmployee(t.database, { plant: 'NT' }))).token;
    const guide = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/media/onboarding-guide.pdf',
        headers: { cookie: `ess_token=${token}` },
      });
    const jyGuide = await guide(jy);
    expect(jyGuide.statusCode).toBe(302);
    expect(jyGuide.headers.location).toBe(`/api/handbook/${id}.pdf`);
    const ntGuide = await guide(nt);
    expect(ntGuide.headers.location).not.toBe(`/api/handbook/${id}.pdf`);
    const served = await t.app.inject({
      method: 'GET',
      url: ntGuide.headers.location as string,
      headers: { cookie: `ess_token=${nt}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('with no version for the plant', () => {
  it('reads the employee’s own flag for the handbook the app ships, as before versions', async () => {
    const worker = await makeEmployee(t.database, { plant: 'AQ', handbookRead: false });
    // Every handbook version reaching AQ withdrawn: the demo's company-wide one among them.
    const versions = (await t.call(routes.getHandbookVersions, { kind: 'handbook', bu: 'AQ' }, sysAdmin)).body.data;
    for (const version of versions.filter((row) => row.state !== 'withdrawn')) {
      expect(
        (await t.call(routes.withdrawHandbookVersion, { id: version.id, reason: '测试' }, sysAdmin)).body.result,
      ).toBe(true);
    }
    const login = await signIn(worker);
    expect(login).toMatchObject({ appReadStatus: 'N', handbook: null });
    expect((await accept(login.token)).body.result).toBe(true);
    expect(await profileOf(login.token)).toMatchObject({ appReadStatus: 'Y', handbook: null });
    const { rows } = await t.database.pool.query('select app_read_status from employees where id = $1', [worker.id]);
    expect(rows[0]).toEqual({ app_read_status: 'Y' });
  });

  it('serves MEDIA_DIR’s onboarding guide', async () => {
    const worker = await makeEmployee(t.database, { plant: 'AQ' });
    const guides = (await t.call(routes.getHandbookVersions, { kind: 'guide', bu: 'AQ' }, sysAdmin)).body.data;
    for (const version of guides.filter((row) => row.state !== 'withdrawn')) {
      expect(
        (await t.call(routes.withdrawHandbookVersion, { id: version.id, reason: '测试' }, sysAdmin)).body.result,
      ).toBe(true);
    }
    const token = (await signIn(worker)).token;
    const guide = await t.app.inject({
      method: 'GET',
      url: '/api/media/onboarding-guide.pdf',
      headers: { cookie: `ess_token=${token}` },
    });
    expect(guide.statusCode).toBe(200);
    expect(guide.rawPayload.equals(MEDIA_GUIDE)).toBe(true);
  });
});

// Last in the file: the versions it publishes for AQ change what is current there.
describe('messages that bring employees to a new version (WeCom carries them on)', () => {
  const messagesOf = (employeeId: number) => messagesTo(t.database, employeeId);

  it('tells those a version concerns as it takes effect, not the guide’s readers, and recalls it when withdrawn', async () => {
    const worker = await makeEmployee(t.database, { plant: 'AQ' });
    const elsewhere = await makeEmployee(t.database, { plant: 'BJ' });
    await publish(sysAdmin, { kind: 'guide', label: '新指引', plants: ['AQ'] });
    expect(await messagesOf(worker.id)).toEqual([]);

    const now = await publish(sysAdmin, { label: '本月版', plants: ['AQ'] });
    expect(await messagesOf(worker.id)).toEqual([
      {
        title: '员工手册已更新（本月版），请阅读并确认',
        link: '/train/emp-handbook',
        category: '',
        eventKey: `handbook-version:${now}`,
        // The app asks for the acceptance itself: the message does not pop up as well.
        isRead: true,
      },
    ]);
    const later = await publish(sysAdmin, { label: '下月版', plants: ['AQ'], effectiveDate: shanghaiDay(-3) });
    expect(await messagesOf(worker.id)).toHaveLength(1);
    expect(await messagesOf(elsewhere.id)).toEqual([]);

    // The later version's date has come: the minute's background run tells those who have not accepted it, once.
    const reader = await makeEmployee(t.database, { plant: 'AQ' });
    await t.database.pool.query('update handbook_versions set effective_date = $1 where id = $2', [
      shanghaiDay(0),
      later,
    ]);
    await t.database.pool.query('insert into handbook_acceptances (version_id, employee_id) values ($1, $2)', [
      later,
      reader.id,
    ]);
    await announceDueVersions(t.database.db);
    await announceDueVersions(t.database.db);
    expect((await messagesOf(worker.id)).map((message) => message.eventKey)).toEqual([
      `handbook-version:${now}`,
      `handbook-version:${later}`,
    ]);
    expect(await messagesOf(reader.id)).toEqual([]);

    expect(
      (await t.call(routes.withdrawHandbookVersion, { id: later, reason: '日期错了' }, sysAdmin)).body.result,
    ).toBe(true);
    const { rows } = await t.database.pool.query('select 1 from platform_recalls where event_key = $1', [
      `handbook-version:${later}`,
    ]);
    expect(rows).toHaveLength(1);
  });
});
