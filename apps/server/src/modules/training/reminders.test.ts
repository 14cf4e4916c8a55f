// What tells workers of their training: a material assigned or an exam published messages each worker it reaches
// (the app's 消息, and their WeCom where it is connected, as a reminder they may turn off); and the morning before an
// assignment is due or a paper closes, those who have not finished or submitted are told once.
import { randomBytes } from 'node:crypto';
import { routes } from '@ess/contract';
import type { PaperDetail } from '@ess/contract/training';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk, makeStudyMaterial } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { remindDueTomorrow } from '../materials/service';
import { remindClosingTomorrow } from './service';

let t: TestContext;
let clerk: string;
beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.login((await makeHrClerk(t.database, { plant: 'NT' })).empNo, FACTORY_PASSWORD_HASH);
});
afterAll(() => t.close());

const unique = () => randomBytes(3).toString('hex');
const messagesOf = async (employeeId: number) =>
  (
    await t.database.pool.query<{ title: string; body: string; link: string; category: string }>(
      'select title, body, link, category from messages where employee_id = $1 order by id',
      [employeeId],
    )
  ).rows;
/** 'yyyy-MM-dd 18:00' of tomorrow on Shanghai's calendar. */
const tomorrowEvening = async () =>
  (
    await t.database.pool.query<{ at: string }>(
      "select to_char((now() at time zone 'Asia/Shanghai') + interval '1 day', 'YYYY-MM-DD') || ' 18:00' as at",
    )
  ).rows[0]?.at as string;

describe('training messages', () => {
  it('tells a department of a material assigned to it, and the day before it is due those not finished, once', async () => {
    const dept = `冲压${unique()}`;
    const [a, b] = [await makeEmployee(t.database, { dept }), await makeEmployee(t.database, { dept })];
    const outside = await makeEmployee(t.database, { dept: '焊装车间' });
    const material = await makeStudyMaterial(t.database, [], { name: `安全规程${unique()}`, fileName: 'rules.pdf' });
    await t.database.db.execute(
      sql`update training_materials set bu = 'NT', kind = 'document', state = 'ready' where id = ${material.id}`,
    );
    const due = await tomorrowEvening();
    const assigned = await t.call(
      routes.assignMaterial,
      {
        materialId: material.id,
        trainTheme: '冲压岗位安全',
        audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
        dueAt: due,
        isRequired: true,
      },
      clerk,
    );
    expect(assigned.body.result).toBe(true);
    expect(await messagesOf(a.id)).toEqual([
      {
        title: '新的学习任务：冲压岗位安全',
        body: `${material.name}（必修），请在 ${due} 前完成。`,
        link: '/train/learn-list',
        category: 'training',
      },
    ]);
    expect(await messagesOf(outside.id)).toEqual([]);

    // B has studied it; A has not.
    const token = await t.login(b.empNo, FACTORY_PASSWORD_HASH);
    const items = (await t.call(routes.getTrainNotify, {}, token)).body.data as { id: number; materialId: number }[];
    const item = items.find((row) => row.materialId === material.id);
    await t.call(
      routes.modifyTrainStudyDetail,
      {
        modify: JSON.stringify({
          StudyId: item?.id,
          MaterialId: material.id,
          StudyStartDate: '2026-11-28 09:00:00',
          StudyEndDate: '2026-11-28 09:01:00',
        }),
      },
      token,
    );
    expect(await remindDueTomorrow(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await messagesOf(a.id)).map((message) => message.title)).toEqual([
      '新的学习任务：冲压岗位安全',
      '学习任务明天截止：冲压岗位安全',
    ]);
    expect((await messagesOf(b.id)).map((message) => message.title)).toEqual(['新的学习任务：冲压岗位安全']);
    // Once: the next morning's run finds it told.
    await remindDueTomorrow(t.database.db);
    expect(await messagesOf(a.id)).toHaveLength(2);
  });

  it('tells the audience of an exam published, and the day before it closes those who have not submitted', async () => {
    const dept = `质检${unique()}`;
    const [taker, late] = [await makeEmployee(t.database, { dept }), await makeEmployee(t.database, { dept })];
    const category = await t.call(routes.saveQuestionCategory, { bu: 'NT', name: `提醒${unique()}` }, clerk);
    const question = await t.call(
      routes.saveBankQuestion,
      {
        categoryId: (category.body.data as { id: number }).id,
        subjectType: 'ST03',
        subject: '进入车间须戴安全帽。',
        judge: 'Y',
        score: 100,
      },
      clerk,
    );
    const closes = await tomorrowEvening();
    const published = await t.call(
      routes.publishPaper,
      {
        examType: 'EXAM',
        title: `安全考试${unique()}`,
        audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
        opensAt: '2020-01-01 08:00',
        closesAt: closes,
        questions: [{ bankQuestionId: (question.body.data as { id: number }).id, score: 100 }],
      },
      clerk,
    );
    const paperId = (published.body.data as { id: number }).id;
    expect(await messagesOf(late.id)).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/^新的考试：安全考试/),
        body: `2020-01-01 08:00 至 ${closes}，请在截止前完成。`,
        link: `/paper/paper-detail?Id=${paperId}`,
        category: 'training',
      }),
    ]);
    const token = await t.login(taker.empNo, FACTORY_PASSWORD_HASH);
    const attempt = (await t.call(routes.startPaperAttempt, { id: paperId, type: 'EXAM' }, token)).body
      .data as PaperDetail;
    const answer = Object.fromEntries(attempt.questions.map((shown) => [shown.id, 'Y']));
    const sent = await t.call(
      routes.modifyEmployeeExam,
      { modify: { paperId, examType: 'EXAM', answer: JSON.stringify(answer) } },
      token,
    );
    expect(sent.body.result).toBe(true);
    await remindClosingTomorrow(t.database.db);
    expect((await messagesOf(late.id)).map((message) => message.title)).toEqual([
      expect.stringMatching(/^新的考试：/),
      expect.stringMatching(/^考试明天截止：/),
    ]);
    expect(await messagesOf(taker.id)).toHaveLength(1);
    await remindClosingTomorrow(t.database.db);
    expect(await messagesOf(late.id)).toHaveLength(2);
  });
});
