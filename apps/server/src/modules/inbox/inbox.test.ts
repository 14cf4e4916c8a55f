// 收件箱: a worker's feedback reaches the HR of their plant (and no other), waits flagged when old, and HR's answer
// reaches the worker's 我的反馈 as 已审核 and as a message; refusals in words change nothing.
import { routes } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signedIn = async (employee: { empNo: string }) => t.login(employee.empNo, FACTORY_PASSWORD_HASH);

/** The rows of one worker's feedback (the demo company's workers send some too), in the list's order. */
const rowsOf = (data: unknown, empNo: string) =>
  (data as { empNo: string; description: string; waitedDays: number; isOverdue: boolean }[]).filter(
    (row) => row.empNo === empNo,
  );

const sendFeedback = async (token: string, type: string, description: string) => {
  const answer = await t.call(routes.modifyNotice, { NoticeType: type, NoticeDesc: description }, token);
  expect(answer.body).toMatchObject({ result: true });
};

describe('the feedback inbox', () => {
  it('lists a worker’s feedback to the HR of their plant, and the answer reaches the worker', async () => {
    const worker = await makeEmployee(t.database, { plant: 'GT', name: '王芳' });
    const workerToken = await signedIn(worker);
    const clerk = await signedIn(await makeHrClerk(t.database, { plant: 'GT' }));
    const otherPlant = await signedIn(await makeHrClerk(t.database, { plant: 'HZ' }));
    await sendFeedback(workerToken, 'AppAtt', '三号门的打卡机坏了');

    const listed = await t.call(routes.getFeedbackList, { bu: 'GT', status: 'unanswered' }, clerk);
    expect(rowsOf(listed.body.data, worker.empNo)).toEqual([
      {
        id: expect.any(Number),
        type: 'AppAtt',
        bu: 'GT',
        empNo: worker.empNo,
        empName: '王芳',
        deptName: '总装车间',
        description: '三号门的打卡机坏了',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d/),
        waitedDays: 0,
        isOverdue: false,
        assigneeEmpNo: null,
        assigneeName: null,
        answer: null,
        answeredAt: null,
      },
    ]);
    const id = (rowsOf(listed.body.data, worker.empNo)[0] as unknown as { id: number }).id;

    // Another plant's HR neither sees nor answers it; GT is not theirs to filter by.
    expect(rowsOf((await t.call(routes.getFeedbackList, {}, otherPlant)).body.data, worker.empNo)).toEqual([]);
    expect((await t.call(routes.getFeedbackList, { bu: 'GT' }, otherPlant)).status).toBe(403);
    expect((await t.call(routes.answerFeedback, { id, answer: '已报修' }, otherPlant)).body).toMatchObject({
      result: false,
      msg: '反馈不存在',
    });
    expect((await t.call(routes.answerFeedback, { id, answer: '   ' }, clerk)).body).toMatchObject({
      result: false,
      msg: '请填写答复',
    });

    const answered = await t.call(routes.answerFeedback, { id, answer: '已报修，明天换新机' }, clerk);
    expect(answered.body).toMatchObject({ result: true, msg: '已答复，员工会收到消息' });
    const mine = await t.call(routes.getPersonNotice, {}, workerToken);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id, isVerify: 'Y', messageContent: '已报修，明天换新机' }),
    ]);
    expect((await t.call(routes.getPersonMsg, {}, workerToken)).body.data).toContainEqual(
      expect.objectContaining({ noticeTitle: '您的反馈已答复', noticeBody: '已报修，明天换新机' }),
    );
    const answeredList = await t.call(routes.getFeedbackList, { bu: 'GT', status: 'answered' }, clerk);
    expect(rowsOf(answeredList.body.data, worker.empNo)).toEqual([
      expect.objectContaining({ id, answer: '已报修，明天换新机', answeredAt: expect.any(String) }),
    ]);
    const stillOpen = await t.call(routes.getFeedbackList, { bu: 'GT', status: 'unanswered' }, clerk);
    expect(rowsOf(stillOpen.body.data, worker.empNo)).toEqual([]);
    const { rows: audit } = await t.database.pool.query(
      "select subject_id, after from audit_log where action = 'notice.answer-feedback'",
    );
    expect(audit).toEqual([{ subject_id: String(id), after: { isVerify: 'Y', answer: '已报修，明天换新机' } }]);

    // Answered once: a second answer (another clerk's, a double click) is refused and changes nothing.
    expect((await t.call(routes.answerFeedback, { id, answer: '再答一次' }, clerk)).body).toMatchObject({
      result: false,
      msg: '该反馈已答复，请刷新后查看',
    });
    expect((await t.call(routes.getPersonNotice, {}, workerToken)).body.data).toEqual([
      expect.objectContaining({ messageContent: '已报修，明天换新机' }),
    ]);
  });

  it('puts the longest-waiting first and flags what waited past the configured days', async () => {
    const worker = await makeEmployee(t.database, { plant: 'JY' });
    const token = await signedIn(worker);
    const clerk = await signedIn(await makeHrClerk(t.database, { plant: 'JY' }));
    await sendFeedback(token, 'AppSalary', '加班费少算了');
    await sendFeedback(token, 'AppMeals', '餐费扣了两次');
    await t.database.pool.query(
      "update notices set created_at = now() - interval '4 days' where employee_id = $1 and notice_type = 'AppMeals'",
      [worker.id],
    );
    const listed = await t.call(routes.getFeedbackList, { bu: 'JY' }, clerk);
    expect(
      rowsOf(listed.body.data, worker.empNo).map((row) => [row.description, row.waitedDays, row.isOverdue]),
    ).toEqual([
      ['餐费扣了两次', 4, true],
      ['加班费少算了', 0, false],
    ]);
    const meals = await t.call(routes.getFeedbackList, { bu: 'JY', type: 'AppMeals' }, clerk);
    expect(rowsOf(meals.body.data, worker.empNo).map((row) => row.description)).toEqual(['餐费扣了两次']);
    expect((meals.body.data as { type: string }[]).every((row) => row.type === 'AppMeals')).toBe(true);
  });
});

/** A proposal or a candidate as the public forms leave it, sent `daysAgo` days ago. */
const storeProposal = async (bu: string, title: string, daysAgo = 0) => {
  const {
    rows: [row],
  } = await t.database.pool.query<{ id: number }>(
    `insert into proposals (kind, bu, title, detail, created_at) values ('IMPROVE', $1, $2, '内容', now() - make_interval(days => $3))
     returning id`,
    [bu, title, daysAgo],
  );
  return row?.id as number;
};

type WorkRow = { id: number; waitedDays: number; isOverdue: boolean; assigneeEmpNo: string | null; status: string };
const idsOf = (data: unknown) => (data as WorkRow[]).map((row) => row.id);

describe('assigning and sorting the 收件箱', () => {
  it('assigns an item to a colleague of its plant, who is told and finds it under 分派给我', async () => {
    const clerk = await makeHrClerk(t.database, { plant: 'AQ', name: '李主管' });
    const colleague = await makeHrClerk(t.database, { plant: 'AQ', name: '赵文员' });
    const otherPlantClerk = await makeHrClerk(t.database, { plant: 'BJ' });
    const worker = await makeEmployee(t.database, { plant: 'AQ' });
    const [clerkToken, colleagueToken, otherToken] = await Promise.all(
      [clerk, colleague, otherPlantClerk].map((person) => signedIn(person)),
    );
    const id = await storeProposal('AQ', '工位加装风扇');

    const assignees = await t.call(routes.getInboxAssignees, { bu: 'AQ' }, clerkToken);
    expect(assignees.body.data).toEqual(
      expect.arrayContaining([
        { empNo: clerk.empNo, name: '李主管' },
        { empNo: colleague.empNo, name: '赵文员' },
        { empNo: '900001', name: expect.any(String) }, // a SysAdmin works on every plant
      ]),
    );
    expect(JSON.stringify(assignees.body.data)).not.toContain(otherPlantClerk.empNo);
    expect(JSON.stringify(assignees.body.data)).not.toContain(worker.empNo);
    expect((await t.call(routes.getInboxAssignees, { bu: 'AQ' }, otherToken)).body.msg).toBe('权限不足');

    // Nobody outside the plant's HR takes it, and another plant's HR cannot touch it.
    for (const [assigneeEmpNo, token, msg] of [
      [otherPlantClerk.empNo, clerkToken, '处理人须是该厂区的 HR 管理员，请重新选择'],
      [worker.empNo, clerkToken, '处理人须是该厂区的 HR 管理员，请重新选择'],
      [colleague.empNo, otherToken, '记录不存在，请刷新后重试'],
    ] as const) {
      const refused = await t.call(routes.assignInboxItem, { kind: 'proposal', id, assigneeEmpNo }, token);
      expect(refused.body).toMatchObject({ result: false, msg });
    }
    expect((await t.call(routes.assignInboxItem, { kind: 'memo', id, assigneeEmpNo: '' }, clerkToken)).body.msg).toBe(
      '类型无效',
    );

    const assigned = await t.call(
      routes.assignInboxItem,
      { kind: 'proposal', id, assigneeEmpNo: colleague.empNo },
      clerkToken,
    );
    expect(assigned.body).toMatchObject({ result: true, msg: '已分派' });
    const mine = await t.call(routes.getProposalList, { bu: 'AQ', assignee: 'mine' }, colleagueToken);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id, assigneeEmpNo: colleague.empNo, assigneeName: '赵文员' }),
    ]);
    expect(idsOf((await t.call(routes.getProposalList, { bu: 'AQ', assignee: 'mine' }, clerkToken)).body.data)).toEqual(
      [],
    );
    expect(
      idsOf((await t.call(routes.getProposalList, { bu: 'AQ', assignee: 'unassigned' }, clerkToken)).body.data),
    ).not.toContain(id);
    expect((await t.call(routes.getPersonMsg, {}, colleagueToken)).body.data).toContainEqual(
      expect.objectContaining({
        noticeTitle: '收件箱有一条提案分派给您',
        noticeBody: `提案（编号 ${id}）由 李主管（${clerk.empNo}） 分派给您，请在 HR 控制台的收件箱处理。`,
      }),
    );
    const { rows: audit } = await t.database.pool.query(
      "select actor_emp_no, before, after from audit_log where action = 'inbox.assign' and subject_id = $1",
      [String(id)],
    );
    expect(audit).toEqual([
      { actor_emp_no: clerk.empNo, before: { assignee: null }, after: { assignee: `赵文员（${colleague.empNo}）` } },
    ]);

    // Blank takes it back.
    const back = await t.call(routes.assignInboxItem, { kind: 'proposal', id, assigneeEmpNo: '' }, clerkToken);
    expect(back.body).toMatchObject({ result: true, msg: '已取消分派' });
    expect(
      idsOf((await t.call(routes.getProposalList, { bu: 'AQ', assignee: 'unassigned' }, clerkToken)).body.data),
    ).toContain(id);
  });

  it('assigns feedback and candidates the same way, and only feedback among the notices', async () => {
    const clerk = await makeHrClerk(t.database, { plant: 'LZ' });
    const colleague = await makeHrClerk(t.database, { plant: 'LZ' });
    const worker = await makeEmployee(t.database, { plant: 'LZ' });
    const [clerkToken, workerToken] = await Promise.all([signedIn(clerk), signedIn(worker)]);
    await sendFeedback(workerToken, 'AppZs', '宿舍热水器坏了');
    const [feedback] = rowsOf(
      (await t.call(routes.getFeedbackList, { bu: 'LZ' }, clerkToken)).body.data,
      worker.empNo,
    ) as unknown as WorkRow[];
    const assignFeedback = await t.call(
      routes.assignInboxItem,
      { kind: 'feedback', id: feedback?.id, assigneeEmpNo: colleague.empNo },
      clerkToken,
    );
    expect(assignFeedback.body.result).toBe(true);
    const listed = await t.call(routes.getFeedbackList, { bu: 'LZ', assignee: 'unassigned' }, clerkToken);
    expect(idsOf(listed.body.data)).not.toContain(feedback?.id);
    expect(rowsOf((await t.call(routes.getFeedbackList, { bu: 'LZ' }, clerkToken)).body.data, worker.empNo)).toEqual([
      expect.objectContaining({ id: feedback?.id, assigneeEmpNo: colleague.empNo }),
    ]);
    // A record change request is a notice too, but not an item of the 收件箱.
    const {
      rows: [change],
    } = await t.database.pool.query<{ id: number }>(
      "insert into notices (employee_id, bu, notice_type) values ($1, 'LZ', 'AppBank') returning id",
      [worker.id],
    );
    const notAnItem = await t.call(
      routes.assignInboxItem,
      { kind: 'feedback', id: change?.id, assigneeEmpNo: colleague.empNo },
      clerkToken,
    );
    expect(notAnItem.body.msg).toBe('记录不存在，请刷新后重试');

    const referrer = await makeEmployee(t.database, { plant: 'LZ' });
    const {
      rows: [candidate],
    } = await t.database.pool.query<{ id: number }>(
      `insert into candidates (referrer_id, bu, name, age, position_apply, file_id)
       values ($1, 'LZ', '周一', 30, '焊工', gen_random_uuid()) returning id`,
      [referrer.id],
    );
    const assignCandidate = await t.call(
      routes.assignInboxItem,
      { kind: 'candidate', id: candidate?.id, assigneeEmpNo: colleague.empNo },
      clerkToken,
    );
    expect(assignCandidate.body.result).toBe(true);
    expect((await t.call(routes.getCandidateList, { bu: 'LZ', status: 'REGISTERED' }, clerkToken)).body.data).toEqual([
      expect.objectContaining({ id: candidate?.id, assigneeEmpNo: colleague.empNo, waitedDays: 0 }),
    ]);
    expect((await t.call(routes.getCandidateList, { bu: 'LZ', status: 'HIRED' }, clerkToken)).body.data).toEqual([]);
  });

  it('shows how long each waited, flags the overdue, filters by age and status, the longest-waiting first', async () => {
    const clerk = await signedIn(await makeHrClerk(t.database, { plant: 'BJ' }));
    const fresh = await storeProposal('BJ', '今天的', 0);
    const fiveDays = await storeProposal('BJ', '五天前的', 5);
    const fortyDays = await storeProposal('BJ', '四十天前的', 40);
    const decidedLate = await storeProposal('BJ', '十天后才处理的', 12);
    await t.database.pool.query(
      "update proposals set status = 'REJECTED', decided_at = created_at + interval '10 days' where id = $1",
      [decidedLate],
    );

    const all = (await t.call(routes.getProposalList, { bu: 'BJ' }, clerk)).body.data as WorkRow[];
    expect(all.map((row) => [row.id, row.waitedDays, row.isOverdue])).toEqual([
      [fortyDays, 40, true],
      [fiveDays, 5, true],
      [fresh, 0, false],
      // Handled: its wait ended when HR decided, and it is no longer overdue.
      [decidedLate, 10, false],
    ]);
    // An answer added later, the status as it was, does not restart the wait.
    const answered = await t.call(
      routes.setProposalStatus,
      { id: decidedLate, status: 'REJECTED', answer: '成本过高' },
      clerk,
    );
    expect(answered.body.result).toBe(true);
    const again = (await t.call(routes.getProposalList, { bu: 'BJ', status: 'REJECTED' }, clerk)).body
      .data as WorkRow[];
    expect(again.map((row) => [row.id, row.waitedDays])).toEqual([[decidedLate, 10]]);

    const listOf = async (filter: Record<string, string>) =>
      idsOf((await t.call(routes.getProposalList, { bu: 'BJ', ...filter }, clerk)).body.data);
    expect(await listOf({ age: 'overdue' })).toEqual([fortyDays, fiveDays]);
    expect(await listOf({ age: 'week' })).toEqual([fortyDays, decidedLate]);
    expect(await listOf({ age: 'month' })).toEqual([fortyDays]);
    expect(await listOf({ status: 'REJECTED' })).toEqual([decidedLate]);
    expect(await listOf({ status: 'SUBMITTED', age: 'month' })).toEqual([fortyDays]);
    expect((await t.call(routes.getProposalList, { bu: 'BJ', age: 'year' }, clerk)).body.msg).toBe('等待时长无效');
    expect((await t.call(routes.getProposalList, { bu: 'BJ', status: 'DONE' }, clerk)).body.msg).toBe('状态无效');
  });
});
