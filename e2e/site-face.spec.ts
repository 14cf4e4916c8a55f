// 公司信息: with nothing set, /login shows the app's own title and logo and no copyright or filing line; the SysAdmin
// sets the company's name, title, logo, footer and plant names in the console (1366×768), a renamed non-image and an
// SVG are refused as logos, and at the next page load /login (375×667) and the console's title bar show them. HR
// without SysAdmin finds no such page and is refused by the server; the public face holds nothing of a person. The
// spec leaves the face unset again for the specs after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPng } from '../apps/server/src/seed/demo-images';
import { findAxeViolations } from './axe';
import { api, baseUrl, newDesk, usePhone } from './harness';
import { tokenOf } from './review-helpers';
import { openSignedIn, screenshot } from './screen-helpers';
import { type MadeEmployee, makeEmployee, makeHrClerk, useTestData } from './test-data';

// Without the page's CSP, which refuses the injected accessibility check.
const phone = usePhone({ bypassCSP: true });
const data = useTestData();

let admin: MadeEmployee;
let clerk: MadeEmployee;

const UNSET = { companyName: '', appTitle: '', copyright: '', icpFiling: '', logo: null, plantNames: {} };
const LOGO = drawPng({ width: 144, height: 144, background: [11, 90, 217], blocks: [] });

type Settings = { version: number };
const settingsOf = async (token: string) => (await api<Settings>('Site/GetSettings', {}, token)).data;

/** The face as the sign-in page reads it, without a session. */
const publicFace = async () => {
  const response = await fetch(`${baseUrl()}/api/Site/GetFace`);
  return { response, body: (await response.json()) as { result: boolean; data: Record<string, unknown> } };
};

beforeAll(async () => {
  admin = await makeEmployee(data.database, { name: '系统管理员', roles: ['Employee', 'SysAdmin'] });
  clerk = await makeHrClerk(data.database, { plants: ['NT'] });
  // Whatever an earlier run left: this spec starts from nothing set.
  const token = await tokenOf(admin);
  const { version } = await settingsOf(token);
  await api('Site/Save', { version, ...UNSET, departmentNames: [] }, token);
});

afterAll(async () => {
  const token = await tokenOf(admin);
  const { version } = await settingsOf(token);
  const reset = await api('Site/Save', { version, ...UNSET, departmentNames: [] }, token);
  expect(reset.result || reset.msg === '没有需要保存的修改').toBe(true);
});

describe('the company’s face', () => {
  it('shows no copyright and no filing line on /login while nothing is set', async () => {
    const { page } = phone;
    const face = page.waitForResponse((response) => response.url().endsWith('/api/Site/GetFace'));
    await page.goto('/login');
    expect((await face).status()).toBe(200);
    await page.getByRole('heading', { name: '员工自助系统' }).waitFor();
    expect(await page.getByRole('img', { name: '员工自助系统标志' }).getAttribute('src')).toBe('/logo.svg');
    expect((await page.locator('footer').textContent())?.trim()).toBe('');
    expect(await page.getByText(/ICP|版权|XXXXXXXX/).count()).toBe(0);
    expect(await page.title()).toBe('登录 - 员工自助系统');
    expect(await findAxeViolations(page)).toEqual([]);
    await screenshot(page, 'site-face-login-unset');
  });

  it('is set by the SysAdmin in the console and shows at the next page load', async () => {
    const desk = await newDesk(phone.browser, { bypassCSP: true });
    try {
      const { page } = desk;
      await openSignedIn(desk, admin, '/admin/site');
      await page.getByRole('menuitem', { name: '公司信息' }).waitFor();
      await page.getByText('尚未设置，正在使用系统默认值。').waitFor();

      // A web page renamed logo.png and an SVG are refused, by their bytes, and the refusal is shown.
      const chooseLogo = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/Site/UploadLogo'));
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: /上传标志|更换标志/ }).click();
        await (await chooser).setFiles(file);
        return (await (await answer).json()) as { result: boolean; msg: string };
      };
      const refusal = '标志只能是 PNG、JPG 或 WebP 图片（不支持 SVG 等其他格式）';
      const renamed = await chooseLogo({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<html>x</html>'),
      });
      expect(renamed).toMatchObject({ result: false, msg: refusal });
      await page.getByText(refusal).first().waitFor();
      const svg = await chooseLogo({
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      });
      expect(svg).toMatchObject({ result: false, msg: refusal });
      expect(await page.getByText('（未上传，使用系统默认标志）').count()).toBe(1);
      expect(await chooseLogo({ name: '标志.png', mimeType: 'image/png', buffer: LOGO })).toMatchObject({
        result: true,
      });
      await page.getByText('标志已上传，保存后生效').waitFor();

      await page.getByLabel('公司名称').fill('江淮汽车集团有限公司');
      await page.getByLabel('应用标题').fill('江淮员工之家');
      await page.getByLabel('版权声明').fill('© 2026 江淮汽车集团有限公司 版权所有');
      await page.getByLabel('ICP 备案号').fill('ICP备XXXXXXXX号');
      await page.getByRole('button', { name: '保存' }).first().click();
      await page.getByText('ICP 备案号格式不正确，应如：京ICP备12345678号-1').first().waitFor();
      await page.getByLabel('ICP 备案号').fill('皖ICP备12345678号-1');
      await page.getByLabel('NT 的显示名称').fill('南通商用车工厂');
      await page.getByText('有未保存的修改').first().waitFor();
      // The corrected number's message fades out first: axe must not read it half-faded.
      await page.getByText('ICP 备案号格式不正确，应如：京ICP备12345678号-1').first().waitFor({ state: 'detached' });
      expect(await findAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '保存' }).first().click();
      await page.getByText('已保存，员工下次打开页面时生效').waitFor();

      // The console's next page load: the title bar, the tab and the plant labels.
      await page.reload();
      const sider = page.locator('.ant-layout-sider');
      await sider.getByText('江淮汽车集团有限公司').waitFor();
      expect(await sider.locator('img').getAttribute('src')).toMatch(/^\/api\/site\/logo\/[0-9a-f]{64}\.png$/);
      await page.locator('header').getByText('南通商用车工厂').waitFor();
      expect(await page.title()).toBe('人事管理后台 - 江淮汽车集团有限公司');
      await page.getByText(/^最近保存：/).waitFor();
      await screenshot(page, 'site-face-console');
    } finally {
      await desk.context.close();
    }

    const { page } = phone;
    await page.goto('/login');
    await page.getByRole('heading', { name: '江淮员工之家' }).waitFor();
    await page.getByText('江淮汽车集团有限公司', { exact: true }).waitFor();
    await page.getByText('© 2026 江淮汽车集团有限公司 版权所有').waitFor();
    const filing = page.getByRole('link', { name: /皖ICP备12345678号-1/ });
    expect(await filing.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    const logo = page.getByRole('img', { name: '江淮汽车集团有限公司标志' });
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(144);
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/site\/logo\/[0-9a-f]{64}\.png$/);
    expect(await page.title()).toBe('登录 - 江淮员工之家');
    expect(await findAxeViolations(page)).toEqual([]);
    await screenshot(page, 'site-face-login-set');

    // One audit row of the save, with what it changed before and after.
    const { rows } = await data.database.pool.query(
      "select before, after from audit_log where action = 'site.update' and actor_emp_no = $1 order by id desc limit 1",
      [admin.empNo],
    );
    expect(rows[0]?.before).toMatchObject({ companyName: '', icpFiling: '', plantNames: { NT: '' } });
    expect(rows[0]?.after).toMatchObject({
      companyName: '江淮汽车集团有限公司',
      icpFiling: '皖ICP备12345678号-1',
      plantNames: { NT: '南通商用车工厂' },
    });
  });

  it('answers the face to anyone without a session, and nothing about a person', async () => {
    const { response, body } = await publicFace();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(body.result).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([
      'appTitle',
      'companyName',
      'copyright',
      'icpFiling',
      'logoUrl',
      'plantNames',
    ]);
    const text = JSON.stringify(body);
    for (const secret of [admin.empNo, admin.name, '总装车间', 'version']) expect(text).not.toContain(secret);
  });

  it('is not HR’s to set: no menu entry, no page, and the server refuses in Chinese', async () => {
    const desk = await newDesk(phone.browser);
    try {
      await openSignedIn(desk, clerk, '/admin/site');
      await desk.page.getByRole('menuitem', { name: '员工与账号' }).waitFor();
      expect(await desk.page.getByRole('menuitem', { name: '公司信息' }).count()).toBe(0);
      await desk.page.getByText('页面不存在').waitFor();
    } finally {
      await desk.context.close();
    }
    const token = await tokenOf(clerk);
    const refused = await api('Site/Save', { version: 0, companyName: '冒充的公司' }, token);
    expect(refused).toEqual({ result: false, msg: '权限不足', data: null });
    expect((await publicFace()).body.data.companyName).toBe('江淮汽车集团有限公司');
  });
});
