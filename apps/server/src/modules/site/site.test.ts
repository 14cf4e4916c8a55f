// 公司信息: the face is public and holds nothing of a person, unset means no line; the SysAdmin's save is one
// transaction with its audit row of what changed, refused in Chinese and changing nothing when wrong; the logo is
// an image by its bytes (no SVG), capped, served from its hash for a year; HR without SysAdmin is refused; the
// departments' display names reach the employee's profile.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { postMultipart } from '../../../test/uploads';
import { drawPng } from '../../seed/demo-images';
import { deleteUnusedLogos } from './service';

let t: TestContext;
let sysAdmin: string;
let sysAdminName: string;
let sysAdminEmpNo: string;
beforeAll(async () => {
  t = await createTestContext();
  const admin = await makeEmployee(t.database, { roles: ['Employee', 'SysAdmin'], name: '系统管理员甲' });
  sysAdmin = await t.login(admin.empNo, FACTORY_PASSWORD_HASH);
  sysAdminName = admin.name;
  sysAdminEmpNo = admin.empNo;
});
afterAll(() => t.close());

const LOGO = drawPng({ width: 64, height: 64, background: [20, 90, 200], blocks: [] });
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const getFace = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/Site/GetFace', headers });

const uploadLogo = (file: Buffer, filename = 'logo.png', contentType = 'image/png', token = sysAdmin) =>
  postMultipart(t.app, routes.uploadSiteLogo.path, [{ field: 'file', file, filename, contentType }], token);

const settings = async (token = sysAdmin) => (await t.call(routes.getSiteSettings, {}, token)).body;

/** The tables a save writes and the audit log, as counts and row texts: any change shows. */
const siteState = async () =>
  (
    await t.database.pool.query(
      `select (select coalesce(json_agg(s), '[]') from site_settings s)::text as settings,
              (select coalesce(json_agg(d order by bu, dept_name), '[]') from department_names d)::text as departments,
              (select count(*) from site_logos)::int as logos,
              (select count(*) from audit_log where action = 'site.update')::int as audits`,
    )
  ).rows[0];

const lastAudit = async () =>
  (
    await t.database.pool.query(
      `select actor_emp_no, subject_type, subject_id, before, after from audit_log
       where action = 'site.update' order by id desc limit 1`,
    )
  ).rows[0];

const FULL_FORM = {
  companyName: '江淮汽车集团有限公司',
  appTitle: '江淮员工之家',
  copyright: '© 2026 江淮汽车集团有限公司 版权所有',
  icpFiling: '皖ICP备12345678号-1',
  plantNames: { NT: '南通商用车工厂', HZ: '杭州工厂' },
};

describe('the face, before anything is set', () => {
  it('answers without a session: nothing set, no logo, no plant names, by GET (no-cache, ETag) and by POST', async () => {
    const response = await getFace();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: true,
      msg: '操作成功',
      data: { companyName: '', appTitle: '', logoUrl: null, copyright: '', icpFiling: '', plantNames: {} },
    });
    expect(response.headers['cache-control']).toBe('no-cache');
    const tag = response.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await getFace({ 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const posted = await t.call(routes.getSiteFace, {}, null);
    expect(posted.body).toMatchObject({ result: true, data: response.json().data });
  });
});

describe('the SysAdmin’s save', () => {
  it('shows the company’s face to everyone at the next read, in one audited change', async () => {
    const before = await settings();
    expect(before).toMatchObject({ result: true, data: { version: 0, logo: null, updatedAt: null } });
    const firstTag = (await getFace()).headers.etag as string;

    const uploaded = await uploadLogo(LOGO, '标志.png');
    expect(uploaded.body).toMatchObject({ result: true, msg: '上传成功' });
    const logo = uploaded.body.data as { id: string; url: string };
    expect(logo.url).toBe(`/api/site/logo/${logo.id}.png`);
    // An upload alone changes nothing anyone sees.
    expect((await getFace()).headers.etag).toBe(firstTag);

    const saved = await t.call(routes.saveSiteSettings, { version: 0, ...FULL_FORM, logo: logo.id }, sysAdmin);
    expect(saved.body).toEqual({ result: true, msg: '已保存，员工下次打开页面时生效', data: null });

    const face = await getFace();
    expect(face.json().data).toEqual({ ...FULL_FORM, logoUrl: logo.url });
    expect(face.headers.etag).not.toBe(firstTag);
    expect((await getFace({ 'if-none-match': firstTag })).statusCode).toBe(200);

    const served = await t.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(LOGO)).toBe(true);
    for (const url of [`/api/site/logo/${logo.id}.svg`, `/api/site/logo/${'0'.repeat(64)}.png`, '/api/site/logo/x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    expect(await lastAudit()).toEqual({
      actor_emp_no: sysAdminEmpNo,
      subject_type: 'site',
      subject_id: '1',
      before: {
        companyName: '',
        appTitle: '',
        copyright: '',
        icpFiling: '',
        logo: '',
        plantNames: { NT: '', HZ: '' },
      },
      after: { ...FULL_FORM, logo: logo.id },
    });
    expect((await settings()).data).toMatchObject({
      version: 1,
      ...FULL_FORM,
      logo,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      updatedBy: sysAdminName,
    });

    // A second save records only what it changed; cleared fields are unset again (no line, the app's defaults).
    const cleared = await t.call(
      routes.saveSiteSettings,
      { version: 1, ...FULL_FORM, copyright: '', icpFiling: '', logo: null, plantNames: { NT: '南通商用车工厂' } },
      sysAdmin,
    );
    expect(cleared.body.result).toBe(true);
    expect(await lastAudit()).toMatchObject({
      before: {
        copyright: FULL_FORM.copyright,
        icpFiling: FULL_FORM.icpFiling,
        logo: logo.id,
        plantNames: { HZ: '杭州工厂' },
      },
      after: { copyright: '', icpFiling: '', logo: '', plantNames: { HZ: '' } },
    });
    expect((await getFace()).json().data).toEqual({
      ...FULL_FORM,
      copyright: '',
      icpFiling: '',
      logoUrl: null,
      plantNames: { NT: '南通商用车工厂' },
    });
  });

  it('keeps the face free of anything about a person', async () => {
    const { version } = (await settings()).data as { version: number };
    await t.call(routes.saveSiteSettings, { version, ...FULL_FORM, companyName: '某某公司' }, sysAdmin);
    const face = await getFace();
    const data = face.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'appTitle',
      'companyName',
      'copyright',
      'icpFiling',
      'logoUrl',
      'plantNames',
    ]);
    expect(face.body).not.toContain(sysAdminName);
    expect(face.body).not.toContain(sysAdminEmpNo);
    expect(face.body).not.toContain('总装车间');
    expect(face.body).not.toMatch(/version|updated|department/i);
  });

  it.each([
    [{ icpFiling: 'ICP备XXXXXXXX号' }, 'ICP 备案号格式不正确，应如：京ICP备12345678号-1'],
    [{ icpFiling: '12345678' }, 'ICP 备案号格式不正确，应如：京ICP备12345678号-1'],
    [{ companyName: '公'.repeat(41) }, '公司名称最多 40 字'],
    [{ appTitle: '题'.repeat(17) }, '应用标题最多 16 字'],
    [{ copyright: 'a\u0007b' }, '版权声明不能包含控制字符'],
    [{ plantNames: { XX: '不存在的工厂' } }, '工厂代码无效'],
    [{ plantNames: { NT: '厂'.repeat(21) } }, '工厂显示名称最多 20 字'],
    [{ departmentNames: [{ bu: 'NT', deptName: '总装车间', displayName: '部'.repeat(31) }] }, '部门显示名称最多 30 字'],
    [{ logo: 'not-a-logo' }, '标志图片无效，请重新上传'],
    [{ logo: 'a'.repeat(64) }, '标志图片已失效，请重新上传'],
  ])('refuses %o in Chinese and changes nothing', async (change, message) => {
    const { version } = (await settings()).data as { version: number };
    const state = await siteState();
    const answer = await t.call(routes.saveSiteSettings, { version, ...FULL_FORM, ...change }, sysAdmin);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe(false);
    expect(answer.body.msg).toContain(message);
    expect(await siteState()).toEqual(state);
  });

  it('refuses a form read before another save, and a save that changes nothing', async () => {
    const { version, ...current } = (await settings()).data as { version: number } & typeof FULL_FORM;
    const state = await siteState();
    const stale = await t.call(routes.saveSiteSettings, { ...FULL_FORM, version: version - 1 }, sysAdmin);
    expect(stale.body).toEqual({ result: false, msg: '公司信息已被他人修改，请刷新页面后重新填写', data: null });
    const same = {
      version,
      companyName: current.companyName,
      appTitle: current.appTitle,
      copyright: current.copyright,
      icpFiling: current.icpFiling,
      plantNames: current.plantNames,
    };
    const unchanged = await t.call(routes.saveSiteSettings, same, sysAdmin);
    expect(unchanged.body).toEqual({ result: false, msg: '没有需要保存的修改', data: null });
    expect(await siteState()).toEqual(state);
  });
});

describe('the logo upload', () => {
  it.each([
    ['an HTML page renamed logo.png', HTML, 'logo.png', 'image/png'],
    ['an SVG (it can carry script)', SVG, 'logo.svg', 'image/svg+xml'],
    ['an SVG renamed logo.png', SVG, 'logo.png', 'image/png'],
    ['a PDF', PDF, 'logo.pdf', 'application/pdf'],
  ])('refuses %s, storing nothing', async (_what, file, filename, contentType) => {
    const state = await siteState();
    const answer = await uploadLogo(file, filename, contentType);
    expect(answer.body).toEqual({
      result: false,
      msg: '标志只能是 PNG、JPG 或 WebP 图片（不支持 SVG 等其他格式）',
      data: null,
    });
    expect(await siteState()).toEqual(state);
  });

  it('refuses a picture over 256 KB and an empty file', async () => {
    const state = await siteState();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(256 * 1024)]);
    expect((await uploadLogo(big)).body).toMatchObject({ result: false, msg: '文件过大，最大 256 KB' });
    expect((await uploadLogo(Buffer.alloc(0))).body).toMatchObject({ result: false, msg: '文件为空，请重新选择' });
    expect(await siteState()).toEqual(state);
  });

  it('keeps the same picture once, and forgets after a day the logos no save used', async () => {
    const first = await uploadLogo(TINY_PNG);
    const second = await uploadLogo(TINY_PNG, 'again.png');
    expect(second.body.data).toEqual(first.body.data);
    const { id } = first.body.data as { id: string };
    const { version } = (await settings()).data as { version: number };
    const current = await uploadLogo(LOGO);
    const currentId = (current.body.data as { id: string }).id;
    expect(
      (await t.call(routes.saveSiteSettings, { version, ...FULL_FORM, logo: currentId }, sysAdmin)).body.result,
    ).toBe(true);
    await t.database.pool.query("update site_logos set created_at = now() - interval '25 hours'");
    await deleteUnusedLogos(t.database.db);
    const { rows } = await t.database.pool.query<{ sha256: string }>('select sha256 from site_logos');
    expect(rows.map((row) => row.sha256)).toEqual([currentId]);
    expect(rows.map((row) => row.sha256)).not.toContain(id);
  });
});

describe('who may set it', () => {
  it('refuses HR without SysAdmin and an employee, in Chinese, changing nothing; the face is theirs to read', async () => {
    const clerk = await t.login((await makeHrClerk(t.database, { plants: ['NT', 'HZ'] })).empNo, FACTORY_PASSWORD_HASH);
    const worker = await t.login((await makeEmployee(t.database)).empNo, FACTORY_PASSWORD_HASH);
    const state = await siteState();
    for (const token of [clerk, worker]) {
      for (const [route, body] of [
        [routes.getSiteSettings, {}],
        [routes.saveSiteSettings, { version: 0, companyName: '冒充的公司' }],
      ] as const) {
        expect(await t.call(route, body, token)).toEqual({
          status: 403,
          body: { result: false, msg: '权限不足', data: null },
        });
      }
      expect(await uploadLogo(LOGO, 'logo.png', 'image/png', token)).toEqual({
        status: 403,
        body: { result: false, msg: '权限不足', data: null },
      });
      expect((await t.call(routes.getSiteFace, {}, token)).body.result).toBe(true);
    }
    expect(await siteState()).toEqual(state);
    // Without a token the SysAdmin's calls are refused as any private call.
    expect((await t.call(routes.getSiteSettings, {}, null)).status).toBe(401);
  });
});

describe('department display names', () => {
  it('lists every plant’s departments and shows the display name in the employee’s profile', async () => {
    const ntWorker = await makeEmployee(t.database, { plant: 'NT' });
    const hzWorker = await makeEmployee(t.database, { plant: 'HZ' });
    const listed = (await settings()).data as {
      version: number;
      departments: { bu: string; deptName: string; employees: number; displayName: string }[];
    };
    const nt = listed.departments.find((row) => row.bu === 'NT' && row.deptName === '总装车间');
    expect(nt).toMatchObject({ displayName: '', employees: expect.any(Number) });
    expect(nt?.employees).toBeGreaterThan(0);

    const departmentNames = [
      { bu: 'NT', deptName: '总装车间', displayName: '南通总装一车间' },
      { bu: 'GT', deptName: '已撤销的车间', displayName: '旧车间' },
    ];
    const saved = await t.call(
      routes.saveSiteSettings,
      { version: listed.version, ...FULL_FORM, logo: null, departmentNames },
      sysAdmin,
    );
    expect(saved.body.result).toBe(true);
    expect((await lastAudit()).after).toMatchObject({
      departmentNames: { 'NT 总装车间': '南通总装一车间', 'GT 已撤销的车间': '旧车间' },
    });

    const profileOf = async (empNo: string) =>
      (await t.call(routes.checkUserToken, {}, await t.login(empNo, FACTORY_PASSWORD_HASH))).body.data;
    expect((await profileOf(ntWorker.empNo)).deptName).toBe('南通总装一车间');
    expect((await profileOf(hzWorker.empNo)).deptName).toBe('总装车间');
    const login = await t.call(
      routes.checkLogin,
      { userAccount: ntWorker.empNo, password: FACTORY_PASSWORD_HASH },
      null,
    );
    expect(login.body.data.deptName).toBe('南通总装一车间');

    // A department nobody is in any more stays listed while it has a name, so no save drops it unseen.
    const after = (await settings()).data as typeof listed;
    expect(after.departments).toContainEqual({
      bu: 'GT',
      deptName: '已撤销的车间',
      employees: 0,
      displayName: '旧车间',
    });
    const removed = await t.call(
      routes.saveSiteSettings,
      { version: after.version, ...FULL_FORM, logo: null, departmentNames: departmentNames.slice(1) },
      sysAdmin,
    );
    expect(removed.body.result).toBe(true);
    expect((await profileOf(ntWorker.empNo)).deptName).toBe('总装车间');
  });
});
