// Training through the API on a real database: the study list and records (under a second ignored, impossible
// times refused), the watched segments the server keeps (skips and faster-than-the-clock claims refused), media
// with ranges for signed-in callers only, and exams and surveys: keys never sent, scored once, a second and a
// concurrent second submission refused, nobody else's papers or answers reachable.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { mp4Of } from '../../../test/video-files';
import type { Caller } from '../../core/caller';
import { createAnswerWriter } from './answer-writes';
import { recordProgress } from './study';

let t: TestContext;
let study: { db: TestContext['database']['db']; mediaDir: string };
const mediaDir = mkdtempSync(path.join(tmpdir(), 'ess-media-'));
const VIDEO_BYTES = Buffer.alloc(1000, 7);
for (let index = 0; index < VIDEO_BYTES.length; index++) VIDEO_BYTES[index] = index % 251;

beforeAll(async () => {
  writeFileSync(path.join(mediaDir, 'lesson.mp4'), VIDEO_BYTES);
  writeFileSync(path.join(mediaDir, 'rules.pdf'), Buffer.from('%PDF-1.4\n%%EOF\n'));
  writeFileSync(path.join(mediaDir, 'onboarding-guide.pdf'), Buffer.from('%PDF-1.4 guide\n%%EOF\n'));
  writeFileSync(path.join(mediaDir, 'lesson-40s.mp4'), mp4Of({ timescale: 600, duration: 24_000 }));
  // An AVI (RIFF) file: a video type of SPEC whose length this server does not read.
  writeFileSync(
    path.join(mediaDir, 'clip.avi'),
    Buffer.concat([Buffer.from('RIFF\u00f0\u0003\u0000\u0000AVI LIST', 'latin1'), VIDEO_BYTES]),
  );
  t = await createTestContext({ MEDIA_DIR: mediaDir });
  study = { db: t.database.db, mediaDir };
});
afterAll(() => t.close());

const query = async <T>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

const newWorker = async () => {
  const employee = await makeEmployee(t.database);
  const token = await t.login(employee.empNo, FACTORY_PASSWORD_HASH);
  const caller: Caller = {
    id: employee.id,
    empNo: employee.empNo,
    bu: employee.bu,
    roles: ['Employee'],
    menuCodes: new Set(['M02', 'M09', 'M11']),
    adminPlants: new Set(),
  };
  return { ...employee, token, caller };
};

const makeMaterial = async ({ fileName, duration = null }: { fileName: string; duration?: number | null }) => {
  const [row] = await query<{ id: number; media_key: string }>(
    `insert into training_materials (name, file_name, duration_seconds) values ($1, $2, $3) returning id, media_key`,
    [`资料 ${fileName}`, fileName, duration],
  );
  return { id: row?.id as number, mediaKey: row?.media_key as string };
};

const assign = async (employeeId: number, materialId: number, theme = '安全培训') => {
  const [row] = await query<{ id: number }>(
    'insert into study_assignments (employee_id, material_id, train_theme) values ($1, $2, $3) returning id',
    [employeeId, materialId, theme],
  );
  return row?.id as number;
};

const iso = (ms: number) => new Date(ms).toISOString();

describe('the study list and study records', () => {
  it('lists only the caller’s items, each with its media path and whether it was studied', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const video = await makeMaterial({ fileName: 'lesson.mp4', duration: 60 });
    const doc = await makeMaterial({ fileName: 'rules.pdf' });
    await assign(a.id, video.id);
    await assign(a.id, doc.id, '制度学习');
    await assign(b.id, doc.id);
    const { body } = await t.call(routes.getTrainNotify, {}, a.token);
    expect(body.data).toEqual([
      expect.objectContaining({
        materialId: video.id,
        trainTheme: '安全培训',
        materialPath: `/api/media/${video.mediaKey}.mp4`,
        isVideo: true,
        coverage: 0,
        isStudied: false,
      }),
      expect.objectContaining({ materialId: doc.id, isVideo: false, coverage: null, studiedSeconds: 0 }),
    ]);
    expect((await t.call(routes.getTrainNotify, {}, b.token)).body.data).toHaveLength(1);
  });

  it('saves a session, ignores one under a second, and refuses impossible times and others’ items', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const doc = await makeMaterial({ fileName: 'rules.pdf' });
    const studyId = await assign(a.id, doc.id);
    const now = Date.now();
    const save = (token: string, modify: Record<string, unknown>) =>
      t.call(routes.modifyTrainStudyDetail, { modify: JSON.stringify(modify) }, token);
    const base = { StudyId: studyId, MaterialId: doc.id };

    const short = await save(a.token, { ...base, StudyStartDate: iso(now - 900), StudyEndDate: iso(now) });
    expect(short.body).toMatchObject({ result: true, data: null });
    expect(await query('select * from study_records where employee_id = $1', [a.id])).toHaveLength(0);

    const saved = await save(a.token, { ...base, StudyStartDate: iso(now - 65_000), StudyEndDate: iso(now - 5000) });
    expect(saved.body).toMatchObject({ result: true, data: { id: expect.any(Number) } });
    const list = (await t.call(routes.getTrainNotify, {}, a.token)).body.data;
    expect(list[0]).toMatchObject({ studiedSeconds: 60, isStudied: true });

    // China time without a zone is read as Asia/Shanghai.
    const local = new Date(now - 10_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect((await save(a.token, { ...base, StudyStartDate: local, StudyEndDate: iso(now) })).body.result).toBe(true);

    for (const [modify, message] of [
      [{ ...base, StudyStartDate: iso(now), StudyEndDate: iso(now - 5000) }, '学习时间无效：结束时间早于开始时间'],
      [{ ...base, StudyStartDate: iso(now), StudyEndDate: iso(now + 3600_000) }, '学习时间无效：结束时间晚于当前时间'],
      [
        { ...base, StudyStartDate: iso(now - 13 * 3600_000), StudyEndDate: iso(now) },
        '学习时间无效：单次学习不能超过 12 小时',
      ],
      [
        { ...base, StudyStartDate: '昨天', StudyEndDate: iso(now) },
        'modify.StudyStartDate：开始时间格式应为 yyyy-MM-dd HH:mm:ss',
      ],
    ] as const) {
      const refused = await save(a.token, modify);
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({
        result: false,
        msg: expect.stringContaining(message.split('：').at(-1) as string),
      });
    }
    // B cannot save into A's item.
    const foreign = await save(b.token, { ...base, StudyStartDate: iso(now - 5000), StudyEndDate: iso(now) });
    expect(foreign.body).toEqual({ result: false, msg: '学习项不存在或未分配给您', data: null });
    expect(await query('select * from study_records where employee_id = $1', [b.id])).toHaveLength(0);
  });

  it('saves one session again under its key: the record’s end moves, the time grows by the difference', async () => {
    const a = await newWorker();
    const doc = await makeMaterial({ fileName: 'rules.pdf' });
    const studyId = await assign(a.id, doc.id);
    const start = Date.now() - 60_000;
    const modify = (end: number) => ({
      modify: {
        StudyId: studyId,
        MaterialId: doc.id,
        StudyStartDate: iso(start),
        StudyEndDate: iso(end),
        SessionKey: 'session-abc-123',
      },
    });
    await t.call(routes.modifyTrainStudyDetail, modify(start + 20_000), a.token);
    await t.call(routes.modifyTrainStudyDetail, modify(start + 50_000), a.token);
    await t.call(routes.modifyTrainStudyDetail, modify(start + 30_000), a.token);
    expect(await query('select * from study_records where employee_id = $1', [a.id])).toHaveLength(1);
    expect((await t.call(routes.getTrainNotify, {}, a.token)).body.data[0]?.studiedSeconds).toBe(50);
  });
});

describe('what the server keeps of a video watched', () => {
  it('merges the stretches played, refuses skips, claims beyond the wall clock and unassigned materials', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const video = await makeMaterial({ fileName: 'lesson.mp4', duration: 100 });
    const studyId = await assign(a.id, video.id);
    const beat = (token: string, from: number, to: number) =>
      t.call(routes.modifyStudyProgress, { StudyId: studyId, MaterialId: video.id, from, to }, token);

    expect((await beat(a.token, 0, 8)).body.data).toMatchObject({ segments: [[0, 8]], furthest: 8, coverage: 0.08 });
    // 30 s of video claimed a moment after the last beat.
    expect((await beat(a.token, 8, 38)).body).toEqual({
      result: false,
      msg: '学习进度无效：播放进度超过了实际经过的时间',
      data: null,
    });
    expect((await beat(a.token, 50, 52)).body.msg).toBe('学习进度无效：不能跳过未观看的部分');
    expect((await beat(b.token, 0, 1)).body.msg).toBe('学习项不存在或未分配给您');
    expect((await beat(a.token, 0, 1000)).body.result).toBe(false);

    // Ten seconds later (the service told the time), ten more seconds of video are fine.
    const later = Date.now() + 10_000;
    const progress = await recordProgress(
      study,
      a.caller,
      { StudyId: studyId, MaterialId: video.id, from: 8, to: 18 },
      later,
    );
    expect(progress).toMatchObject({ segments: [[0, 18]], furthest: 18, coverage: 0.18 });
    // Rewatching is fine and adds nothing.
    await recordProgress(study, a.caller, { StudyId: studyId, MaterialId: video.id, from: 2, to: 6 }, later + 5000);
    const kept = await t.call(routes.getStudyProgress, { StudyId: studyId }, a.token);
    expect(kept.body.data).toEqual({ segments: [[0, 18]], furthest: 18, duration: 100, coverage: 0.18 });
    expect((await t.call(routes.getStudyProgress, { StudyId: studyId }, b.token)).body.result).toBe(false);
    const list = await t.call(routes.getTrainNotify, {}, a.token);
    expect(list.body.data[0]).toMatchObject({ coverage: 0.18, isStudied: false });
  });

  it('reads the length of a file that did not say it once HR replaces the file', async () => {
    const a = await newWorker();
    writeFileSync(path.join(mediaDir, 'replaced.mp4'), VIDEO_BYTES);
    const material = await makeMaterial({ fileName: 'replaced.mp4' });
    const item = await assign(a.id, material.id);
    const beat = await t.call(
      routes.modifyStudyProgress,
      { StudyId: item, MaterialId: material.id, from: 0, to: 5 },
      a.token,
    );
    expect(beat.body.data).toMatchObject({ duration: null });
    const progress = async () => (await t.call(routes.getStudyProgress, { StudyId: item }, a.token)).body.data;
    expect(await progress()).toMatchObject({ duration: null });
    // The same name, a readable file: not taken for the unreadable one it replaced.
    writeFileSync(path.join(mediaDir, 'replaced.mp4'), mp4Of({ timescale: 600, duration: 24_000 }));
    expect(await progress()).toMatchObject({ duration: 40 });
  });

  it('reads the length from the file when HR left it empty, never from a player, and refuses a document', async () => {
    const a = await newWorker();
    const video = await makeMaterial({ fileName: 'lesson-40s.mp4' });
    const unreadable = await makeMaterial({ fileName: 'lesson.mp4' });
    const doc = await makeMaterial({ fileName: 'rules.pdf' });
    const videoItem = await assign(a.id, video.id);
    const unreadableItem = await assign(a.id, unreadable.id);
    const docItem = await assign(a.id, doc.id);
    // The player claims half a second: the file's own header says 40 s, and that is what counts, for everyone.
    const first = await t.call(
      routes.modifyStudyProgress,
      { StudyId: videoItem, MaterialId: video.id, from: 0, to: 5, duration: 0.5 },
      a.token,
    );
    expect(first.body.data).toMatchObject({ duration: 40, coverage: 0.125 });
    expect(await query('select duration_seconds from training_materials where id = $1', [video.id])).toEqual([
      { duration_seconds: '40.000' },
    ]);
    // A file whose length cannot be read keeps no length: the player's is not taken.
    const guessed = await t.call(
      routes.modifyStudyProgress,
      { StudyId: unreadableItem, MaterialId: unreadable.id, from: 0, to: 5, duration: 0.5 },
      a.token,
    );
    expect(guessed.body.data).toMatchObject({ duration: null, coverage: null });
    expect(await query('select duration_seconds from training_materials where id = $1', [unreadable.id])).toEqual([
      { duration_seconds: null },
    ]);
    const onDoc = await t.call(
      routes.modifyStudyProgress,
      { StudyId: docItem, MaterialId: doc.id, from: 0, to: 1 },
      a.token,
    );
    expect(onDoc.body.msg).toBe('学习进度无效：该资料不是视频');
    const bad = await t.call(
      routes.modifyStudyProgress,
      { StudyId: videoItem, MaterialId: video.id, from: 5, to: 2 },
      a.token,
    );
    expect(bad.body).toMatchObject({ result: false, msg: expect.stringContaining('结束位置不能早于开始位置') });
  });

  it('credits beats at 10 Hz no more than the wall clock since the viewing began', async () => {
    const a = await newWorker();
    const video = await makeMaterial({ fileName: 'lesson.mp4', duration: 600 });
    const studyId = await assign(a.id, video.id);
    // Every 100 ms for 6 s (the service told the time), a beat claiming 2.1 s more than the furthest point.
    const started = Date.now();
    let furthest = 0;
    let accepted = 0;
    for (let beat = 0; beat < 60; beat++) {
      const progress = await recordProgress(
        study,
        a.caller,
        { StudyId: studyId, MaterialId: video.id, from: furthest, to: furthest + 2.1 },
        started + beat * 100,
      ).catch(() => undefined);
      if (!progress) continue;
      accepted++;
      furthest = progress.furthest;
    }
    // The viewing began at most the first beat's claim before it; 5.9 s of beats followed, plus 2 s of slack once.
    const wallClock = 2.1 + 5.9;
    expect(furthest).toBeLessThanOrEqual(wallClock + 2);
    expect(accepted).toBeLessThan(60);
    // Beats in step with the clock go on being taken.
    const later = await recordProgress(
      study,
      a.caller,
      { StudyId: studyId, MaterialId: video.id, from: furthest, to: furthest + 10 },
      started + 5900 + 10_000,
    );
    expect(later.furthest).toBeCloseTo(furthest + 10, 3);
  });
});

describe('a video whose length is not known', () => {
  it('is studied as SPEC studies any material, by a saved record; one whose file is not there is not', async () => {
    const a = await newWorker();
    const avi = await makeMaterial({ fileName: 'clip.avi' });
    const mp4 = await makeMaterial({ fileName: 'lesson-40s.mp4' });
    const gone = await makeMaterial({ fileName: 'not-copied-yet.mp4' });
    const items = {
      avi: await assign(a.id, avi.id),
      mp4: await assign(a.id, mp4.id),
      gone: await assign(a.id, gone.id),
    };
    const list = async () => {
      const data = (await t.call(routes.getTrainNotify, {}, a.token)).body.data;
      const of = (studyId: number) => data.find((item) => item.id === studyId);
      return { avi: of(items.avi), mp4: of(items.mp4), gone: of(items.gone) };
    };

    // Before any beat the list reads the MP4's length from its file (and keeps it); the AVI's says none.
    const before = await list();
    expect(before.avi).toMatchObject({ isVideo: true, coverage: null, isStudied: false });
    expect(before.mp4).toMatchObject({ coverage: 0, isStudied: false });
    expect(before.gone).toMatchObject({ coverage: null, isStudied: false });
    expect(await query('select duration_seconds from training_materials where id = $1', [mp4.id])).toEqual([
      { duration_seconds: '40.000' },
    ]);
    expect((await t.call(routes.getStudyProgress, { StudyId: items.mp4 }, a.token)).body.data).toMatchObject({
      duration: 40,
      coverage: 0,
    });

    // A player's length is still not taken for the AVI.
    const beat = await t.call(
      routes.modifyStudyProgress,
      { StudyId: items.avi, MaterialId: avi.id, from: 0, to: 5, duration: 0.5 },
      a.token,
    );
    expect(beat.body.data).toMatchObject({ duration: null, coverage: null, furthest: 5 });

    // Five seconds of study saved on each: the AVI is studied; the MP4 still needs 95 % watched; the missing one
    // cannot have been watched.
    const now = Date.now();
    for (const [studyId, materialId] of [
      [items.avi, avi.id],
      [items.mp4, mp4.id],
      [items.gone, gone.id],
    ] as const) {
      const modify = {
        StudyId: studyId,
        MaterialId: materialId,
        StudyStartDate: iso(now - 6000),
        StudyEndDate: iso(now - 1000),
      };
      expect((await t.call(routes.modifyTrainStudyDetail, { modify }, a.token)).body.result).toBe(true);
    }
    const after = await list();
    expect(after.avi).toMatchObject({ coverage: null, studiedSeconds: 5, isStudied: true });
    expect(after.mp4).toMatchObject({ coverage: 0, studiedSeconds: 5, isStudied: false });
    expect(after.gone).toMatchObject({ coverage: null, studiedSeconds: 5, isStudied: false });
    expect(
      await query('select duration_seconds from training_materials where id = any($1)', [[avi.id, gone.id]]),
    ).toEqual([{ duration_seconds: null }, { duration_seconds: null }]);
  });
});

describe('time studied', () => {
  it('counts overlapping sessions once: the same hour sent three times is one hour', async () => {
    const a = await newWorker();
    const doc = await makeMaterial({ fileName: 'rules.pdf' });
    const studyId = await assign(a.id, doc.id);
    const end = Date.now() - 2 * 3600_000;
    const save = (start: number, stop: number, key: string) =>
      t.call(
        routes.modifyTrainStudyDetail,
        {
          modify: {
            StudyId: studyId,
            MaterialId: doc.id,
            StudyStartDate: iso(start),
            StudyEndDate: iso(stop),
            SessionKey: key,
          },
        },
        a.token,
      );
    for (const key of ['session-tab-1', 'session-tab-2', 'session-tab-3']) {
      expect((await save(end - 3600_000, end, key)).body).toMatchObject({ result: true });
    }
    // Forty minutes more, from the last ten minutes of that hour: half an hour added.
    expect((await save(end - 600_000, end + 1800_000, 'session-tab-4')).body.result).toBe(true);
    const list = (await t.call(routes.getTrainNotify, {}, a.token)).body.data;
    expect(list[0]?.studiedSeconds).toBe(3600 + 1800);
  });
});

describe('media', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves an assigned video with ranges to its signed-in viewer only', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const video = await makeMaterial({ fileName: 'lesson.mp4', duration: 10 });
    await assign(a.id, video.id);
    const url = `/api/media/${video.mediaKey}.mp4`;

    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, { token: b.token })).statusCode).toBe(404);

    const whole = await get(url, { cookie: `ess_token=${a.token}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': '1000',
      'cache-control': 'private, max-age=86400',
    });
    expect(whole.rawPayload.equals(VIDEO_BYTES)).toBe(true);

    const part = await get(url, { token: a.token, range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(VIDEO_BYTES.subarray(100, 200))).toBe(true);

    const open = await get(url, { token: a.token, range: 'bytes=990-' });
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    const tail = await get(url, { token: a.token, range: 'bytes=-10' });
    expect(tail.rawPayload.equals(VIDEO_BYTES.subarray(990))).toBe(true);
    const past = await get(url, { token: a.token, range: 'bytes=5000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');

    const again = await get(url, { token: a.token, 'if-none-match': whole.headers.etag as string });
    expect(again.statusCode).toBe(304);
    // A stale If-Range answers the whole file.
    const stale = await get(url, { token: a.token, range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers a clear error for a missing file or a wrong address, never a crash', async () => {
    const a = await newWorker();
    const gone = await makeMaterial({ fileName: 'deleted.mp4' });
    await assign(a.id, gone.id);
    const missing = await get(`/api/media/${gone.mediaKey}.mp4`, { token: a.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ result: false, msg: '学习资料不存在或已被删除', data: null });
    for (const url of [`/api/media/${gone.mediaKey}.pdf`, '/api/media/..%2F..%2Fetc%2Fpasswd', '/api/media/1.mp4']) {
      expect((await get(url, { token: a.token })).statusCode).toBe(404);
    }
  });

  it('serves the onboarding guide to signed-in callers only', async () => {
    const a = await newWorker();
    expect((await get('/api/media/onboarding-guide.pdf')).statusCode).toBe(401);
    // The guide HR published for the reader's plant (the demo's first version) has an address of its own.
    const guide = await get('/api/media/onboarding-guide.pdf', { cookie: `ess_token=${a.token}` });
    expect(guide.statusCode).toBe(302);
    const version = await get(guide.headers.location as string, { cookie: `ess_token=${a.token}` });
    expect(version.statusCode).toBe(200);
    expect(version.headers['content-type']).toBe('application/pdf');
  });
});

/** An exam with every question type: keys, points, blanks of both bracket kinds, an isFill option. */
const makeExam = async (examType: 'EXAM' | 'DEMAND' = 'EXAM', isPartialCredit = false) => {
  const [paper] = await query<{ id: number }>(
    'insert into papers (exam_type, title, is_partial_credit) values ($1, $2, $3) returning id',
    [examType, examType === 'EXAM' ? '安全知识考试' : '培训需求调查', isPartialCredit],
  );
  const paperId = paper?.id as number;
  const add = async (
    sort: number,
    subjectType: string,
    subject: string,
    options: unknown[],
    key: unknown,
    score: number,
    isMust = 'Y',
  ) => {
    const [row] = await query<{ id: number }>(
      `insert into paper_questions (paper_id, sort, subject, subject_type, is_must, options, answer_key, score)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        paperId,
        sort,
        subject,
        subjectType,
        isMust,
        JSON.stringify(options),
        key === null ? null : JSON.stringify(key),
        score,
      ],
    );
    return row?.id as number;
  };
  const opt = (id: number, content: string, isFill = false) => ({ id, content, isFill });
  const single = await add(
    1,
    'ST01',
    '灭火器的压力表指针应在哪个区域？',
    [opt(1, '红区'), opt(2, '绿区'), opt(3, '黄区')],
    { optionIds: [2] },
    10,
  );
  const multiple = await add(
    2,
    'ST02',
    '进入车间必须佩戴哪些防护用品？',
    [opt(1, '安全帽'), opt(2, '安全鞋'), opt(3, '耳机'), opt(4, '其他', true)],
    { optionIds: [1, 2] },
    20,
  );
  const judge = await add(3, 'ST03', '设备运转时可以伸手清理铁屑。', [], { judge: 'N' }, 10);
  const blanks = await add(
    4,
    'ST04',
    '安全生产方针是安全第一、（）为主、(  )治理。',
    [],
    { blanks: [['预防'], ['综合']] },
    20,
  );
  const essay = await add(5, 'ST05', '请写下你对安全生产的建议。', [], null, 0, 'N');
  await query(
    'insert into paper_assignments (paper_id, employee_id) select $1, id from employees where emp_no like $2',
    [paperId, 'F%'],
  );
  return { paperId, single, multiple, judge, blanks, essay };
};

const submit = (token: string, modify: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/TrainOrganize/ModifyEmployeeExam',
    headers: { token, ...headers },
    payload: { modify },
  });

describe('exams', () => {
  it('sends the questions without keys, scores the one submission, and shows it back', async () => {
    const a = await newWorker();
    const exam = await makeExam();
    const detail = await t.call(routes.getTrainTestWithDetail, { id: exam.paperId }, a.token);
    expect(detail.body.data).toMatchObject({ testName: '安全知识考试', maxScore: 60, examType: 'EXAM' });
    expect(JSON.stringify(detail.body.data)).not.toMatch(/optionIds|judge|blanks|answerKey|预防/);
    const multiple = detail.body.data.questions[1];
    expect(multiple?.details.map((option) => [option.verb, option.verbContent, option.isFill])).toEqual([
      ['A', '安全帽', 'N'],
      ['B', '安全鞋', 'N'],
      ['C', '耳机', 'N'],
      ['D', '其他', 'Y'],
    ]);
    expect(JSON.parse(multiple?.verbContent ?? '')).toEqual([
      { content: '安全帽', isFill: 'N' },
      { content: '安全鞋', isFill: 'N' },
      { content: '耳机', isFill: 'N' },
      { content: '其他', isFill: 'Y' },
    ]);
    expect((await t.call(routes.getPersonExam, { id: exam.paperId, type: 'EXAM' }, a.token)).body.data).toBeNull();
    expect((await t.call(routes.getTrainTest, {}, a.token)).body.data).toContainEqual(
      expect.objectContaining({ id: exam.paperId, isComplete: 'N', score: null, maxScore: 60 }),
    );

    const answer = {
      [exam.single]: '绿区',
      [exam.multiple]: '安全帽$安全鞋$其他',
      [`${exam.multiple}_4`]: '反光背心',
      [exam.judge]: 'N',
      // Full-width letters, spaces and case compare alike: only the second blank is wrong.
      [exam.blanks]: ' 预防 $管理',
      [exam.essay]: '多检查',
    };
    const first = await submit(a.token, { paperId: exam.paperId, examType: 'EXAM', answer: JSON.stringify(answer) });
    expect(first.json()).toMatchObject({ result: true, msg: '提交成功', data: { score: 20, maxScore: 60 } });
    const results = first.json().data.results;
    expect(results[exam.single]).toEqual({ earned: 10, isCorrect: true });
    expect(results[exam.multiple]).toEqual({ earned: 0, isCorrect: false });
    expect(results[exam.blanks]).toEqual({ earned: 0, isCorrect: false });

    const shown = await t.call(routes.getPersonExam, { id: exam.paperId, type: 'EXAM' }, a.token);
    expect(JSON.parse(shown.body.data?.answer ?? '{}')).toEqual({ ...answer, [exam.blanks]: '预防$管理' });
    expect((await t.call(routes.getTrainTest, {}, a.token)).body.data).toContainEqual(
      expect.objectContaining({ id: exam.paperId, isComplete: 'Y', score: 20 }),
    );
    // Answers are kept by option id: a later rewording shows the new words, not a broken answer.
    await query(`update paper_questions set options = jsonb_set(options, '{1,content}', '"绿色区域"') where id = $1`, [
      exam.single,
    ]);
    const reworded = await t.call(routes.getPersonExam, { id: exam.paperId, type: 'EXAM' }, a.token);
    expect(JSON.parse(reworded.body.data?.answer ?? '{}')[exam.single]).toBe('绿色区域');
  });

  it('refuses a second submission, and of two at once accepts exactly one', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const exam = await makeExam();
    const answer = {
      [exam.single]: '绿区',
      [exam.multiple]: '安全帽$安全鞋',
      [exam.judge]: 'N',
      [exam.blanks]: 'ＡＢ$综合',
    };
    const modify = { paperId: exam.paperId, examType: 'EXAM', answer };
    expect((await submit(a.token, modify)).json().result).toBe(true);
    expect((await submit(a.token, modify)).json()).toEqual({
      result: false,
      msg: '您已提交过试卷，不能重复提交',
      data: null,
    });

    const both = await Promise.all([submit(b.token, modify), submit(b.token, modify)]);
    expect(both.map((response) => response.json().result).sort()).toEqual([false, true]);
    expect(await query('select * from paper_answers where employee_id = $1', [b.id])).toHaveLength(1);
  });

  it('answers a repeat of the same idempotency key with the first outcome', async () => {
    const a = await newWorker();
    const exam = await makeExam();
    const modify = {
      paperId: exam.paperId,
      examType: 'EXAM',
      answer: { [exam.single]: '红区', [exam.multiple]: '耳机', [exam.judge]: 'Y', [exam.blanks]: 'a$b' },
    };
    const headers = { 'idempotency-key': 'exam-key-0001' };
    const [first, repeat] = [await submit(a.token, modify, headers), await submit(a.token, modify, headers)];
    expect(repeat.json()).toEqual(first.json());
    expect(first.json().data.score).toBe(0);
  });

  it('gives partial credit where the paper says so', async () => {
    const a = await newWorker();
    const exam = await makeExam('EXAM', true);
    const modify = {
      paperId: exam.paperId,
      examType: 'EXAM',
      answer: { [exam.single]: '绿区', [exam.multiple]: '安全帽', [exam.judge]: 'N', [exam.blanks]: '预防$综合' },
    };
    expect((await submit(a.token, modify)).json().data).toMatchObject({ score: 50, maxScore: 60 });
  });

  it('keeps others’ papers and answers out of reach', async () => {
    const [a, b] = [await newWorker(), await newWorker()];
    const exam = await makeExam();
    await submit(a.token, {
      paperId: exam.paperId,
      examType: 'EXAM',
      answer: { [exam.single]: '绿区', [exam.multiple]: '耳机', [exam.judge]: 'N', [exam.blanks]: 'x$y' },
    });
    // B is assigned the same paper but sees no answer of A's.
    expect((await t.call(routes.getPersonExam, { id: exam.paperId, type: 'EXAM' }, b.token)).body.data).toBeNull();
    await query('delete from paper_assignments where employee_id = $1', [b.id]);
    for (const response of [
      await t.call(routes.getTrainTestWithDetail, { id: exam.paperId }, b.token),
      await t.call(routes.getPersonExam, { id: exam.paperId, type: 'EXAM' }, b.token),
      (await submit(b.token, { paperId: exam.paperId, examType: 'EXAM', answer: {} })).json(),
    ]) {
      const body = 'body' in response ? response.body : response;
      expect(body).toEqual({ result: false, msg: '试卷不存在或未分配给您', data: null });
    }
    // An exam is not a survey.
    expect((await t.call(routes.getDemandSurveyDetail, { id: exam.paperId }, a.token)).body.msg).toBe(
      '问卷不存在或未分配给您',
    );
  });

  it('refuses missing must-answer items and answers the paper lacks, in Chinese, changing nothing', async () => {
    const a = await newWorker();
    const exam = await makeExam();
    const cases: [unknown, string][] = [
      [{ [exam.single]: '绿区' }, '存在必填项未填写'],
      // One blank of two.
      [
        { [exam.single]: '绿区', [exam.multiple]: '安全帽', [exam.judge]: 'N', [exam.blanks]: '预防' },
        '存在必填项未填写',
      ],
      // 其他 chosen without its text.
      [{ [exam.single]: '绿区', [exam.multiple]: '其他', [exam.judge]: 'N', [exam.blanks]: 'a$b' }, '存在必填项未填写'],
      [
        { [exam.single]: '紫区', [exam.multiple]: '安全帽', [exam.judge]: 'N', [exam.blanks]: 'a$b' },
        '第 1 题的选项无效',
      ],
      [
        { [exam.single]: '红区$绿区', [exam.multiple]: '安全帽', [exam.judge]: 'N', [exam.blanks]: 'a$b' },
        '第 1 题只能选一项',
      ],
      [
        { [exam.single]: '绿区', [exam.multiple]: '安全帽', [exam.judge]: '对', [exam.blanks]: 'a$b' },
        '第 3 题应答 Y 或 N',
      ],
      [{ 999999: 'x' }, '答案包含不属于本试卷的题目'],
      ['{not json', 'modify.answer：答案格式无效'],
    ];
    for (const [answer, message] of cases) {
      const response = await submit(a.token, { paperId: exam.paperId, examType: 'EXAM', answer });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        result: false,
        msg: expect.stringContaining(message.replace(/^.*：/, '')),
      });
    }
    const bad = await submit(a.token, { paperId: 'x', examType: 'QUIZ', answer: {} });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().msg).toMatch(/试卷无效|类型应为 EXAM 或 DEMAND/);
    expect(await query('select * from paper_answers where employee_id = $1', [a.id])).toHaveLength(0);
  });

  it('refuses an exam that does not exist, writing nothing, and a deleted paper takes its answers', async () => {
    const a = await newWorker();
    const missing = await submit(
      a.token,
      { paperId: 2_000_000_000, examType: 'EXAM', answer: {} },
      {
        'idempotency-key': 'missing-exam-1',
      },
    );
    expect(missing.json()).toEqual({ result: false, msg: '试卷不存在或未分配给您', data: null });
    expect(await query('select * from audit_log where actor_id = $1', [a.id])).toHaveLength(0);
    expect(await query('select * from idempotency_keys where employee_id = $1', [a.id])).toHaveLength(0);

    const exam = await makeExam();
    const modify = {
      paperId: exam.paperId,
      examType: 'EXAM',
      answer: { [exam.single]: '绿区', [exam.multiple]: '耳机', [exam.judge]: 'N', [exam.blanks]: 'x$y' },
    };
    expect((await submit(a.token, modify)).json().result).toBe(true);
    await query('delete from papers where id = $1', [exam.paperId]);
    expect(await query('select * from paper_answers where paper_id = $1', [exam.paperId])).toHaveLength(0);
  });

  it('writes submissions of the same moment together, each with its own answer, audit row and key', async () => {
    const workers = await Promise.all(Array.from({ length: 8 }, () => newWorker()));
    const exam = await makeExam();
    const stranger = workers[7] as Awaited<ReturnType<typeof newWorker>>;
    await query('delete from paper_assignments where employee_id = $1', [stranger.id]);
    // Worker i answers i questions right of the first four (10, 20, 10, 20 points).
    const answers = [
      { [exam.single]: '红区', [exam.multiple]: '耳机', [exam.judge]: 'Y', [exam.blanks]: 'a$b' },
      { [exam.single]: '绿区', [exam.multiple]: '耳机', [exam.judge]: 'Y', [exam.blanks]: 'a$b' },
      { [exam.single]: '绿区', [exam.multiple]: '安全帽$安全鞋', [exam.judge]: 'Y', [exam.blanks]: 'a$b' },
      { [exam.single]: '绿区', [exam.multiple]: '安全帽$安全鞋', [exam.judge]: 'N', [exam.blanks]: 'a$b' },
    ];
    const modifyOf = (index: number) => ({ paperId: exam.paperId, examType: 'EXAM', answer: answers[index % 4] });
    const keyOf = (index: number) => ({ 'idempotency-key': `together-${exam.paperId}-${index}` });
    const [w0, w1] = workers as [typeof stranger, typeof stranger];
    const responses = await Promise.all([
      ...workers.slice(0, 7).map((worker, index) => submit(worker.token, modifyOf(index), keyOf(index))),
      // The same key twice: one submission, both answered with it.
      submit(w0.token, modifyOf(0), keyOf(0)),
      submit(stranger.token, modifyOf(3), keyOf(7)),
    ]);
    const bodies = responses.map((response) => response.json());
    expect(bodies.slice(0, 7).map((body) => body.data?.score)).toEqual([0, 10, 30, 40, 0, 10, 30]);
    expect(bodies[7]).toEqual(bodies[0]);
    expect(bodies[8]).toEqual({ result: false, msg: '试卷不存在或未分配给您', data: null });
    // Later, another key of a worker who submitted: refused.
    expect((await submit(w1.token, modifyOf(1), { 'idempotency-key': 'together-other' })).json()).toEqual({
      result: false,
      msg: '您已提交过试卷，不能重复提交',
      data: null,
    });

    const ids = workers.map((worker) => worker.id);
    const stored = await query<{ employee_id: number; id: number; score: string; audit: string; key: string }>(
      `select a.employee_id, a.id, a.score, l.after->>'score' as audit, k.key
       from paper_answers a
       join audit_log l on l.subject_type = 'paper_answer' and l.subject_id = a.id::text and l.actor_id = a.employee_id
       join idempotency_keys k on k.employee_id = a.employee_id and (k.answer->>'paperAnswerId')::int = a.id
       where a.employee_id = any($1) order by a.employee_id`,
      [ids],
    );
    const expected = workers
      .slice(0, 7)
      .map((worker, index) => ({ worker, index }))
      .sort((x, y) => x.worker.id - y.worker.id);
    const points = [0, 10, 30, 40];
    expect(stored.map((row) => [row.employee_id, Number(row.score), Number(row.audit), row.key])).toEqual(
      expected.map(({ worker, index }) => [
        worker.id,
        points[index % 4],
        points[index % 4],
        `together-${exam.paperId}-${index}`,
      ]),
    );
    expect(expected.map(({ index }) => bodies[index].data.id)).toEqual(stored.map((row) => row.id));
  });

  it('writes a batch the database refuses one submission at a time: only the one at fault fails', async () => {
    const workers = await Promise.all(Array.from({ length: 6 }, () => newWorker()));
    const exam = await makeExam();
    const writer = createAnswerWriter(t.database.db, '1 day');
    const writeOf = (worker: { id: number; empNo: string }, score: number) =>
      writer.run({
        employeeId: worker.id,
        empNo: worker.empNo,
        paperId: exam.paperId,
        examType: 'EXAM',
        key: null,
        answers: {},
        results: {},
        score,
        maxScore: 60,
        requestId: 'batch-test',
      });
    const xminsOf = async (ids: number[]) =>
      (await query<{ xmin: string }>('select xmin::text from paper_answers where employee_id = any($1)', [ids])).map(
        (row) => row.xmin,
      );
    // Two statements run at once; the four that arrive meanwhile go together, in one transaction.
    const together = await Promise.all(workers.slice(0, 6).map((worker, index) => writeOf(worker, index)));
    expect(together.map((row) => [row.assigned, Number(row.score)])).toEqual([0, 1, 2, 3, 4, 5].map((n) => [true, n]));
    expect(new Set(await xminsOf(workers.slice(2, 6).map((worker) => worker.id))).size).toBe(1);

    // A score the column cannot hold fails its batch: written again one by one, the others are stored.
    const more = await Promise.all(Array.from({ length: 6 }, () => newWorker()));
    await query('insert into paper_assignments (paper_id, employee_id) select $1, unnest($2::int[])', [
      exam.paperId,
      more.map((worker) => worker.id),
    ]);
    const settled = await Promise.allSettled(more.map((worker, index) => writeOf(worker, index === 4 ? 1e9 : index)));
    expect(settled.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const kept = await query<{ employee_id: number }>(
      'select employee_id from paper_answers where employee_id = any($1) order by employee_id',
      [more.map((worker) => worker.id)],
    );
    expect(kept.map((row) => row.employee_id)).toEqual(
      more
        .filter((_worker, index) => index !== 4)
        .map((worker) => worker.id)
        .sort((x, y) => x - y),
    );
    expect(
      await query("select * from audit_log where actor_id = $1 and action = 'paper.submit'", [
        (more[4] as (typeof more)[0]).id,
      ]),
    ).toHaveLength(0);
  });
});

describe('surveys', () => {
  it('lists the survey to fill in, then as completed once submitted', async () => {
    const a = await newWorker();
    const survey = await makeExam('DEMAND');
    const listed = await t.call(routes.getPersonDemandSurvey, {}, a.token);
    expect(listed.body.data).toContainEqual({ id: survey.paperId, demandTitle: '培训需求调查', isComplete: 'N' });
    const detail = await t.call(routes.getDemandSurveyDetail, { id: survey.paperId }, a.token);
    expect(detail.body.data.maxScore).toBe(0);
    expect(detail.body.data.questions.every((question) => question.score === 0)).toBe(true);
    const done = await submit(a.token, {
      paperId: survey.paperId,
      examType: 'DEMAND',
      answer: { [survey.single]: '红区', [survey.multiple]: '耳机', [survey.judge]: 'Y', [survey.blanks]: 'a$b' },
    });
    expect(done.json().data).toMatchObject({ score: null, maxScore: 0, examType: 'DEMAND' });
    expect((await t.call(routes.getPersonDemandSurvey, {}, a.token)).body.data).toContainEqual({
      id: survey.paperId,
      demandTitle: '培训需求调查',
      isComplete: 'Y',
    });
    expect(
      (await t.call(routes.getPersonExam, { id: survey.paperId, type: 'DEMAND' }, a.token)).body.data?.score,
    ).toBeNull();
  });
});
