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
