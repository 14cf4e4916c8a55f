// 学习资料: HR uploads a video or document by tus over real sockets; an upload whose connection drops resumes from
// where the server got to and ends with the exact bytes; another plant's HR and an oversize length are refused before
// any byte is stored; the content decides (an AVI is converted to H.264/AAC MP4 with its length, an H.264/AAC MP4
// and a PDF go live as they are, noise named .mp4 fails with words HR understands); a machine without a converter
// refuses what would need one; the list, rename and delete are HR's of the plant, audited; a delete is refused while
// the material is assigned; housekeeping removes uploads silent for a day.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes } from '@ess/contract';
import type { MaterialRow } from '@ess/contract/materials';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { wordDocument, zipOf } from '../../../test/office-files';
import { makePdf } from '../../../test/pdf';
import { tusClient, uploadWhole } from '../../../test/tus';
import { studyAssignments } from '../../db/schema/index';
import { sniffMaterial } from '../files/service';
import { convertToMp4, findMediaTools } from './media-tools';
import { deleteStaleUploads, MATERIAL_MESSAGES, newUploadId } from './service';

const ffmpeg = findMediaTools({}).ffmpeg as string;
const work = mkdtempSync(path.join(tmpdir(), 'ess-materials-'));

/** A small video made by the packaged ffmpeg: a test pattern with a sine tone. */
const makeVideo = (name: string, args: string[]) => {
  const file = path.join(work, name);
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    ...args,
    file,
  ]);
  return readFileSync(file);
};

const probe = (file: string) => {
  try {
    execFileSync(ffmpeg, ['-hide_banner', '-i', file], { stdio: 'pipe' });
  } catch (error) {
    return String((error as { stderr: Buffer }).stderr);
  }
  return '';
};

const mediaDir = mkdtempSync(path.join(tmpdir(), 'ess-materials-media-'));
let t: TestContext;
let origin: string;
beforeAll(async () => {
  t = await createTestContext({ MEDIA_DIR: mediaDir, SOFFICE_PATH: 'off' });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const signedIn = (employee: { empNo: string }) => t.login(employee.empNo, FACTORY_PASSWORD_HASH);
const uploadsIn = (dir: string) => readdirSync(path.join(dir, 'uploads'));
const rowOf = async (token: string, id: number) =>
  (await t.call(routes.getMaterial, { id }, token)).body.data as MaterialRow;
const rowByUpload = async (location: string) => {
  const uploadId = location.split('/').pop() as string;
  const { rows } = await t.database.pool.query<{ id: number; upload_id: string | null }>(
    'select id, upload_id from training_materials where upload_id = $1',
    [uploadId],
  );
  return rows[0]?.id;
};
/** The material just uploaded by this clerk (newest of the plant). */
const newest = async (token: string, bu: string) =>
  ((await t.call(routes.getMaterialList, { bu }, token)).body.data as MaterialRow[])[0] as MaterialRow;
const fileOf = (row: MaterialRow) => path.join(mediaDir, 'materials', (row.url as string).split('/').pop() as string);

describe('the resumable upload', () => {
  it('resumes after a dropped connection and keeps the exact bytes', async () => {
    const clerk = await makeHrClerk(t.database, { plant: 'NT' });
    const token = await signedIn(clerk);
    const tus = tusClient(origin, token);
    const bytes = makePdf(['安全操作规程'], { padTo: 3 * 1024 * 1024 });
    const created = await tus.create({
      size: bytes.length,
      metadata: { filename: '冲压安全规程.pdf', bu: 'NT', name: '冲压安全规程' },
    });
    expect(created.status).toBe(201);
    const location = created.location as string;
    expect(location.startsWith('/api/TrainMaterial/Upload/')).toBe(true);
    expect((await newest(token, 'NT')).state).toBe('uploading');

    expect((await tus.patch(location, 0, bytes.subarray(0, 1024 * 1024))).status).toBe(204);
    // The Wi-Fi drops in the middle of the second chunk: the server keeps what arrived.
    await tus.patchDropped(location, 1024 * 1024, bytes.subarray(1024 * 1024), 512 * 1024);
    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const head = await tus.head(location);
      expect(head.status).toBe(200);
      offset = Number(head.headers['upload-offset']);
      if (offset > 1024 * 1024) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
    expect(offset).toBeLessThan(bytes.length);
    const rest = await tus.patch(location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);

    const row = await newest(token, 'NT');
    expect(row).toMatchObject({
      name: '冲压安全规程',
      bu: 'NT',
      kind: 'document',
      state: 'ready',
      originalFileName: '冲压安全规程.pdf',
      sizeBytes: bytes.length,
      uploaderName: clerk.name,
    });
    expect(readFileSync(fileOf(row)).equals(bytes)).toBe(true);
    // HR previews it where the workers will read it.
    const preview = await t.app.inject({ method: 'GET', url: row.url as string, headers: { token } });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(bytes)).toBe(true);
    expect(uploadsIn(mediaDir).filter((name) => location.endsWith(name.replace('.json', '')))).toEqual([]);
  });

  it('refuses another plant, an oversize length and anyone but HR before a byte is stored', async () => {
    const clerk = await makeHrClerk(t.database, { plant: 'NT' });
    const tus = tusClient(origin, await signedIn(clerk));
    const before = uploadsIn(mediaDir).length;
    const otherPlant = await tus.create({ size: 1000, metadata: { filename: 'a.mp4', bu: 'HZ' } });
    expect(otherPlant.status).toBe(403);
    expect(JSON.parse(otherPlant.body)).toMatchObject({ result: false, msg: '您不管理 HZ 厂，不能为其上传学习资料' });
    const oversize = await tus.create({
      size: t.config.MATERIAL_MAX_MB * 1024 * 1024 + 1,
      metadata: { filename: 'a.mp4', bu: 'NT' },
    });
    expect(oversize.status).toBe(413);
    expect(JSON.parse(oversize.body).msg).toBe('文件过大，学习资料最大 2048 MB');
    const wrongType = await tus.create({ size: 1000, metadata: { filename: 'a.exe', bu: 'NT' } });
    expect(wrongType.status).toBe(400);
    expect(JSON.parse(wrongType.body).msg).toBe(MATERIAL_MESSAGES.wrongType);
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const asWorker = await tusClient(origin, await signedIn(worker)).create({
      size: 1000,
      metadata: { filename: 'a.mp4', bu: 'NT' },
    });
    expect(asWorker.status).toBe(403);
    const anonymous = await tusClient(origin, 'forged').create({
      size: 1000,
      metadata: { filename: 'a.mp4', bu: 'NT' },
    });
    expect(anonymous.status).toBe(401);
    expect(uploadsIn(mediaDir).length).toBe(before);

    // Bad protocol input: a Chinese envelope, never a 5xx.
    const raw = async (method: string, url: string, headers: Record<string, string>, body?: Buffer) => {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: { authorization: `Bearer ${await signedIn(clerk)}`, 'tus-resumable': '1.0.0', ...headers },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      return { status: response.status, body: method === 'HEAD' ? '' : await response.text() };
    };
    const noLength = await raw('POST', '/api/TrainMaterial/Upload', {});
    const deferred = await raw('POST', '/api/TrainMaterial/Upload', {
      'upload-defer-length': '1',
      'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},bu ${Buffer.from('NT').toString('base64')}`,
    });
    const badMetadata = await raw('POST', '/api/TrainMaterial/Upload', {
      'upload-length': '10',
      'upload-metadata': 'filename ***,bu',
    });
    const noPlant = await raw('POST', '/api/TrainMaterial/Upload', {
      'upload-length': '10',
      'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
    });
    const pdf = await tus.create({ size: 10, metadata: { filename: 'c.pdf', bu: 'NT' } });
    const wrongOffset = await tus.patch(pdf.location as string, 5, Buffer.from('%PDF-'));
    const wrongContent = await raw(
      'PATCH',
      pdf.location as string,
      { 'upload-offset': '0', 'content-type': 'text/plain' },
      Buffer.from('x'),
    );
    const unknownId = await tus.head('/api/TrainMaterial/Upload/0123456789abcdef0123456789abcdef');
    const asGet = await raw('GET', pdf.location as string, {});
    for (const answer of [noLength, deferred, badMetadata, noPlant, wrongOffset, wrongContent, unknownId, asGet]) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(JSON.parse(deferred.body).msg).toBe('请告知文件大小后上传');
    expect(JSON.parse(noPlant.body).msg).toBe('请选择资料所属工厂');
    expect(JSON.parse(wrongOffset.body).msg).toBe('上传进度不一致，请重试');
    expect(JSON.parse(noLength.body).result).toBe(false);

    // An upload begun by NT's HR cannot be continued by HZ's.
    const created = await tus.create({ size: 10, metadata: { filename: 'b.pdf', bu: 'NT' } });
    const hz = tusClient(origin, await signedIn(await makeHrClerk(t.database, { plant: 'HZ' })));
    const foreign = await hz.patch(created.location as string, 0, Buffer.from('%PDF-1.4\n\n'));
    expect(foreign.status).toBe(403);
    expect((await hz.head(created.location as string)).status).toBe(403);
  });
});

describe('checked by content, made playable', () => {
  it('converts an AVI (MPEG-4 Part 2, MP2 audio) into H.264/AAC MP4 and reads its length', async () => {
    const token = await signedIn(await makeHrClerk(t.database, { plant: 'GT' }));
    const avi = makeVideo('test.avi', ['-c:v', 'mpeg4', '-c:a', 'mp2']);
    const { last } = await uploadWhole(tusClient(origin, token), {
      bytes: avi,
      metadata: { filename: '安全培训.avi', bu: 'GT' },
    });
    expect(last?.status).toBe(204);
    await t.app.materialWorker.idle();
    const row = await newest(token, 'GT');
    expect(row).toMatchObject({ name: '安全培训', kind: 'video', state: 'ready', progress: 100, failureMessage: null });
    expect(row.url).toMatch(/\.mp4$/);
    expect(row.durationSeconds).toBeGreaterThan(1.9);
    expect(row.durationSeconds).toBeLessThan(2.2);
    const streams = probe(fileOf(row));
    expect(streams).toMatch(/Video: h264/);
    expect(streams).toMatch(/Audio: aac/);
    expect(streams).toMatch(/major_brand\s*: isom/);
  });

  it('puts an H.264/AAC MP4 live as it is, and moves a header at the end to the front', async () => {
    const token = await signedIn(await makeHrClerk(t.database, { plant: 'NY' }));
    const tus = tusClient(origin, token);
    const front = makeVideo('front.mp4', ['-c:v', 'libx264', '-c:a', 'aac', '-movflags', '+faststart']);
    await uploadWhole(tus, { bytes: front, metadata: { filename: 'front.mp4', bu: 'NY' } });
    await t.app.materialWorker.idle();
    const asIs = await newest(token, 'NY');
    expect(asIs).toMatchObject({ state: 'ready', kind: 'video' });
    expect(readFileSync(fileOf(asIs)).equals(front)).toBe(true);
    expect(asIs.durationSeconds).toBeGreaterThan(1.9);

    const atEnd = makeVideo('end.mp4', ['-c:v', 'libx264', '-c:a', 'aac']);
    await uploadWhole(tus, { bytes: atEnd, metadata: { filename: 'end.mp4', bu: 'NY' } });
    await t.app.materialWorker.idle();
    const moved = await newest(token, 'NY');
    expect(moved.state).toBe('ready');
    const served = readFileSync(fileOf(moved));
    expect(served.length).toBe(atEnd.length);
    expect(served.indexOf('moov')).toBeLessThan(served.indexOf('mdat'));
  });

  it('fails noise named .mp4, and an MP4 whose streams cannot be read, with words HR understands', async () => {
    const token = await signedIn(await makeHrClerk(t.database, { plant: 'BJ' }));
    const tus = tusClient(origin, token);
    const { last } = await uploadWhole(tus, {
      bytes: randomBytes(300 * 1024),
      metadata: { filename: '培训视频.mp4', bu: 'BJ' },
    });
    expect(last?.status).toBe(422);
    expect(JSON.parse(last?.body ?? '{}').msg).toBe(MATERIAL_MESSAGES.unknownContent);
    const noise = await newest(token, 'BJ');
    expect(noise).toMatchObject({ state: 'failed', failureMessage: MATERIAL_MESSAGES.unknownContent, url: null });

    // An MP4's first box, then noise: it looks like a video until ffmpeg reads it.
    const header = makeVideo('cut.mp4', ['-c:v', 'libx264', '-c:a', 'aac']).subarray(0, 32);
    await uploadWhole(tus, {
      bytes: Buffer.concat([header, randomBytes(200 * 1024)]),
      metadata: { filename: '损坏.mp4', bu: 'BJ' },
    });
    await t.app.materialWorker.idle();
    expect(await newest(token, 'BJ')).toMatchObject({
      state: 'failed',
      failureMessage: MATERIAL_MESSAGES.unreadableVideo,
    });
    expect(uploadsIn(mediaDir).filter((name) => !name.endsWith('.json')).length).toBeGreaterThanOrEqual(0);
  });

  it('refuses an Office file when no converter is on the machine, by name and by content', async () => {
    const token = await signedIn(await makeHrClerk(t.database, { plant: 'AQ' }));
    const tus = tusClient(origin, token);
    const byName = await tus.create({ size: 1000, metadata: { filename: '制度.docx', bu: 'AQ' } });
    expect(byName.status).toBe(400);
    expect(JSON.parse(byName.body).msg).toBe(MATERIAL_MESSAGES.needPdf);
    const { last } = await uploadWhole(tus, { bytes: wordDocument(), metadata: { filename: '制度.pdf', bu: 'AQ' } });
    expect(last?.status).toBe(422);
    expect(JSON.parse(last?.body ?? '{}').msg).toBe(MATERIAL_MESSAGES.needPdf);
  });
});

describe('with no video converter on the machine', () => {
  let bare: TestContext;
  let bareOrigin: string;
  const bareMedia = mkdtempSync(path.join(tmpdir(), 'ess-materials-bare-'));
  /** LibreOffice stood in for: writes a PDF named after the input into --outdir, as soffice does. */
  const fakeSoffice = path.join(work, 'soffice');
  const madePdf = makePdf(['由 Word 转换']);
  writeFileSync(path.join(work, 'made.pdf'), madePdf);
  writeFileSync(
    fakeSoffice,
    `#!/bin/sh\nout=""; last=""\nwhile [ $# -gt 0 ]; do case "$1" in --outdir) out="$2"; shift;; *) last="$1";; esac; shift; done\ncp "${path.join(work, 'made.pdf')}" "$out/$(basename "$last").pdf"\n`,
  );
  chmodSync(fakeSoffice, 0o755);
  beforeAll(async () => {
    bare = await createTestContext({ MEDIA_DIR: bareMedia, FFMPEG_PATH: 'off', SOFFICE_PATH: fakeSoffice });
    bareOrigin = await bare.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => bare.close());

  it('refuses a video that would need converting and tells HR to upload an H.264/AAC MP4', async () => {
    const clerk = await makeHrClerk(bare.database, { plant: 'NT' });
    const token = await bare.login(clerk.empNo, FACTORY_PASSWORD_HASH);
    const tus = tusClient(bareOrigin, token);
    const byName = await tus.create({ size: 1000, metadata: { filename: '培训.wmv', bu: 'NT' } });
    expect(byName.status).toBe(400);
    expect(JSON.parse(byName.body).msg).toBe(MATERIAL_MESSAGES.needMp4);
    expect(MATERIAL_MESSAGES.needMp4).toContain('H.264/AAC 的 MP4');
    // An AVI named .mp4: its content gives it away.
    const avi = makeVideo('renamed.avi', ['-c:v', 'mpeg4', '-c:a', 'mp2']);
    const { last } = await uploadWhole(tus, { bytes: avi, metadata: { filename: '培训.mp4', bu: 'NT' } });
    expect(last?.status).toBe(422);
    expect(JSON.parse(last?.body ?? '{}').msg).toBe(MATERIAL_MESSAGES.needMp4);
    expect(readdirSync(path.join(bareMedia, 'uploads'))).toEqual([]);
    // A real MP4 still goes live, its length read from its header.
    const mp4 = makeVideo('bare.mp4', ['-c:v', 'libx264', '-c:a', 'aac', '-movflags', '+faststart']);
    await uploadWhole(tus, { bytes: mp4, metadata: { filename: '培训.mp4', bu: 'NT' } });
    const [row] = (await bare.call(routes.getMaterialList, { bu: 'NT', state: 'ready' }, token)).body
      .data as MaterialRow[];
    expect(row).toMatchObject({ state: 'ready', kind: 'video' });
    expect(row?.durationSeconds).toBeGreaterThan(1.9);
  });

  it('converts a Word document to PDF where LibreOffice is configured', async () => {
    const clerk = await makeHrClerk(bare.database, { plant: 'HZ' });
    const token = await bare.login(clerk.empNo, FACTORY_PASSWORD_HASH);
    const { last } = await uploadWhole(tusClient(bareOrigin, token), {
      bytes: wordDocument(),
      metadata: { filename: '安全制度.docx', bu: 'HZ' },
    });
    expect(last?.status).toBe(204);
    await bare.app.materialWorker.idle();
    const [row] = (await bare.call(routes.getMaterialList, { bu: 'HZ' }, token)).body.data as MaterialRow[];
    expect(row).toMatchObject({ name: '安全制度', kind: 'document', state: 'ready' });
    expect(row?.url).toMatch(/\.pdf$/);
    const served = await bare.app.inject({ method: 'GET', url: row?.url as string, headers: { token } });
    expect(served.rawPayload.equals(madePdf)).toBe(true);
  });
});

/** LibreOffice where the machine has it (CI's does not install it: the fake above proves the path there). */
const realSoffice = findMediaTools({}).soffice;

describe.skipIf(!realSoffice)('with LibreOffice on the machine', () => {
  let office: TestContext;
  let officeOrigin: string;
  const officeMedia = mkdtempSync(path.join(tmpdir(), 'ess-materials-office-'));
  beforeAll(async () => {
    office = await createTestContext({
      MEDIA_DIR: officeMedia,
      FFMPEG_PATH: 'off',
      SOFFICE_PATH: realSoffice as string,
    });
    officeOrigin = await office.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => office.close());

  it('turns a real Word document into a PDF, served as one', { timeout: 120_000 }, async () => {
    const clerk = await makeHrClerk(office.database, { plant: 'NT' });
    const token = await office.login(clerk.empNo, FACTORY_PASSWORD_HASH);
    const { last } = await uploadWhole(tusClient(officeOrigin, token), {
      bytes: wordDocument('冲压车间安全操作规程'),
      metadata: { filename: '操作规程.docx', bu: 'NT' },
    });
    expect(last?.status).toBe(204);
    await office.app.materialWorker.idle();
    const [row] = (await office.call(routes.getMaterialList, { bu: 'NT' }, token)).body.data as MaterialRow[];
    expect(row).toMatchObject({ name: '操作规程', kind: 'document', state: 'ready' });
    const served = await office.app.inject({ method: 'GET', url: row?.url as string, headers: { token } });
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(served.headers['content-type']).toMatch(/^application\/pdf/);
  });
});

describe('the console calls', () => {
  it('lists, renames and deletes a plant’s materials for its HR only, audited; an assigned one is kept', async () => {
    const nt = await makeHrClerk(t.database, { plant: 'NT' });
    const ntToken = await signedIn(nt);
    const hzToken = await signedIn(await makeHrClerk(t.database, { plant: 'HZ' }));
    const pdf = makePdf(['须知']);
    await uploadWhole(tusClient(origin, ntToken), { bytes: pdf, metadata: { filename: '须知.pdf', bu: 'NT' } });
    const row = await newest(ntToken, 'NT');
    expect(row.state).toBe('ready');

    const hzList = (await t.call(routes.getMaterialList, {}, hzToken)).body.data as MaterialRow[];
    expect(hzList.map((material) => material.id)).not.toContain(row.id);
    expect((await t.call(routes.getMaterial, { id: row.id }, hzToken)).body).toMatchObject({
      result: false,
      msg: '学习资料不存在或已被删除',
    });
    expect((await t.call(routes.renameMaterial, { id: row.id, name: '改名' }, hzToken)).body.result).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: row.url as string, headers: { token: hzToken } })).statusCode,
    ).toBe(404);

    expect((await t.call(routes.renameMaterial, { id: row.id, name: '  ' }, ntToken)).body).toMatchObject({
      result: false,
      msg: '请填写资料名称',
    });
    expect((await t.call(routes.getMaterialList, { state: 'done' }, ntToken)).body).toMatchObject({
      result: false,
      msg: '状态无效',
    });
    expect((await t.call(routes.renameMaterial, { id: row.id, name: '入厂须知' }, ntToken)).body.result).toBe(true);
    expect((await rowOf(ntToken, row.id)).name).toBe('入厂须知');
    const { rows: audit } = await t.database.pool.query(
      `select action, before, after from audit_log where subject_type = 'material' and subject_id = $1 order by id`,
      [String(row.id)],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['material.upload', 'material.rename']);

    const learner = await makeEmployee(t.database, { plant: 'NT' });
    await t.database.db
      .insert(studyAssignments)
      .values({ employeeId: learner.id, materialId: row.id, trainTheme: '入厂教育' });
    expect((await t.call(routes.deleteMaterial, { id: row.id }, ntToken)).body).toMatchObject({
      result: false,
      msg: '该资料已分配给 1 名员工学习，不能删除（他们的学习记录引用它）；请先取消分配',
    });
    await t.database.pool.query('delete from study_assignments where material_id = $1', [row.id]);
    const file = fileOf(row);
    expect(existsSync(file)).toBe(true);
    expect((await t.call(routes.deleteMaterial, { id: row.id }, ntToken)).body).toMatchObject({ result: true });
    expect((await t.call(routes.getMaterial, { id: row.id }, ntToken)).body.result).toBe(false);
    await expect.poll(() => existsSync(file)).toBe(false);
  });

  it('housekeeping removes an upload silent for a day, with its bytes', async () => {
    const token = await signedIn(await makeHrClerk(t.database, { plant: 'LZ' }));
    const tus = tusClient(origin, token);
    const created = await tus.create({ size: 2000, metadata: { filename: '半途.pdf', bu: 'LZ' } });
    await tus.patch(created.location as string, 0, Buffer.alloc(1000, 1));
    const id = await rowByUpload(created.location as string);
    const uploadId = (created.location as string).split('/').pop() as string;
    expect(existsSync(path.join(mediaDir, 'uploads', uploadId))).toBe(true);
    await deleteStaleUploads({ db: t.database.db, mediaDir });
    expect(await rowByUpload(created.location as string)).toBe(id);
    await t.database.db.execute(
      sql`update training_materials set updated_at = now() - interval '25 hours' where id = ${id}`,
    );
    await deleteStaleUploads({ db: t.database.db, mediaDir });
    expect(await rowByUpload(created.location as string)).toBeUndefined();
    expect(existsSync(path.join(mediaDir, 'uploads', uploadId))).toBe(false);
    expect((await tus.head(created.location as string)).status).toBe(404);
  });
});

describe('the background work', () => {
  it('reports a conversion’s progress as it goes, from ffmpeg’s -progress against the length', async () => {
    const avi = path.join(work, 'long.avi');
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=duration=20:size=160x120:rate=10', '-c:v', 'mpeg4', avi],
    ]);
    const shares: number[] = [];
    await convertToMp4(ffmpeg, {
      from: avi,
      to: path.join(work, 'long.mp4'),
      durationSeconds: 20,
      onProgress: (share) => shares.push(share),
    });
    expect(shares.length).toBeGreaterThan(1);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBeGreaterThan(0.9);
    expect(probe(path.join(work, 'long.mp4'))).toMatch(/Video: h264/);
  });

  it('takes again a check a stopped instance left, and leaves one being worked on alone', async () => {
    const token = await signedIn(await makeHrClerk(t.database, { plant: 'JY' }));
    const video = path.join(work, 'front.mp4');
    const left = async (workedAgo: string) => {
      const uploadId = newUploadId();
      copyFileSync(video, path.join(mediaDir, 'uploads', uploadId));
      const { rows } = await t.database.pool.query<{ id: number }>(
        `insert into training_materials (name, file_name, bu, kind, state, upload_id, worked_at)
         values ('遗留', '', 'JY', 'video', 'checking', $1, now() - $2::interval) returning id`,
        [uploadId, workedAgo],
      );
      return rows[0]?.id as number;
    };
    const stale = await left('5 minutes');
    const busy = await left('10 seconds');
    t.app.materialWorker.kick();
    await t.app.materialWorker.idle();
    expect((await rowOf(token, stale)).state).toBe('ready');
    expect((await rowOf(token, busy)).state).toBe('checking');
  });
});

describe('what a material is, by its bytes', () => {
  const sniffed = (bytes: Buffer) =>
    sniffMaterial(bytes.subarray(0, 64 * 1024), {
      tail: bytes.subarray(Math.max(0, bytes.length - 1024 * 1024)),
      tailStart: Math.max(0, bytes.length - 1024 * 1024),
    });

  it.each([
    ['wmv', ['-c:v', 'wmv2', '-c:a', 'wmav2', '-f', 'asf'], 'asf'],
    ['mkv', ['-c:v', 'mpeg4', '-c:a', 'mp2'], 'matroska'],
    ['mpg', ['-c:v', 'mpeg2video', '-c:a', 'mp2'], 'mpeg'],
    ['avi', ['-c:v', 'mpeg4', '-c:a', 'mp2'], 'avi'],
    ['mp4', ['-c:v', 'libx264', '-c:a', 'aac'], 'mp4'],
  ])('tells a .%s by its container', (extension, args, container) => {
    expect(sniffed(makeVideo(`sniff.${extension}`, args))).toEqual({ kind: 'video', container });
  });

  it('tells PDF, Word, Excel and PowerPoint, and nothing else', () => {
    const types = '<Types><Override PartName="/x" ContentType="y"/></Types>';
    expect(sniffed(makePdf(['x']))).toEqual({ kind: 'document', format: 'pdf' });
    expect(sniffed(wordDocument())).toEqual({ kind: 'document', format: 'docx' });
    const workbook = zipOf([
      { name: '[Content_Types].xml', data: types },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]);
    expect(sniffed(workbook)).toEqual({ kind: 'document', format: 'xlsx' });
    // A large one: only its end is read for the part names.
    const padded = zipOf([
      { name: '[Content_Types].xml', data: types },
      { name: 'ppt/media/film.bin', data: randomBytes(3 * 1024 * 1024), method: 0 },
      { name: 'ppt/presentation.xml', data: '<presentation/>' },
    ]);
    expect(sniffed(padded)).toEqual({ kind: 'document', format: 'pptx' });
    expect(sniffed(zipOf([{ name: 'a.txt', data: 'x' }]))).toBeUndefined();
    expect(sniffed(Buffer.from('<html>not a video</html>'))).toBeUndefined();
    expect(sniffed(randomBytes(4096))).toBeUndefined();
  });
});
