// Exams HR publishes from the bank: a worker of the audience starts an attempt the server keeps (the questions drawn
// for it, its deadline, its saved answers); a refresh or another phone resumes the same attempt; a save arriving late
// never overwrites a newer one; at the deadline the server submits what was saved; the attempts allowed and the
// cool-down hold when many phones start at once; nobody outside the audience sees or starts the exam; and no answer
// to the app carries a key until the exam has closed and shows its answers.
import { randomBytes } from 'node:crypto';
import { routes } from '@ess/contract';
import type { PersonAttempts, ResultPerson } from '@ess/contract/paper-authoring';
import type { PaperDetail, PersonExam } from '@ess/contract/training';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { finishDueAttempts } from './attempts';

let t: TestContext;
let clerk: string;
let categoryId: number;
/** The bank's category of 12 single-choice questions, each with its right answer '对的'. */
const POOL = 12;
beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.login((await makeHrClerk(t.database, { plant: 'NT' })).empNo, FACTORY_PASSWORD_HASH);
  const made = await t.call(routes.saveQuestionCategory, { bu: 'NT', name: `抽题${unique()}` }, clerk);
  categoryId = (made.body.data as { id: number }).id;
  for (let index = 1; index <= POOL; index++) {
    const saved = await t.call(
      routes.saveBankQuestion,
      {
        categoryId,
        subjectType: 'ST01',
        subject: `第 ${index} 题：哪个是对的？`,
        options: [{ content: '错的' }, { content: '对的', isCorrect: true }, { content: '也错' }],
        score: 5,
        explanation: `第 ${index} 题的解析`,
      },
      clerk,
    );
    expect(saved.body.result).toBe(true);
  }
});
afterAll(() => t.close());

const unique = () => randomBytes(3).toString('hex');

const worker = async (dept = '总装车间') => {
  const employee = await makeEmployee(t.database, { plant: 'NT', dept });
  return { ...employee, token: await t.login(employee.empNo, FACTORY_PASSWORD_HASH) };
};

const publish = async (draft: Record<string, unknown>) => {
  const answer = await t.call(
    routes.publishPaper,
    {
      examType: 'EXAM',
      title: `安全考试${unique()}`,
      audience: { plants: ['NT'] },
      opensAt: '2020-01-01 08:00',
      closesAt: '2099-01-01 08:00',
      draws: [{ categoryId, count: 5, score: 20 }],
      ...draft,
    },
    clerk,
  );
  expect(answer.body).toMatchObject({ result: true, msg: '考试已发布' });
  return (answer.body.data as { id: number }).id;
};

const start = async (token: string, id: number) =>
  (await t.call(routes.startPaperAttempt, { id, type: 'EXAM' }, token)).body as {
    result: boolean;
    msg: string;
    data: PaperDetail;
  };
const detailOf = async (token: string, id: number) =>
  (await t.call(routes.getTrainTestWithDetail, { id }, token)).body.data as PaperDetail;
const submit = (token: string, paperId: number, answer: Record<string, string>) =>
  t.call(routes.modifyEmployeeExam, { modify: { paperId, examType: 'EXAM', answer: JSON.stringify(answer) } }, token);
/** Right answers to every question shown, but the first `wrong` ones. */
const answersTo = (detail: PaperDetail, wrong = 0) =>
  Object.fromEntries(detail.questions.map((question, index) => [question.id, index < wrong ? '错的' : '对的']));

describe('attempts the server keeps', () => {
  it('draws each worker’s own questions, and gives a refresh and a second phone the same attempt', async () => {
    const paperId = await publish({ shuffleOptions: true });
    const a = await worker();
    const b = await worker();
    const first = await start(a.token, paperId);
    expect(first.result).toBe(true);
    expect(first.data.questions).toHaveLength(5);
    expect(first.data.attempt).toMatchObject({ attemptNo: 1, saveSeq: 0, answer: '{}' });
    expect(first.data.rules).toMatchObject({ maxAttempts: 1, attemptsUsed: 0, questionCount: 5 });

    // Saved as the worker goes; the refresh (the detail call) and another phone (its own sign-in) find it whole.
    const partial = { [String(first.data.questions[0]?.id)]: '对的' };
    const saved = await t.call(
      routes.savePaperAnswers,
      { paperId, attemptId: first.data.attempt?.id, seq: 1, answer: JSON.stringify(partial) },
      a.token,
    );
    expect(saved.body).toMatchObject({ result: true, data: { savedAt: expect.any(String) } });
    const otherPhone = await t.login(a.empNo, FACTORY_PASSWORD_HASH);
    for (const again of [await detailOf(a.token, paperId), (await start(otherPhone, paperId)).data]) {
      expect(again.attempt?.id).toBe(first.data.attempt?.id);
      expect(again.questions).toEqual(first.data.questions);
      expect(JSON.parse(again.attempt?.answer ?? '{}')).toEqual(partial);
    }

    // Another worker's draw is their own: over a few workers, not all the same five in the same order.
    const draws = [first.data.questions.map((question) => question.id).join()];
    for (let index = 0; index < 4; index++) {
      const other = index === 0 ? b : await worker();
      draws.push((await start(other.token, paperId)).data.questions.map((question) => question.id).join());
    }
    expect(new Set(draws).size).toBeGreaterThan(1);
    const { rows } = await t.database.pool.query('select count(*)::int as n from paper_attempts where paper_id = $1', [
      paperId,
    ]);
    expect(rows[0].n).toBe(5);
  });

  it('keeps the newer of two saves that arrive out of order', async () => {
    const paperId = await publish({});
    const a = await worker();
    const { data } = await start(a.token, paperId);
    const [q1, q2] = data.questions.map((question) => String(question.id));
    const save = (seq: number, answer: Record<string, string>) =>
      t.call(
        routes.savePaperAnswers,
        { paperId, attemptId: data.attempt?.id, seq, answer: JSON.stringify(answer) },
        a.token,
      );
    expect((await save(2, { [q1 as string]: '对的', [q2 as string]: '错的' })).body.result).toBe(true);
    expect((await save(1, { [q1 as string]: '也错' })).body.result).toBe(true);
    expect(JSON.parse((await detailOf(a.token, paperId)).attempt?.answer ?? '{}')).toEqual({
      [q1 as string]: '对的',
      [q2 as string]: '错的',
    });
  });

  it('is submitted by the server at its deadline with what was saved', async () => {
    const paperId = await publish({ timeLimitMinutes: 30, passScore: 60 });
    const a = await worker();
    const { data } = await start(a.token, paperId);
    expect(data.attempt?.secondsLeft).toBeGreaterThan(29 * 60);
    const saved = answersTo(data, 2);
    await t.call(
      routes.savePaperAnswers,
      { paperId, attemptId: data.attempt?.id, seq: 1, answer: JSON.stringify(saved) },
      a.token,
    );
    // Half an hour later (the attempt's deadline moved into the past), the job's run submits it.
    await t.database.pool.query("update paper_attempts set deadline_at = now() - interval '1 minute' where id = $1", [
      data.attempt?.id,
    ]);
    expect(await finishDueAttempts(t.database.db)).toBeGreaterThanOrEqual(1);
    const result = (await t.call(routes.getPersonExam, { id: paperId, type: 'EXAM' }, a.token)).body.data as PersonExam;
    expect(result).toMatchObject({ score: 60, maxScore: 100, passScore: 60, isPassed: true, attemptNo: 1 });
    expect(JSON.parse(result.answer)).toEqual(saved);
    const { rows } = await t.database.pool.query(
      'select finished_by, submitted_at is not null as done from paper_attempts where id = $1',
      [data.attempt?.id],
    );
    expect(rows[0]).toEqual({ finished_by: 'deadline', done: true });
    // The phone's late save and submit are answered plainly, changing nothing.
    expect(
      (await t.call(routes.savePaperAnswers, { paperId, attemptId: data.attempt?.id, seq: 2, answer: '{}' }, a.token))
        .body,
    ).toMatchObject({ result: false, msg: '本次作答已结束，系统已按保存的答案交卷' });
    expect((await submit(a.token, paperId, answersTo(data))).body.result).toBe(false);
    expect((await start(a.token, paperId)).msg).toBe('您已提交过试卷，不能重复提交');
  });

  it('allows the attempts set, each after the cool-down, however many phones start at once', async () => {
    const paperId = await publish({ maxAttempts: 2, cooldownMinutes: 10 });
    const a = await worker();
    const phones = await Promise.all(Array.from({ length: 6 }, () => t.login(a.empNo, FACTORY_PASSWORD_HASH)));
    const started = await Promise.all(phones.map((token) => start(token, paperId)));
    expect(new Set(started.map((answer) => answer.data.attempt?.id)).size).toBe(1);
    const data = started[0]?.data as PaperDetail;
    expect((await submit(a.token, paperId, answersTo(data, 1))).body).toMatchObject({
      result: true,
      data: { score: 80, attemptNo: 1 },
    });
    const cooling = await start(a.token, paperId);
    expect(cooling).toMatchObject({
      result: false,
      msg: expect.stringMatching(/^请于 \d{4}-\d\d-\d\d \d\d:\d\d 后再次参加考试$/),
    });
    expect((await detailOf(a.token, paperId)).rules).toMatchObject({ attemptsUsed: 1, startRefusal: cooling.msg });

    // Ten minutes later: the second attempt, again one for all the phones.
    await t.database.pool.query(
      "update paper_answers set submitted_at = now() - interval '11 minutes' where paper_id = $1 and employee_id = $2",
      [paperId, a.id],
    );
    const second = await Promise.all(phones.map((token) => start(token, paperId)));
    expect(new Set(second.map((answer) => answer.data.attempt?.id)).size).toBe(1);
    expect(second[0]?.data.attempt?.attemptNo).toBe(2);
    expect((await submit(a.token, paperId, answersTo(second[0]?.data as PaperDetail))).body.data).toMatchObject({
      score: 100,
      attemptNo: 2,
    });
    await t.database.pool.query(
      "update paper_answers set submitted_at = now() - interval '11 minutes' where paper_id = $1 and employee_id = $2",
      [paperId, a.id],
    );
    expect(await start(a.token, paperId)).toMatchObject({ result: false, msg: '已达到作答次数上限（2 次）' });
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from paper_attempts where paper_id = $1 and employee_id = $2',
      [paperId, a.id],
    );
    expect(rows[0].n).toBe(2);
  });
});

describe('who sees a published exam', () => {
  it('is its audience alone: another department neither lists, opens, starts nor submits it', async () => {
    const dept = `冲压${unique()}`;
    const paperId = await publish({ audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] } });
    const inside = await worker(dept);
    const outside = await worker('焊装车间');
    const listed = async (token: string) =>
      ((await t.call(routes.getTrainTest, {}, token)).body.data as { id: number }[]).map((row) => row.id);
    expect(await listed(inside.token)).toContain(paperId);
    expect(await listed(outside.token)).not.toContain(paperId);
    for (const refused of [
      (await t.call(routes.getTrainTestWithDetail, { id: paperId }, outside.token)).body,
      await start(outside.token, paperId),
      (await t.call(routes.getPersonExam, { id: paperId, type: 'EXAM' }, outside.token)).body,
    ]) {
      expect(refused).toMatchObject({ result: false, msg: '试卷不存在或未分配给您' });
    }
    const { data } = await start(inside.token, paperId);
    expect((await submit(outside.token, paperId, answersTo(data))).body.result).toBe(false);
    const saved = await t.call(
      routes.savePaperAnswers,
      { paperId, attemptId: data.attempt?.id, seq: 1, answer: '{}' },
      outside.token,
    );
    expect(saved.body).toMatchObject({ result: false, msg: '没有进行中的作答，请重新进入' });
    // A withdrawn exam is gone for its audience too.
    await t.call(routes.withdrawPaper, { id: paperId }, clerk);
    expect(await listed(inside.token)).not.toContain(paperId);
  });

  it('cannot be started before it opens or after it closes', async () => {
    const later = await publish({ opensAt: '2098-01-01 08:00', closesAt: '2099-01-01 08:00' });
    const a = await worker();
    // Not yet opened: not in sight at all.
    expect(await start(a.token, later)).toMatchObject({ result: false, msg: '试卷不存在或未分配给您' });
    const closed = await publish({ opensAt: '2020-01-01 08:00', closesAt: '2020-02-01 08:00' });
    expect(await start(a.token, closed)).toMatchObject({ result: false, msg: '试卷已截止' });
  });
});

describe('keys', () => {
  it('never reach the app while the exam is open, and reach it after close where the exam shows answers', async () => {
    const paperId = await publish({ reviewMode: 'answers-after-close', draws: [], ...(await fixedQuestions()) });
    const a = await worker();
    const bodies: string[] = [];
    const { data } = await start(a.token, paperId);
    bodies.push(JSON.stringify(data), JSON.stringify(await detailOf(a.token, paperId)));
    const submitted = await submit(a.token, paperId, answersTo(data, 1));
    bodies.push(JSON.stringify(submitted.body));
    bodies.push(JSON.stringify((await t.call(routes.getPersonExam, { id: paperId, type: 'EXAM' }, a.token)).body));
    bodies.push(JSON.stringify((await t.call(routes.getTrainTest, {}, a.token)).body));
    for (const body of bodies) {
      expect(body).not.toMatch(/optionIds|answerKey|answer_key|isCorrect|解析|"judge"|"blanks"/);
    }
    expect(submitted.body.data).toMatchObject({ score: 75, results: {}, review: {} });

    // Closed: the answers and the explanations are the worker's to read.
    await t.database.pool.query("update papers set closes_at = now() - interval '1 minute' where id = $1", [paperId]);
    const after = (await t.call(routes.getPersonExam, { id: paperId, type: 'EXAM' }, a.token)).body.data as PersonExam;
    const [wrong] = data.questions;
    expect(after.results[String(wrong?.id)]).toEqual({ earned: 0, isCorrect: false });
    expect(after.review[String(wrong?.id)]).toEqual({ key: '对的', explanation: expect.stringMatching(/的解析$/) });
  });
});

/** Four fixed questions of the bank, 25 marks each. */
const fixedQuestions = async () => {
  const rows = (await t.call(routes.getBankQuestions, { categoryId, PageSize: 4 }, clerk)).body.data as {
    id: number;
  }[];
  return { questions: rows.map((row) => ({ bankQuestionId: row.id, score: 25 })) };
};

describe('results', () => {
  it('count each worker once by their best attempt, exactly, per question and per department', async () => {
    const dept = `质检${unique()}`;
    const paperId = await publish({
      audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
      draws: [],
      ...(await fixedQuestions()),
      passScore: 60,
      maxAttempts: 2,
    });
    const people = await Promise.all(Array.from({ length: 6 }, () => worker(dept)));
    const [w1, w2, w3, w4, w5] = people as [
      Awaited<ReturnType<typeof worker>>,
      ...Awaited<ReturnType<typeof worker>>[],
    ];
    const take = async (who: typeof w1, wrong: number) => {
      const { data } = await start(who.token, paperId);
      const answer = await submit(who.token, paperId, answersTo(data, wrong));
      expect(answer.body.result).toBe(true);
      return data;
    };
    const order = (await take(w1, 0)).questions.map((question) => question.id);
    await take(w2 as typeof w1, 1);
    await take(w3 as typeof w1, 2);
    await take(w4 as typeof w1, 3);
    await t.database.pool.query(
      "update paper_answers set submitted_at = now() - interval '1 hour' where paper_id = $1 and employee_id = $2",
      [paperId, w4?.id],
    );
    await take(w4 as typeof w1, 0);
    await start((w5 as typeof w1).token, paperId);

    const results = (await t.call(routes.getPaperResults, { id: paperId }, clerk)).body.data as Record<
      string,
      unknown
    > & {
      questions: {
        id: number;
        answeredCount: number;
        rightCount: number;
        options: { content: string; count: number }[];
      }[];
      distribution: { from: number; to: number; count: number }[];
    };
    expect(results).toMatchObject({
      fullMarks: 100,
      passScore: 60,
      audienceCount: 6,
      startedCount: 5,
      submittedCount: 4,
      passedCount: 3,
      meanScore: 81.25,
      medianScore: 87.5,
      departments: [{ bu: 'NT', deptName: dept, audienceCount: 6, submittedCount: 4, passedCount: 3 }],
    });
    expect(results.distribution.filter((band) => band.count > 0)).toEqual([
      { from: 50, to: 60, count: 1 },
      { from: 70, to: 80, count: 1 },
      { from: 90, to: 100, count: 2 },
    ]);
    // The paper's first question: wrong for w2 and w3; w4's best attempt had it right.
    const first = results.questions.find((question) => question.id === order[0]);
    expect(first).toMatchObject({ answeredCount: 4, rightCount: 2 });
    expect(first?.options.map((option) => [option.content, option.count])).toEqual([
      ['错的', 2],
      ['对的', 2],
      ['也错', 0],
    ]);
    const third = results.questions.find((question) => question.id === order[2]);
    expect(third).toMatchObject({ answeredCount: 4, rightCount: 4 });

    const exported = (await t.call(routes.exportPaperResults, { id: paperId }, clerk)).body.data as {
      contentBase64: string;
    };
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(Buffer.from(exported.contentBase64, 'base64'));
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets.人员成绩 as never, { header: 1, raw: false });
    expect(sheet).toHaveLength(5);
    expect(sheet.find((row) => row[0] === w4?.empNo)?.slice(4)).toEqual(['2', '100', '及格', expect.any(String)]);

    // Per employee: everyone of the audience with where they stand; w2, moved out since, still listed by answering.
    await t.database.pool.query("update employees set dept_name = '仓储部' where id = $1", [w2?.id]);
    const listOf = async (filter: Record<string, unknown> = {}) => {
      const answer = await t.call(routes.getPaperResultPeople, { id: paperId, ...filter }, clerk);
      return { rows: answer.body.data as ResultPerson[], totalCount: answer.body.totalCount };
    };
    const everyone = await listOf();
    expect(everyone.totalCount).toBe(6);
    const standingOf = new Map(everyone.rows.map((row) => [row.empNo, row]));
    expect(standingOf.get(w1.empNo)).toMatchObject({ standing: 'passed', attemptCount: 1, bestScore: 100 });
    expect(standingOf.get(w2?.empNo as string)).toMatchObject({
      standing: 'passed',
      deptName: '仓储部',
      bestScore: 75,
    });
    expect(standingOf.get(w3?.empNo as string)).toMatchObject({ standing: 'failed', bestScore: 50 });
    expect(standingOf.get(w4?.empNo as string)).toMatchObject({ standing: 'passed', attemptCount: 2, bestScore: 100 });
    expect(standingOf.get(w5?.empNo as string)).toMatchObject({
      standing: 'in-progress',
      attemptCount: 0,
      bestScore: null,
      lastSubmittedAt: '',
    });
    expect(standingOf.get(people[5]?.empNo as string)).toMatchObject({ standing: 'not-started' });
    expect((await listOf({ standing: 'failed' })).rows.map((row) => row.empNo)).toEqual([w3?.empNo]);
    expect((await listOf({ standing: 'submitted' })).totalCount).toBe(4);
    expect((await listOf({ keyword: w4?.empNo })).rows.map((row) => row.employeeId)).toEqual([w4?.id]);

    // One worker's attempts, each answer beside the key: w4's first had the first three wrong.
    const attemptsOf = async (employeeId: number) =>
      (await t.call(routes.getPaperPersonAttempts, { id: paperId, employeeId }, clerk)).body;
    const w4Attempts = (await attemptsOf(w4?.id as number)).data as PersonAttempts;
    expect(w4Attempts).toMatchObject({ empNo: w4?.empNo, bu: 'NT', deptName: dept });
    expect(w4Attempts.attempts.map((attempt) => [attempt.attemptNo, attempt.score, attempt.isPassed])).toEqual([
      [1, 25, false],
      [2, 100, true],
    ]);
    const [firstQuestion] = w4Attempts.attempts[0]?.questions ?? [];
    expect(w4Attempts.attempts[0]?.questions.map((question) => question.id)).toEqual(order);
    expect(firstQuestion).toMatchObject({ given: '错的', key: '对的', marks: 25, earned: 0, isCorrect: false });
    expect(firstQuestion?.options.map((option) => [option.content, option.isChosen, option.isCorrect])).toEqual([
      ['错的', true, false],
      ['对的', false, true],
      ['也错', false, false],
    ]);
    expect(w4Attempts.attempts[1]?.questions[0]).toMatchObject({ given: '对的', earned: 25, isCorrect: true });
    // An attempt still open: what it saved, unscored.
    const open = (await attemptsOf(w5?.id as number)).data as PersonAttempts;
    expect(open.attempts).toEqual([
      expect.objectContaining({ attemptNo: 1, submittedAt: '', score: null, isPassed: null }),
    ]);
    expect(open.attempts[0]?.questions[0]).toMatchObject({ given: '', earned: null, isCorrect: null });
    expect(await attemptsOf(people[5]?.id as number)).toMatchObject({
      result: false,
      msg: '该员工没有作答过这份试卷',
    });
    // Another plant's HR sees neither.
    const elsewhere = await t.login((await makeHrClerk(t.database, { plant: 'HZ' })).empNo, FACTORY_PASSWORD_HASH);
    for (const call of [
      t.call(routes.getPaperResultPeople, { id: paperId }, elsewhere),
      t.call(routes.getPaperPersonAttempts, { id: paperId, employeeId: w4?.id }, elsewhere),
    ]) {
      expect((await call).body).toMatchObject({ result: false, msg: '试卷不存在' });
    }
  });

  it('lists who took an anonymous survey, never what they answered', async () => {
    const dept = `匿名${unique()}`;
    const [bank] = (await t.call(routes.getBankQuestions, { categoryId, PageSize: 1 }, clerk)).body.data as {
      id: number;
    }[];
    const answer = await t.call(
      routes.publishPaper,
      {
        examType: 'DEMAND',
        title: `食堂满意度${unique()}`,
        audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
        opensAt: '2020-01-01 08:00',
        closesAt: '2099-01-01 08:00',
        questions: [{ bankQuestionId: bank?.id, score: 0 }],
        isAnonymous: true,
      },
      clerk,
    );
    expect(answer.body).toMatchObject({ result: true, msg: '问卷已发布' });
    const paperId = (answer.body.data as { id: number }).id;
    const [taker, other] = [await worker(dept), await worker(dept)];
    const survey = (await t.call(routes.startPaperAttempt, { id: paperId, type: 'DEMAND' }, taker.token)).body
      .data as PaperDetail;
    const sent = await t.call(
      routes.modifyEmployeeExam,
      { modify: { paperId, examType: 'DEMAND', answer: JSON.stringify(answersTo(survey)) } },
      taker.token,
    );
    expect(sent.body.result).toBe(true);
    const listed = (await t.call(routes.getPaperResultPeople, { id: paperId }, clerk)).body.data as ResultPerson[];
    expect(listed.map((row) => [row.empNo, row.standing, row.bestScore])).toEqual(
      expect.arrayContaining([
        [taker.empNo, 'submitted', null],
        [other.empNo, 'not-started', null],
      ]),
    );
    expect(
      (await t.call(routes.getPaperPersonAttempts, { id: paperId, employeeId: taker.id }, clerk)).body,
    ).toMatchObject({ result: false, msg: '匿名问卷不显示个人的答卷' });
  });
});
