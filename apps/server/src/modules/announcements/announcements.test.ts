// 公告: a notice reaches the audience its rule names as it stands when a worker reads (a hire into the department
// sees it, a transfer out stops seeing it), 须确认 ones wait on top until acknowledged, the receipts are exact under
// concurrent reads, HR of another plant can do nothing with it, the body cannot carry script, the one reminder goes
// in the background to those who have not read, and a withdrawn notice is gone from the app.
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk, TINY_PNG } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { messagesTo } from '../../../test/messages';
import { TEST_REDIS_URL, useTwoInstances } from '../../../test/two-instances';
import { postMultipart } from '../../../test/uploads';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signedIn = async (employee: { empNo: string }) => t.login(employee.empNo, FACTORY_PASSWORD_HASH);
const unique = () => randomBytes(3).toString('hex');

type Draft = Record<string, unknown> & { audience: Record<string, unknown> };
const publish = async (token: string, draft: Draft) => {
  const answer = await t.call(routes.publishAnnouncement, { body: '<p>请各位注意。</p>', ...draft }, token);
  expect(answer.body).toMatchObject({ result: true, msg: '公告已发布' });
  return (answer.body.data as { id: number }).id;
};
const myIds = async (token: string) =>
  ((await t.call(routes.getMyAnnouncements, { pageSize: 50 }, token)).body.data as { id: number }[]).map(
    (row) => row.id,
  );
const dialogIds = async (token: string) =>
  ((await t.call(routes.getPersonMsg, {}, token)).body.data as { id: number; kind: string }[])
    .filter((row) => row.kind === 'announcement')
    .map((row) => row.id);

describe('notices to an audience', () => {
  it('reaches the department named, as it stands when read: a new hire sees it, a transfer out stops seeing it', async () => {
    const dept = `冲压部${unique()}`;
    const clerk = await makeHrClerk(t.database, { plant: 'NT' });
    const clerkToken = await signedIn(clerk);
    const inDept = await makeEmployee(t.database, { plant: 'NT', dept });
    const otherDept = await makeEmployee(t.database, { plant: 'NT', dept: `焊装部${unique()}` });
    const sameNameOtherPlant = await makeEmployee(t.database, { plant: 'HZ', dept });
    const id = await publish(clerkToken, {
      title: '冲压部安全例会',
      audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
    });

    const inToken = await signedIn(inDept);
    expect(await dialogIds(inToken)).toEqual([id]);
    expect(await myIds(inToken)).toEqual([id]);
    expect(await myIds(await signedIn(otherDept))).not.toContain(id);
    expect(await myIds(await signedIn(sameNameOtherPlant))).not.toContain(id);

    // Hired into the department after it was published: in.
    const hired = await makeEmployee(t.database, { plant: 'NT', dept });
    expect(await myIds(await signedIn(hired))).toEqual([id]);
    // Moved to another department through the console: out, and no longer counted.
    const moved = await t.call(
      routes.updatePerson,
      { id: inDept.id, name: inDept.name, deptName: '仓储部', titleName: '操作工' },
      clerkToken,
    );
    expect(moved.body).toMatchObject({ result: true });
    expect(await myIds(await signedIn(inDept))).not.toContain(id);
    expect((await t.call(routes.getMyAnnouncement, { id }, await signedIn(inDept))).body).toMatchObject({
      result: false,
      msg: '公告不存在',
    });
    const summary = await t.call(routes.getAnnouncementReceipts, { id }, clerkToken);
    expect(summary.body.data).toEqual({
      audienceCount: 1,
      readCount: 0,
      acknowledgedCount: 0,
      groups: [{ bu: 'NT', deptName: dept, audienceCount: 1, readCount: 0, acknowledgedCount: 0 }],
    });
  });

  it('keeps a 须确认 notice on top of 消息 until 我已阅读, and the dialog shows each notice once', async () => {
    const dept = `质检部${unique()}`;
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'GT' }));
    const worker = await makeEmployee(t.database, { plant: 'GT', dept });
    const token = await signedIn(worker);
    const audience = { plants: ['GT'], departments: [{ bu: 'GT', name: dept }] };
    const mustAck = await publish(clerkToken, { title: '新版考勤制度', audience, mustAcknowledge: true });
    const info = await publish(clerkToken, { title: '食堂菜单调整', audience });

    // The newest first, except the one still to acknowledge.
    expect(await myIds(token)).toEqual([mustAck, info]);
    const dialog = (await t.call(routes.getPersonMsg, {}, token)).body.data as {
      id: number;
      kind: string;
      mustAcknowledge: boolean;
      noticeBody: string;
    }[];
    expect(dialog.filter((row) => row.kind === 'announcement')).toEqual([
      expect.objectContaining({ id: mustAck, mustAcknowledge: true, noticeBody: '请各位注意。' }),
      expect.objectContaining({ id: info, mustAcknowledge: false }),
    ]);
    // Closed: both read, the dialog does not show them again, the 须确认 one still waits in 消息.
    expect((await t.call(routes.modifyReadMsg, { announcementIds: [mustAck, info] }, token)).body.result).toBe(true);
    expect(await dialogIds(token)).toEqual([]);
    const listed = (await t.call(routes.getMyAnnouncements, {}, token)).body.data as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ id: mustAck, isRead: true, isAcknowledged: false });

    const acknowledged = await t.call(routes.acknowledgeAnnouncement, { id: mustAck }, token);
    expect(acknowledged.body).toMatchObject({ result: true, msg: '已确认' });
    expect((await t.call(routes.acknowledgeAnnouncement, { id: mustAck }, token)).body.result).toBe(true);
    expect(await myIds(token)).toEqual([info, mustAck]);
    const summary = await t.call(routes.getAnnouncementReceipts, { id: mustAck }, clerkToken);
    expect(summary.body.data).toMatchObject({ audienceCount: 1, readCount: 1, acknowledgedCount: 1 });
    const { rows: audit } = await t.database.pool.query(
      `select count(*)::int as n from audit_log where action = 'announcement.acknowledge' and subject_id = $1`,
      [String(mustAck)],
    );
    expect(audit[0].n).toBe(1);
  });

  it('counts every read once when many read at the same time', async () => {
    const dept = `总装部${unique()}`;
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'NY' }));
    const workers = await Promise.all(
      Array.from({ length: 12 }, () => makeEmployee(t.database, { plant: 'NY', dept })),
    );
    const tokens = await Promise.all(workers.map(signedIn));
    const id = await publish(clerkToken, {
      title: '放假通知',
      audience: { plants: ['NY'], departments: [{ bu: 'NY', name: dept }] },
      mustAcknowledge: true,
    });
    // Each of the first eight opens it three times at once and acknowledges it twice at once.
    const readers = tokens.slice(0, 8);
    const answers = await Promise.all(
      readers.flatMap((token) => [
        t.call(routes.getMyAnnouncement, { id }, token),
        t.call(routes.getMyAnnouncement, { id }, token),
        t.call(routes.modifyReadMsg, {}, token),
        t.call(routes.acknowledgeAnnouncement, { id }, token),
        t.call(routes.acknowledgeAnnouncement, { id }, token),
      ]),
    );
    expect(answers.every((answer) => answer.body.result === true)).toBe(true);
    const summary = await t.call(routes.getAnnouncementReceipts, { id, bu: 'NY' }, clerkToken);
    expect(summary.body.data).toMatchObject({ audienceCount: 12, readCount: 8, acknowledgedCount: 8 });
    const pending = await t.call(routes.getAnnouncementPending, { id, kind: 'unacknowledged' }, clerkToken);
    expect(pending.body.totalCount).toBe(4);
    expect((pending.body.data as { empNo: string }[]).map((row) => row.empNo).sort()).toEqual(
      workers
        .slice(8)
        .map((worker) => worker.empNo)
        .sort(),
    );

    const exported = await t.call(routes.exportAnnouncementReceipts, { id }, clerkToken);
    const file = exported.body.data as { fileName: string; contentBase64: string };
    expect(file.fileName).toBe('公告阅读情况-放假通知.xlsx');
    const sheet = XLSX.read(Buffer.from(file.contentBase64, 'base64')).Sheets['阅读情况'];
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]).toEqual(['工号', '姓名', '厂区', '部门', '班组', '阅读时间', '确认时间']);
    expect(rows).toHaveLength(13);
    const byEmpNo = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byEmpNo.get(workers[0]?.empNo)?.[6]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(byEmpNo.get(workers[11]?.empNo)?.slice(5)).toEqual(['未读', '未确认']);
  });

  it('exports one plant at a time when the notice reaches more than 20,000, and no plant the clerk does not run', async () => {
    // 20,001 employees of one department name in two plants, which the notice reaches: too many for one sheet.
    const dept = `大批量部${unique()}`;
    await t.database.pool.query(
      `insert into employees (emp_no, name, bu, dept_name, password_hash)
       select $1 || n, '员工' || n, case when n <= 10001 then 'GT' else 'JY' end, $2, 'x'
       from generate_series(1, 20001) n`,
      [`D${unique()}-`, dept],
    );
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plants: ['GT', 'JY'] }));
    const id = await publish(clerkToken, {
      title: '全员通知',
      audience: {
        plants: ['GT', 'JY'],
        departments: [
          { bu: 'GT', name: dept },
          { bu: 'JY', name: dept },
        ],
      },
    });
    expect((await t.call(routes.exportAnnouncementReceipts, { id }, clerkToken)).body).toMatchObject({
      result: false,
      msg: '一次最多导出 20000 人，请选择工厂后分别导出',
    });
    const gt = await t.call(routes.exportAnnouncementReceipts, { id, bu: 'GT' }, clerkToken);
    const file = gt.body.data as { fileName: string; contentBase64: string };
    expect(file.fileName).toBe('公告阅读情况-全员通知-GT.xlsx');
    const sheet = XLSX.read(Buffer.from(file.contentBase64, 'base64')).Sheets['阅读情况'];
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet as XLSX.WorkSheet, { header: 1 });
    expect(rows).toHaveLength(10_002);
    expect(rows.every((row, index) => index === 0 || row[2] === 'GT')).toBe(true);
    // A plant the clerk does not run is refused, not answered empty.
    expect((await t.call(routes.exportAnnouncementReceipts, { id, bu: 'NT' }, clerkToken)).status).toBe(403);
  });

  it('shows a notice only within its period, and a withdrawn one nowhere in the app', async () => {
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'BJ' }));
    const worker = await makeEmployee(t.database, { plant: 'BJ', dept: `行政部${unique()}` });
    const token = await signedIn(worker);
    const named = { plants: ['BJ'], empNos: [worker.empNo] };
    const future = await publish(clerkToken, { title: '下月体检', audience: named, startsAt: '2099-01-01 08:00' });
    const ended = await publish(clerkToken, {
      title: '上月停电',
      audience: named,
      startsAt: '2020-01-01 08:00',
      endsAt: '2020-01-02 08:00',
    });
    const live = await publish(clerkToken, { title: '本周消防演练', audience: named });
    expect(await myIds(token)).toEqual([live]);

    const list = await t.call(routes.getAnnouncementList, { bu: 'BJ' }, clerkToken);
    const states = new Map((list.body.data as { id: number; state: string }[]).map((row) => [row.id, row.state]));
    expect([states.get(future), states.get(ended), states.get(live)]).toEqual(['scheduled', 'ended', 'live']);

    expect((await t.call(routes.withdrawAnnouncement, { id: live }, clerkToken)).body).toMatchObject({
      result: true,
      msg: '公告已撤回',
    });
    expect(await myIds(token)).toEqual([]);
    expect(await dialogIds(token)).toEqual([]);
    expect((await t.call(routes.getMyAnnouncement, { id: live }, token)).body.msg).toBe('公告不存在');
    expect((await t.call(routes.withdrawAnnouncement, { id: live }, clerkToken)).body.msg).toBe('该公告已撤回');
    const detail = await t.call(routes.getAnnouncement, { id: live }, clerkToken);
    expect(detail.body.data).toMatchObject({ state: 'withdrawn', rule: { plants: ['BJ'], empNos: [worker.empNo] } });
  });

  it('reminds those who have not read, once, in the background', async () => {
    const dept = `物流部${unique()}`;
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'AQ' }));
    const [reader, idle] = await Promise.all([
      makeEmployee(t.database, { plant: 'AQ', dept }),
      makeEmployee(t.database, { plant: 'AQ', dept }),
    ]);
    const [readerToken, idleToken] = await Promise.all([signedIn(reader), signedIn(idle)]);
    const id = await publish(clerkToken, {
      title: '宿舍调整',
      audience: { plants: ['AQ'], departments: [{ bu: 'AQ', name: dept }] },
    });
    await t.call(routes.getMyAnnouncement, { id }, readerToken);

    const reminded = await t.call(routes.remindAnnouncement, { id }, clerkToken);
    expect(reminded.body).toMatchObject({ result: true, msg: '提醒已安排，将在后台发给未读的员工' });
    await t.app.announcementReminders.idle();
    const messagesOf = async (token: string) =>
      ((await t.call(routes.getPersonMsg, {}, token)).body.data as { kind: string; noticeTitle: string }[]).filter(
        (row) => row.kind === 'message',
      );
    expect(await messagesOf(idleToken)).toEqual([expect.objectContaining({ noticeTitle: '公告提醒：宿舍调整' })]);
    expect(await messagesOf(readerToken)).toEqual([]);
    expect((await t.call(routes.remindAnnouncement, { id }, clerkToken)).body.msg).toBe(
      '该公告已提醒过一次，不能重复提醒',
    );
    const list = await t.call(routes.getAnnouncementList, { bu: 'AQ' }, clerkToken);
    expect(
      (list.body.data as { id: number; remindedAt: string | null }[]).find((row) => row.id === id)?.remindedAt,
    ).toMatch(/^\d{4}-/);
  });
});

describe('messages that bring workers to a notice (WeCom carries them on)', () => {
  const messagesOf = (employeeId: number) => messagesTo(t.database, employeeId);

  it('tells the audience of a notice as it begins: 须确认 always, the others as a kind a worker may mute', async () => {
    const dept = `涂装部${unique()}`;
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'GT' }));
    const worker = await makeEmployee(t.database, { plant: 'GT', dept });
    const outsider = await makeEmployee(t.database, { plant: 'GT', dept: `总装部${unique()}` });
    const leaver = await makeEmployee(t.database, { plant: 'GT', dept });
    await t.database.pool.query('update employees set left_on = current_date - 1 where id = $1', [leaver.id]);
    const audience = { plants: ['GT'], departments: [{ bu: 'GT', name: dept }] };
    const mustRead = await publish(clerkToken, { title: '安全承诺书', audience, mustAcknowledge: true });
    const plain = await publish(clerkToken, { title: '食堂菜单调整', audience });

    expect(await messagesOf(worker.id)).toEqual([
      {
        title: '请阅读并确认公告：安全承诺书',
        link: `/user/announcement-detail?id=${mustRead}`,
        category: '',
        eventKey: `announcement:${mustRead}`,
        // The home dialog shows the notice itself: the message does not pop up a second time.
        isRead: true,
      },
      {
        title: '新公告：食堂菜单调整',
        link: `/user/announcement-detail?id=${plain}`,
        category: 'notice',
        eventKey: `announcement:${plain}`,
        isRead: true,
      },
    ]);
    expect(await dialogIds(await signedIn(worker))).toEqual(expect.arrayContaining([mustRead, plain]));
    expect(await messagesOf(outsider.id)).toEqual([]);
    expect(await messagesOf(leaver.id)).toEqual([]);
  });

  it('tells of a scheduled notice when its start comes, once, and takes the cards back when it is withdrawn', async () => {
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'NY' }));
    const worker = await makeEmployee(t.database, { plant: 'NY' });
    const id = await publish(clerkToken, {
      title: '明日停水',
      audience: { plants: ['NY'], empNos: [worker.empNo] },
      startsAt: '2099-01-01 08:00',
    });
    expect(await messagesOf(worker.id)).toEqual([]);
    await t.app.announcementReminders.run();
    expect(await messagesOf(worker.id)).toEqual([]);

    // Its start has come: the minute's background run tells the worker, and only once.
    await t.database.pool.query("update announcements set starts_at = now() - interval '1 minute' where id = $1", [id]);
    await t.app.announcementReminders.run();
    await t.app.announcementReminders.run();
    expect(await messagesOf(worker.id)).toEqual([expect.objectContaining({ title: '新公告：明日停水' })]);

    await t.call(routes.remindAnnouncement, { id }, clerkToken);
    await t.app.announcementReminders.idle();
    expect((await messagesOf(worker.id)).at(-1)).toEqual({
      title: '公告提醒：明日停水',
      link: `/user/announcement-detail?id=${id}`,
      category: 'notice',
      eventKey: `announcement:${id}`,
      isRead: false,
    });

    await t.call(routes.withdrawAnnouncement, { id }, clerkToken);
    const { rows } = await t.database.pool.query('select event_key from platform_recalls where event_key = $1', [
      `announcement:${id}`,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('who may publish and manage', () => {
  it('keeps every notice of NT away from the HR of HZ, and the whole company to a SysAdmin', async () => {
    const ntToken = await signedIn(await makeHrClerk(t.database, { plant: 'NT' }));
    const hzToken = await signedIn(await makeHrClerk(t.database, { plant: 'HZ' }));
    const worker = await makeEmployee(t.database, { plant: 'NT', dept: `涂装部${unique()}` });
    const id = await publish(ntToken, { title: '涂装车间通知', audience: { plants: ['NT'] } });

    for (const [route, body] of [
      [routes.getAnnouncement, { id }],
      [routes.withdrawAnnouncement, { id }],
      [routes.remindAnnouncement, { id }],
      [routes.getAnnouncementReceipts, { id }],
      [routes.getAnnouncementPending, { id }],
      [routes.exportAnnouncementReceipts, { id }],
    ] as const) {
      expect((await t.call(route, body, hzToken)).body).toMatchObject({ result: false, msg: '公告不存在' });
    }
    const hzList = await t.call(routes.getAnnouncementList, {}, hzToken);
    expect((hzList.body.data as { id: number }[]).map((row) => row.id)).not.toContain(id);
    expect((await t.call(routes.getAnnouncementReceipts, { id, bu: 'HZ' }, ntToken)).status).toBe(403);

    const refusals = [
      [{ plants: ['HZ'] }, '您不管理厂区 HZ，不能向其发布'],
      [{ plants: [] }, '请选择发布的厂区（全公司发布需系统管理员）'],
      [{ plants: ['NT'], departments: [{ bu: 'HZ', name: '总装车间' }] }, 'HZ 总装车间 不在所选厂区内'],
      [{ plants: ['NT'], empNos: ['NOPE-1', worker.empNo] }, '以下工号不存在或不在所选厂区：NOPE-1'],
    ] as const;
    for (const [audience, message] of refusals) {
      const answer = await t.call(routes.publishAnnouncement, { title: 'x', body: '<p>x</p>', audience }, ntToken);
      expect(answer.body).toMatchObject({ result: false, msg: message });
    }
    const { rows } = await t.database.pool.query(`select count(*)::int as n from announcements where title = 'x'`);
    expect(rows[0].n).toBe(0);

    // A worker is not HR at all.
    expect((await t.call(routes.getAnnouncementList, {}, await signedIn(worker))).status).toBe(403);
    // The whole company: a SysAdmin's.
    const sysToken = await t.login('900001');
    const companyWide = await publish(sysToken, { title: '全公司通知', audience: { plants: [] } });
    expect(await myIds(await signedIn(worker))).toContain(companyWide);
    expect((await t.call(routes.getAnnouncement, { id: companyWide }, ntToken)).body.msg).toBe('公告不存在');
  });
});

describe('the body', () => {
  it('keeps text and our own pictures and drops every script, handler and outside address', async () => {
    const clerk = await makeHrClerk(t.database, { plant: 'LZ' });
    const clerkToken = await signedIn(clerk);
    const dept = `装配部${unique()}`;
    const reader = await makeEmployee(t.database, { plant: 'LZ', dept });
    const outsider = await makeEmployee(t.database, { plant: 'JY' });
    const upload = await postMultipart(
      t.app,
      routes.uploadAnnouncementFile.path,
      [{ field: 'file', file: TINY_PNG, filename: 'p.png', contentType: 'image/png' }],
      clerkToken,
    );
    expect(upload.body).toMatchObject({ result: true });
    const picture = upload.body.data as string;
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><circle/></svg>',
      '<a href="javascript:alert(1)">点我</a>',
      '<a href="JaVaScRiPt:alert(1)">再点</a>',
      '<iframe src="https://evil.example/"></iframe>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">段落</p>',
      '<img src="https://evil.example/track.png">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<form action="https://evil.example"><input name=a></form>',
      '<a href="https://example.com/rules">制度原文</a>',
      `<img src="${picture}" alt="示意图" onload="alert(1)">`,
    ];
    const id = await publish(clerkToken, {
      title: '安全须知',
      body: `<h3>须知</h3>${payloads.join('')}`,
      audience: { plants: ['LZ'], departments: [{ bu: 'LZ', name: dept }] },
    });
    const readerToken = await signedIn(reader);
    const { body } = (await t.call(routes.getMyAnnouncement, { id }, readerToken)).body.data as { body: string };
    expect(body).not.toMatch(/<script|<svg|<iframe|<style|<form|<input|\son\w+=|javascript:|evil\.example/i);
    expect(body).toContain('<h3>须知</h3>');
    expect(body).toContain(
      '<a href="https://example.com/rules" target="_blank" rel="noopener noreferrer">制度原文</a>',
    );
    expect(body).toContain(`<img src="${picture}" alt="示意图" />`);

    // The picture: for the notice's audience and its HR, not for anyone else.
    const fetchPicture = (token: string) =>
      t.app.inject({ method: 'GET', url: picture, headers: { authorization: `Bearer ${token}` } });
    const seen = await fetchPicture(readerToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect((await fetchPicture(await signedIn(outsider))).statusCode).toBe(404);

    // A picture that is not a console upload of a notice is refused, nothing published.
    const refused = await t.call(
      routes.publishAnnouncement,
      {
        title: '别的图',
        body: '<p>x</p><img src="/api/files/12345678-1234-1234-1234-123456789abc">',
        audience: { plants: ['LZ'] },
      },
      clerkToken,
    );
    expect(refused.body).toMatchObject({ result: false, msg: '正文中的图片须是本系统上传的图片，请删除后重新插入' });
    const renamed = await postMultipart(
      t.app,
      routes.uploadAnnouncementFile.path,
      [{ field: 'file', file: Buffer.from('<html>not a picture</html>'), filename: 'a.png' }],
      clerkToken,
    );
    expect(renamed.body).toMatchObject({
      result: false,
      msg: '文件类型不支持，请上传图片（JPG、PNG、WebP）或 PDF 文件',
    });
  });
});

describe.skipIf(!TEST_REDIS_URL)('on two server instances sharing the database and Redis', () => {
  const instances = useTwoInstances(() => t);
  const callOn = async (app: FastifyInstance, path: string, body: Record<string, unknown>, token: string) =>
    (await app.inject({ method: 'POST', url: `/api/${path}`, headers: { token }, payload: body })).json();
  const dialogOn = async (app: FastifyInstance, token: string) =>
    ((await callOn(app, routes.getPersonMsg.path, {}, token)).data as { id: number; kind: string }[])
      .filter((row) => row.kind === 'announcement')
      .map((row) => row.id);

  // Each instance keeps the live notices for the home call: one publishing or withdrawing tells the other at once.
  it('shows a notice published on one in the home dialog of the other, and takes it away when withdrawn', async () => {
    const clerkToken = await signedIn(await makeHrClerk(t.database, { plant: 'NT' }));
    const workerToken = await signedIn(await makeEmployee(t.database, { plant: 'NT' }));
    const before = await dialogOn(instances.second, workerToken);

    const published = await callOn(
      instances.first,
      routes.publishAnnouncement.path,
      { title: '两台服务器', body: '<p>请注意。</p>', audience: { plants: ['NT'] } },
      clerkToken,
    );
    const { id } = published.data as { id: number };
    await expect.poll(() => dialogOn(instances.second, workerToken)).toEqual([...before, id]);

    expect((await callOn(instances.first, routes.withdrawAnnouncement.path, { id }, clerkToken)).result).toBe(true);
    await expect.poll(() => dialogOn(instances.second, workerToken)).toEqual(before);
  });
});
