// 轮播图: pictures checked by their bytes, stored once and served within 60 KB as WebP and JPEG; banners by plant and
// period in the app's list; who may publish for whom; every change one transaction with its audit row.

import { routes } from '@ess/contract';
import { BANNER_IMAGE, type BannerRow } from '@ess/contract/banners';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, shanghaiDay } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { postMultipart } from '../../../test/uploads';

let t: TestContext;
let sysAdmin: string; // 900001: SysAdmin, HRAdmin of every plant
let ntClerk: string; // 900002: HRAdmin of NT only
let ntWorker: string;
let hzWorker: string;

/** A photo-like picture: fine detail everywhere, the hard case for the 60 KB bound. */
const photo = async ({ width = 1600, height = 800, seed = 1, format = 'jpeg' as 'jpeg' | 'png' | 'webp' } = {}) => {
  const data = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < data.length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    data[index] = state >> 23;
  }
  const image = sharp(data, { raw: { width, height, channels: 3 } }).blur(1.2);
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality: 90 }).toBuffer();
  return image.jpeg({ quality: 92 }).toBuffer();
};

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const upload = async (token: string, file: Buffer, filename = 'banner.jpg', contentType = 'image/jpeg') =>
  postMultipart(t.app, routes.uploadBannerImage.path, [{ field: 'file', file, filename, contentType }], token);

type UploadedImage = { id: number; imageUrl: string; imageWebpUrl: string; width: number; height: number };

const uploaded = async (token: string, file: Buffer) => {
  const answer = await upload(token, file);
  expect(answer.body).toMatchObject({ result: true });
  return answer.body.data as UploadedImage;
};

let sharedImage: UploadedImage;

const fieldsOf = (overrides: Record<string, unknown> = {}) => ({
  title: '测试轮播图',
  imageId: sharedImage.id,
  startsOn: shanghaiDay(1),
  sort: 10,
  plants: ['NT'],
  ...overrides,
});

const create = async (token: string, overrides: Record<string, unknown> = {}) => {
  const answer = await t.call(routes.createBanner, fieldsOf(overrides), token);
  expect(answer.body).toMatchObject({ result: true });
  return (answer.body.data as { id: number }).id;
};

const count = async (table: string) =>
  (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
const auditRows = async (action: string) =>
  (
    await t.database.pool.query<{ subject_id: string; before: unknown; after: unknown; request_id: string }>(
      'select subject_id, before, after, request_id from audit_log where action = $1 order by id',
      [action],
    )
  ).rows;

const listOf = async (token: string) => {
  const { body } = await t.call(routes.getBannerList, {}, token);
  expect(body.result).toBe(true);
  return body.data;
};
const titlesOf = async (token: string) => (await listOf(token)).map((banner) => banner.title);

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestContext();
  sysAdmin = await t.login('900001');
  ntClerk = await t.login('900002');
  ntWorker = await t.login((await makeEmployee(t.database, { plant: 'NT' })).empNo, FACTORY_PASSWORD_HASH);
  hzWorker = await t.login((await makeEmployee(t.database, { plant: 'HZ' })).empNo, FACTORY_PASSWORD_HASH);
  sharedImage = await uploaded(sysAdmin, await photo({ seed: 7 }));
});
afterAll(() => t.close());

describe('the picture', () => {
  it('refuses a renamed non-image by its bytes, in Chinese, and stores nothing', async () => {
    const before = await count('banner_images');
    const html = Buffer.from('<!doctype html><html><body>不是图片</body></html>');
    const answer = await upload(sysAdmin, html, '活动海报.jpg', 'image/jpeg');
    expect(answer).toEqual({
      status: 200,
      body: { result: false, msg: '该文件不是图片，请上传 JPG、PNG 或 WebP 格式的图片', data: null },
    });
    // A PDF named .png, and a GIF (a picture, but not one the banners take).
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    expect((await upload(sysAdmin, pdf, 'banner.png', 'image/png')).body.msg).toBe(
      '该文件不是图片，请上传 JPG、PNG 或 WebP 格式的图片',
    );
    const gif = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect((await upload(sysAdmin, gif, 'banner.gif', 'image/gif')).body.result).toBe(false);
    // The bytes of a JPEG cut short: sniffed as one, but not a picture that decodes.
    const cut = (await photo({ seed: 3 })).subarray(0, 2000);
    expect((await upload(sysAdmin, cut)).body.msg).toBe('图片已损坏或无法读取，请换一张图片');
    expect(await count('banner_images')).toBe(before);
  });

  it('refuses a picture too narrow for a phone, or with too many pixels', async () => {
    expect((await upload(sysAdmin, await plain(300, 150), 'small.png', 'image/png')).body.msg).toBe(
      `图片宽度至少 ${BANNER_IMAGE.minWidth} 像素，请换一张更清晰的图片`,
    );
    // 64 million pixels of one colour: a few hundred KB of PNG, far more once decoded.
    const huge = await plain(8000, 8000);
    expect(huge.length).toBeLessThan(BANNER_IMAGE.maxBytes);
    expect((await upload(sysAdmin, huge, 'huge.png', 'image/png')).body.msg).toBe(
      '图片像素过多（最多 5000 万像素），请缩小后再上传',
    );
  });

  it('is stored once: the same bytes again answer the stored picture, and write nothing', async () => {
    const bytes = await photo({ seed: 11, format: 'png', width: 1200, height: 600 });
    const images = await count('banner_images');
    const audits = (await auditRows('banner.upload-image')).length;
    const first = await uploaded(ntClerk, bytes);
    const again = await uploaded(sysAdmin, bytes);
    expect(again).toEqual(first);
    expect(await count('banner_images')).toBe(images + 1);
    const written = await auditRows('banner.upload-image');
    expect(written).toHaveLength(audits + 1);
    expect(written.at(-1)).toMatchObject({
      subject_id: String(first.id),
      after: { kind: 'png', width: 1200, height: 600 },
      request_id: expect.any(String),
    });
  });

  it.each(['jpeg', 'png', 'webp'] as const)(
    'of %s is served at 375 px × 2 within 60 KB as WebP and as JPEG, immutable, to a signed-in page',
    async (format) => {
      const image = await uploaded(sysAdmin, await photo({ seed: 20, format, width: 2400, height: 1200 }));
      expect(image.width).toBeLessThanOrEqual(BANNER_IMAGE.width);
      expect(image.width / image.height).toBeCloseTo(2, 1);
      for (const [url, type] of [
        [image.imageWebpUrl, 'image/webp'],
        [image.imageUrl, 'image/jpeg'],
      ] as const) {
        expect(url).toMatch(/^\/api\/banner-images\/[0-9a-f]{64}\.(webp|jpg)$/);
        // As an <img> asks: the access cookie, no token header.
        const response = await get(url, { cookie: `ess_token=${ntWorker}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers.vary ?? '').not.toMatch(/accept(?!-)/i);
        const bytes = response.rawPayload;
        expect(bytes.length).toBeGreaterThan(5_000);
        expect(bytes.length).toBeLessThanOrEqual(BANNER_IMAGE.maxServedBytes);
        expect(Number(response.headers['content-length'])).toBe(bytes.length);
        const served = await sharp(bytes).metadata();
        expect(served.format).toBe(type === 'image/webp' ? 'webp' : 'jpeg');
        expect([served.width, served.height]).toEqual([image.width, image.height]);
      }
    },
    60_000,
  );

  it('is not served without a sign-in, nor under a name that is no served size', async () => {
    expect((await get(sharedImage.imageUrl, {})).statusCode).toBe(401);
    expect((await get(`/api/banner-images/${'0'.repeat(64)}.jpg`, { token: ntWorker })).statusCode).toBe(404);
    expect((await get(sharedImage.imageUrl.replace('.jpg', '.png'), { token: ntWorker })).statusCode).toBe(404);
    // The WebP's hash under the JPEG's extension names nothing.
    const webpHash = sharedImage.imageWebpUrl.slice(-69, -5);
    expect((await get(`/api/banner-images/${webpHash}.jpg`, { token: ntWorker })).statusCode).toBe(404);
  });
});

describe('the app’s carousel (Home/GetBannerList)', () => {
  it('shows the live banners of the caller’s plant and the company’s, in order; not another plant’s, not outside the period, not withdrawn', async () => {
    await create(sysAdmin, { title: '南通二号', plants: ['NT'], sort: 2 });
    await create(sysAdmin, { title: '南通一号', plants: ['NT'], sort: 1, link: '/attendance/my-att' });
    await create(sysAdmin, { title: '杭州专属', plants: ['HZ'], sort: 1 });
    await create(sysAdmin, { title: '两厂共用', plants: ['NT', 'HZ'], sort: 3, link: 'https://example.com/活动' });
    await create(sysAdmin, { title: '全公司', plants: [], sort: 4 });
    await create(sysAdmin, { title: '尚未开始', plants: ['NT'], startsOn: shanghaiDay(-1) });
    await create(sysAdmin, { title: '已经结束', plants: ['NT'], startsOn: shanghaiDay(10), endsOn: shanghaiDay(1) });
    await create(sysAdmin, { title: '今天结束', plants: ['NT'], startsOn: shanghaiDay(10), endsOn: shanghaiDay(0) });
    const withdrawn = await create(sysAdmin, { title: '已撤下', plants: ['NT'] });
    expect((await t.call(routes.withdrawBanner, { id: withdrawn }, sysAdmin)).body.result).toBe(true);

    const nt = (await titlesOf(ntWorker)).filter((title) => !title.includes(' '));
    expect(nt).toEqual(['南通一号', '南通二号', '两厂共用', '全公司', '今天结束']);
    const hz = (await titlesOf(hzWorker)).filter((title) => !title.includes(' '));
    expect(hz).toEqual(['杭州专属', '两厂共用', '全公司']);

    const first = (await listOf(ntWorker)).find((banner) => banner.title === '南通一号');
    expect(first).toEqual({
      id: expect.any(Number),
      title: '南通一号',
      imageUrl: sharedImage.imageUrl,
      imageWebpUrl: sharedImage.imageWebpUrl,
      width: sharedImage.width,
      height: sharedImage.height,
      link: '/attendance/my-att',
    });
    // The demo's company-wide banners (seeded through the same service) reach both.
    expect(await titlesOf(ntWorker)).toContain('安全生产 人人有责');
  });
});

describe('publishing', () => {
  it('refuses a link that is neither a page of the app nor an https address, in Chinese', async () => {
    const refusal = async (link: string) => (await t.call(routes.createBanner, fieldsOf({ link }), sysAdmin)).body;
    expect(await refusal('http://example.com')).toMatchObject({ result: false, msg: '网址须以 https:// 开头' });
    expect(await refusal('/no/such/page')).toMatchObject({ result: false, msg: '应用内没有这个页面，请从列表中选择' });
    for (const link of ['javascript:alert(1)', 'ftp://example.com/a', '//evil.example.com/home', 'www.example.com']) {
      expect((await refusal(link)).result, link).toBe(false);
    }
    expect(await refusal('https://exa mple.com')).toMatchObject({ result: false });
    const query = await create(sysAdmin, { link: '/train/learn-list?from=banner' });
    const blank = await create(sysAdmin, { link: '  ' });
    const rows = (await t.call(routes.getBannerAdminList, { PageSize: 50, state: 'live' }, sysAdmin)).body
      .data as BannerRow[];
    expect(rows.find((row) => row.id === query)?.link).toBe('/train/learn-list?from=banner');
    expect(rows.find((row) => row.id === blank)?.link).toBeNull();
  });

  it('refuses an end before the start, an unknown picture and an unknown plant, changing nothing', async () => {
    const before = await count('banners');
    const refused = [
      [{ startsOn: shanghaiDay(0), endsOn: shanghaiDay(1) }, '结束日期不能早于开始日期'],
      [{ imageId: 999_999 }, '图片不存在，请重新上传'],
      [{ plants: ['XX'] }, '工厂代码无效'],
      [{ title: ' ' }, '请填写标题'],
    ] as const;
    for (const [overrides, msg] of refused) {
      const { body } = await t.call(routes.createBanner, fieldsOf(overrides), sysAdmin);
      expect(body.result, msg).toBe(false);
      expect(body.msg).toContain(msg);
    }
    expect(await count('banners')).toBe(before);
  });

  it('lets an HRAdmin publish for a set of their plants only; the whole company is the SysAdmin’s', async () => {
    const before = await count('banners');
    const company = await t.call(routes.createBanner, fieldsOf({ plants: [] }), ntClerk);
    expect(company.body).toMatchObject({
      result: false,
      msg: '请选择适用工厂（面向全公司的轮播图由系统管理员发布）',
    });
    const other = await t.call(routes.createBanner, fieldsOf({ plants: ['NT', 'HZ'] }), ntClerk);
    expect(other).toMatchObject({ status: 403, body: { result: false, msg: '权限不足' } });
    expect(await count('banners')).toBe(before);

    const own = await create(ntClerk, { title: '南通文员发布', plants: ['NT'] });
    const shared = await create(sysAdmin, { title: '两厂文员不可见', plants: ['NT', 'HZ'] });
    const everyone = await create(sysAdmin, { title: '全公司文员不可见', plants: [] });
    const seen = async (token: string) =>
      ((await t.call(routes.getBannerAdminList, { PageSize: 50 }, token)).body.data as BannerRow[]).map(
        (row) => row.id,
      );
    const clerkSees = await seen(ntClerk);
    expect(clerkSees).toContain(own);
    expect(clerkSees).not.toContain(shared);
    expect(clerkSees).not.toContain(everyone);
    expect(await seen(sysAdmin)).toEqual(expect.arrayContaining([own, shared, everyone]));
    for (const call of [
      () => t.call(routes.updateBanner, { id: shared, ...fieldsOf({ plants: ['NT'] }) }, ntClerk),
      () => t.call(routes.withdrawBanner, { id: everyone }, ntClerk),
    ]) {
      expect((await call()).body).toMatchObject({ result: false, msg: '轮播图不存在' });
    }
    // Widening their own banner to another plant is refused too.
    const widened = await t.call(routes.updateBanner, { id: own, ...fieldsOf({ plants: ['NT', 'HZ'] }) }, ntClerk);
    expect(widened.status).toBe(403);
  });

  it('writes each change with its audit row; a withdrawn banner stays, listed as 已撤下, and cannot be edited', async () => {
    const id = await create(ntClerk, { title: '改前标题', plants: ['NT'] });
    expect((await auditRows('banner.create')).at(-1)).toMatchObject({
      subject_id: String(id),
      after: { title: '改前标题', plants: ['NT'], link: null },
    });
    const edited = await t.call(
      routes.updateBanner,
      { id, ...fieldsOf({ title: '改后标题', plants: ['NT'], sort: 5, link: '/salary/my-salary' }) },
      ntClerk,
    );
    expect(edited.body).toMatchObject({ result: true, msg: '轮播图已保存' });
    expect((await auditRows('banner.update')).at(-1)).toMatchObject({
      subject_id: String(id),
      before: { title: '改前标题', sort: 10, link: null },
      after: { title: '改后标题', sort: 5, link: '/salary/my-salary' },
    });
    expect((await t.call(routes.withdrawBanner, { id }, ntClerk)).body).toMatchObject({ result: true });
    expect((await auditRows('banner.withdraw')).at(-1)).toMatchObject({ subject_id: String(id) });
    const row = (
      (await t.call(routes.getBannerAdminList, { bu: 'NT', PageSize: 50 }, ntClerk)).body.data as BannerRow[]
    ).find((banner) => banner.id === id);
    expect(row).toMatchObject({ state: 'withdrawn', title: '改后标题', withdrawnAt: expect.any(String) });
    const again = await t.call(routes.updateBanner, { id, ...fieldsOf({ plants: ['NT'] }) }, ntClerk);
    expect(again.body).toMatchObject({ result: false, msg: '该轮播图已撤下，不能再修改' });
    expect((await t.call(routes.withdrawBanner, { id }, ntClerk)).body.result).toBe(false);
    expect(await titlesOf(ntWorker)).not.toContain('改后标题');
  });

  it('lists each banner’s state by today’s date on the China calendar', async () => {
    const scheduled = await create(sysAdmin, { plants: ['GT'], startsOn: shanghaiDay(-3) });
    const ended = await create(sysAdmin, { plants: ['GT'], startsOn: shanghaiDay(9), endsOn: shanghaiDay(2) });
    const live = await create(sysAdmin, { plants: ['GT'], startsOn: shanghaiDay(0), endsOn: shanghaiDay(0) });
    const rows = (await t.call(routes.getBannerAdminList, { bu: 'GT', PageSize: 50 }, sysAdmin)).body
      .data as BannerRow[];
    const stateOf = (id: number) => rows.find((row) => row.id === id)?.state;
    expect([stateOf(scheduled), stateOf(ended), stateOf(live)]).toEqual(['scheduled', 'ended', 'live']);
    expect(rows.map((row) => row.state)).toEqual(
      [...rows.map((row) => row.state)].sort(
        (a, b) =>
          ['live', 'scheduled', 'ended', 'withdrawn'].indexOf(a) -
          ['live', 'scheduled', 'ended', 'withdrawn'].indexOf(b),
      ),
    );
    const onlyScheduled = (await t.call(routes.getBannerAdminList, { bu: 'GT', state: 'scheduled' }, sysAdmin)).body
      .data as BannerRow[];
    expect(onlyScheduled.map((row) => row.id)).toEqual([scheduled]);
  });
});
