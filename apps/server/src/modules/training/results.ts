// The results of a published paper for HR: who of the audience started, submitted and passed, the mean, the median and
// the spread of the scores, per question the share right and how the answers spread over its options (so a trainer
// sees which question was misunderstood), what was written, and per department; and the sheet of it. Each worker
// counts once, by their best attempt. An anonymous survey's answers are only ever counted, never listed by person.
import type {
  AnsweredQuestion,
  PaperResults,
  PersonAttempts,
  QuestionResult,
  ResultPerson,
  ResultStanding,
} from '@ess/contract/paper-authoring';
import type { ExamType } from '@ess/contract/training';
import { and, eq, sql } from 'drizzle-orm';
import { audienceIncludes, managedByCaller } from '../../core/audience';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { likeText } from '../../db/like';
import { employees, papers, type StoredAnswers } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { MAX_EXPORT_PEOPLE, textSheet, workbookBase64 } from '../../lib/text-workbook';
import { engineQuestionOf, fullMarksOf, loadQuestions, type PaperQuestionOf } from './papers';

const findManaged = async (db: Db, caller: Caller, id: number) => {
  requirePlantAdmin(caller);
  const [paper] = await db
    .select({
      id: papers.id,
      examType: papers.examType,
      title: papers.title,
      passScore: papers.passScore,
      isAnonymous: papers.isAnonymous,
      draws: papers.draws,
      fullMarks: fullMarksOf,
    })
    .from(papers)
    .where(and(eq(papers.id, id), eq(papers.isAuthored, true), managedByCaller(caller, papers.plants)));
  if (!paper) throw new BusinessError('PAPER_ADMIN_NOT_FOUND');
  return paper;
};

/** What the figures count, per question: filled in one pass over the answers. */
type Tally = {
  /** Answers that had it (a scored question: every attempt that drew it, answered or blank). */
  seen: number;
  right: number;
  options: Map<number, number>;
  judge: { Y: number; N: number };
  texts: string[];
};

/** The median as PostgreSQL's percentile_cont(0.5): the middle one, or the mean of the two middle ones. */
const medianOf = (sorted: readonly number[]) => {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Most texts a question lists (the latest). */
const TEXTS_SHOWN = 50;

/**
 * The audience today per plant and department (one plant's when `bu` is given), beside who of it submitted and
 * passed, each worker by their best attempt: the results' departments and the dashboard's latest exam.
 */
export const departmentFigures = async (
  db: Db,
  { id, passScore, bu }: { id: number; passScore: number | null; bu?: string },
): Promise<PaperResults['departments']> => {
  const { rows } = await db.execute(sql`
      with best as (
        select distinct on (a.employee_id) a.employee_id, a.score from paper_answers a where a.paper_id = ${id}
        order by a.employee_id, a.score desc nulls last, a.attempt_no desc
      )
      select ${employees.bu} as bu, ${employees.deptName} as "deptName", count(*)::int as "audienceCount",
             count(b.employee_id)::int as "submittedCount",
             count(b.employee_id) filter (where ${passScore}::numeric is not null and b.score >= ${passScore}::numeric)::int
               as "passedCount"
      from ${papers} join ${employees} on ${employees.leftOn} is null and ${audienceIncludes(papers)}
      left join best b on b.employee_id = ${employees.id}
      where ${papers.id} = ${id} ${bu ? sql`and ${employees.bu} = ${bu}` : sql``}
      group by ${employees.bu}, ${employees.deptName} order by ${employees.bu}, ${employees.deptName}`);
  return rows as PaperResults['departments'];
};

export const paperResults = async (db: Db, caller: Caller, id: number): Promise<PaperResults> => {
  const paper = await findManaged(db, caller, id);
  const isExam = paper.examType === 'EXAM';
  const pass = paper.passScore;
  const full = paper.fullMarks;
  // Each worker's best answer (the highest score, then the latest attempt), chosen on the narrow rows first and
  // read the latest first; everything is counted from these in one pass here, which beats unfolding 20,000 answers
  // of 20 questions in SQL several times over (docs/performance.md).
  const bestQuery = db.$client.query<{
    score: number | null;
    answers: StoredAnswers;
    results: Record<string, { earned: number; isCorrect: boolean }>;
  }>({
    name: 'paper_results_best',
    text: `with ids as (
             select distinct on (employee_id) id from paper_answers where paper_id = $1
             order by employee_id, score desc nulls last, attempt_no desc)
           select a.score::float8 as score, a.answers, a.results
           from paper_answers a join ids using (id) order by a.submitted_at desc`,
    values: [id],
  });
  const startedQuery = db.execute(
    sql`select count(distinct employee_id)::int as started from paper_attempts where paper_id = ${id}`,
  );
  const departmentsQuery = departmentFigures(db, { id, passScore: pass });
  // The three on connections of their own at once: the answer waits for the slowest, not for all of them in turn.
  const [{ rows: best }, startedRows, departments] = await Promise.all([bestQuery, startedQuery, departmentsQuery]);
  const [{ started = 0 } = {}] = startedRows.rows as { started: number }[];

  const tallies = new Map<string, Tally>();
  const tallyOf = (key: string) => {
    let tally = tallies.get(key);
    if (!tally) {
      tally = { seen: 0, right: 0, options: new Map(), judge: { Y: 0, N: 0 }, texts: [] };
      tallies.set(key, tally);
    }
    return tally;
  };
  const scores: number[] = [];
  const bands = Array.from({ length: 10 }, () => 0);
  let passed = 0;
  for (const answer of best) {
    if (answer.score !== null) {
      scores.push(answer.score);
      if (full > 0) {
        const band = Math.min(9, Math.floor((answer.score / full) * 10));
        bands[band] = (bands[band] ?? 0) + 1;
      }
      if (pass !== null && answer.score >= pass) passed++;
    }
    for (const key of Object.keys(answer.results)) {
      const tally = tallyOf(key);
      tally.seen++;
      if (answer.results[key]?.isCorrect) tally.right++;
    }
    for (const [key, given] of Object.entries(answer.answers)) {
      const tally = tallyOf(key);
      if (!(key in answer.results)) tally.seen++;
      for (const optionId of given.optionIds ?? []) tally.options.set(optionId, (tally.options.get(optionId) ?? 0) + 1);
      const first = given.texts?.[0];
      if (first === 'Y' || first === 'N') tally.judge[first]++;
      else if (tally.texts.length < TEXTS_SHOWN) {
        const text = [...(given.texts ?? []), ...Object.values(given.fills ?? {})].filter(Boolean).join('；');
        if (text !== '') tally.texts.push(text);
      }
    }
  }
  scores.sort((a, b) => a - b);
  const mean =
    scores.length === 0
      ? null
      : Math.round((scores.reduce((sum, value) => sum + value, 0) / scores.length) * 100) / 100;

  const categoryName = new Map((paper.draws ?? []).map((draw) => [draw.categoryId, draw.categoryName]));
  const questions: QuestionResult[] = (await loadQuestions(db, id)).map((row, index) => {
    const question = engineQuestionOf(row);
    const tally = tallies.get(String(question.id));
    const right = new Set(question.key?.optionIds ?? []);
    return {
      id: question.id,
      sort: index + 1,
      subject: question.subject,
      subjectType: question.subjectType,
      categoryName: question.poolCategoryId === null ? '' : (categoryName.get(question.poolCategoryId) ?? ''),
      answeredCount: tally?.seen ?? 0,
      rightCount: isExam && question.key ? (tally?.right ?? 0) : null,
      options: question.options.map((option) => ({
        id: option.id,
        content: option.content,
        isCorrect: right.has(option.id),
        count: tally?.options.get(option.id) ?? 0,
      })),
      judgeCounts: question.subjectType === 'ST03' ? { ...(tally?.judge ?? { Y: 0, N: 0 }) } : null,
      texts: tally?.texts ?? [],
    };
  });

  return {
    examType: paper.examType as ExamType,
    title: paper.title,
    fullMarks: full,
    passScore: paper.passScore,
    isAnonymous: paper.isAnonymous,
    audienceCount: departments.reduce((sum, row) => sum + row.audienceCount, 0),
    startedCount: started,
    submittedCount: best.length,
    passedCount: passed,
    meanScore: isExam ? mean : null,
    medianScore: isExam ? medianOf(scores) : null,
    distribution: isExam
      ? Array.from({ length: 10 }, (_, band) => ({
          from: Math.round(((full * band) / 10) * 100) / 100,
          to: Math.round(((full * (band + 1)) / 10) * 100) / 100,
          count: bands[band] ?? 0,
        }))
      : [],
    questions,
    departments,
  };
};

type PersonRow = ResultPerson & { total: number };

/**
 * The audience today and anyone who started or answered (someone since moved out included), with where each stands;
 * filtered by plant, number or name, and standing. An anonymous survey lists who took part, never what they answered.
 */
export const paperResultPeople = async (
  db: Db,
  caller: Caller,
  filter: { id: number; bu?: string; keyword?: string; standing?: ResultStanding; page: number; pageSize: number },
): Promise<{ rows: ResultPerson[]; totalCount: number }> => {
  const paper = await findManaged(db, caller, filter.id);
  const id = filter.id;
  const pass = paper.examType === 'EXAM' ? paper.passScore : null;
  const isExam = paper.examType === 'EXAM';
  const keyword = filter.keyword ? `%${likeText(filter.keyword)}%` : undefined;
  const rows = (
    await db.execute(sql`
      with submitted as (
        select employee_id, count(*)::int as attempts, max(score)::float8 as best, max(submitted_at) as last
        from paper_answers where paper_id = ${id} group by employee_id
      ), people as (
        select ${employees.id} as id from ${papers}
        join ${employees} on ${employees.leftOn} is null and ${audienceIncludes(papers)}
        where ${papers.id} = ${id}
        union select employee_id from paper_attempts where paper_id = ${id}
        union select employee_id from submitted
      ), standings as (
        select e.id, e.emp_no, e.name, e.bu, e.dept_name, coalesce(s.attempts, 0) as attempts,
               ${isExam ? sql`s.best` : sql`null::float8`} as best, s.last,
               case when s.employee_id is not null then
                      case when ${pass}::numeric is null then 'submitted'
                           when s.best >= ${pass}::numeric then 'passed' else 'failed' end
                    when exists (select 1 from paper_attempts t where t.paper_id = ${id} and t.employee_id = e.id
                                 and t.submitted_at is null) then 'in-progress'
                    else 'not-started' end as standing
        from people join ${employees} e on e.id = people.id
        left join submitted s on s.employee_id = e.id
      )
      select id as "employeeId", emp_no as "empNo", name, bu, dept_name as "deptName", standing,
             attempts as "attemptCount", best as "bestScore",
             coalesce(${shanghaiTime(sql`last`)}, '') as "lastSubmittedAt", count(*) over ()::int as total
      from standings
      where true
        ${filter.bu ? sql`and bu = ${filter.bu}` : sql``}
        ${keyword ? sql`and (emp_no ilike ${keyword} or name ilike ${keyword})` : sql``}
        ${
          filter.standing === 'submitted'
            ? sql`and standing in ('submitted', 'passed', 'failed')`
            : filter.standing
              ? sql`and standing = ${filter.standing}`
              : sql``
        }
      order by bu, dept_name, emp_no
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`)
  ).rows as PersonRow[];
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount: rows[0]?.total ?? 0 };
};

const JUDGE_WORDS = { Y: '对', N: '错' } as const;

/** The key of a question in words: the right options, 对/错, or each blank's accepted answers. */
const keyInWords = (question: PaperQuestionOf) => {
  const key = question.key;
  if (!key) return '';
  if (key.optionIds) {
    return key.optionIds
      .flatMap((optionId) => question.options.find((option) => option.id === optionId)?.content ?? [])
      .join('、');
  }
  if (key.judge) return JUDGE_WORDS[key.judge];
  return (key.blanks ?? []).map((accepted) => accepted.join(' / ')).join('；');
};

/** What the worker gave in words: the options chosen (with what they wrote beside one), 对/错, or the texts. */
const givenInWords = (question: PaperQuestionOf, answer: StoredAnswers[string] | undefined) => {
  if (!answer) return '';
  const chosen = (answer.optionIds ?? []).flatMap((optionId) => {
    const option = question.options.find((candidate) => candidate.id === optionId);
    if (!option) return [];
    const written = answer.fills?.[String(optionId)];
    return written ? `${option.content}（${written}）` : option.content;
  });
  const texts =
    question.subjectType === 'ST03'
      ? (answer.texts ?? []).map((text) => JUDGE_WORDS[text as 'Y' | 'N'] ?? text)
      : (answer.texts ?? []);
  return [...(chosen.length > 0 ? [chosen.join('、')] : []), ...texts].filter((text) => text !== '').join('；');
};

/**
 * One worker's attempts at the paper, each question as they saw it (in their order, their options chosen beside the
 * right ones) with the points earned; an open attempt shows what it has saved so far. HR of the paper reads them
 * whatever the paper lets the worker see; an anonymous survey's never.
 */
export const paperPersonAttempts = async (
  db: Db,
  caller: Caller,
  { id, employeeId }: { id: number; employeeId: number },
): Promise<PersonAttempts> => {
  const paper = await findManaged(db, caller, id);
  if (paper.isAnonymous) throw new BusinessError('PAPER_ANONYMOUS_ANSWERS');
  const { rows } = await db.execute(sql`
    select coalesce(a.attempt_no, t.attempt_no) as "attemptNo",
           coalesce(${shanghaiTime(sql`t.started_at`)}, '') as "startedAt",
           coalesce(${shanghaiTime(sql`coalesce(a.submitted_at, t.submitted_at)`)}, '') as "submittedAt",
           coalesce(t.finished_by = 'deadline', false) as "isSubmittedAtDeadline",
           a.score::float8 as score, t.question_ids as "questionIds",
           coalesce(a.answers, t.answers) as answers, coalesce(a.results, '{}'::jsonb) as results
    from (select * from paper_answers where paper_id = ${id} and employee_id = ${employeeId}) a
    full join (select * from paper_attempts where paper_id = ${id} and employee_id = ${employeeId}) t
      on t.attempt_no = a.attempt_no
    order by 1`);
  const attempts = rows as {
    attemptNo: number;
    startedAt: string;
    submittedAt: string;
    isSubmittedAtDeadline: boolean;
    score: number | null;
    questionIds: number[] | null;
    answers: StoredAnswers;
    results: Record<string, { earned: number; isCorrect: boolean }>;
  }[];
  if (attempts.length === 0) throw new BusinessError('PAPER_PERSON_NOT_FOUND');
  const [person] = await db
    .select({ empNo: employees.empNo, name: employees.name, bu: employees.bu, deptName: employees.deptName })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!person) throw new BusinessError('PAPER_PERSON_NOT_FOUND');
  const isExam = paper.examType === 'EXAM';
  const questions = new Map((await loadQuestions(db, id)).map((row) => [row.id, engineQuestionOf(row)]));
  const answeredOf = (attempt: (typeof attempts)[number]): AnsweredQuestion[] => {
    // The attempt's own order; an answer from before attempts were kept: the questions it holds, in paper order.
    const ids =
      attempt.questionIds ??
      [...questions.keys()].filter(
        (questionId) => String(questionId) in attempt.answers || String(questionId) in attempt.results,
      );
    return ids.flatMap((questionId) => {
      const question = questions.get(questionId);
      if (!question) return [];
      const answer = attempt.answers[String(questionId)];
      const result = attempt.results[String(questionId)];
      const right = new Set(question.key?.optionIds ?? []);
      const chosen = new Set(answer?.optionIds ?? []);
      const scored = isExam && question.key !== null && attempt.submittedAt !== '';
      return {
        id: question.id,
        subject: question.subject,
        subjectType: question.subjectType,
        options: question.options.map((option) => ({
          id: option.id,
          content: option.content,
          isCorrect: isExam && right.has(option.id),
          isChosen: chosen.has(option.id),
        })),
        given: givenInWords(question, answer),
        key: isExam ? keyInWords(question) : '',
        marks: isExam ? question.score : 0,
        earned: scored ? (result?.earned ?? 0) : null,
        isCorrect: scored ? (result?.isCorrect ?? false) : null,
      };
    });
  };
  return {
    ...person,
    attempts: attempts.map((attempt) => ({
      attemptNo: attempt.attemptNo,
      startedAt: attempt.startedAt,
      submittedAt: attempt.submittedAt,
      isSubmittedAtDeadline: attempt.isSubmittedAtDeadline,
      score: isExam ? attempt.score : null,
      isPassed: !isExam || paper.passScore === null || attempt.score === null ? null : attempt.score >= paper.passScore,
      questions: answeredOf(attempt),
    })),
  };
};

/**
 * The results as a sheet: per worker (工号, 姓名, 部门, 作答次数, 最高分, 是否及格, 最后提交), and per question its
 * figures. An anonymous survey has the second sheet alone.
 */
export const exportPaperResults = async (db: Db, caller: Caller, id: number) => {
  const results = await paperResults(db, caller, id);
  const isExam = results.examType === 'EXAM';
  const questionRows = [
    ['题号', '题目', '作答人数', ...(isExam ? ['答对人数', '正确率'] : []), '各选项人数'],
    ...results.questions.map((question) => [
      String(question.sort),
      question.subject,
      String(question.answeredCount),
      ...(isExam
        ? [
            String(question.rightCount ?? ''),
            question.rightCount === null || question.answeredCount === 0
              ? ''
              : `${Math.round((question.rightCount / question.answeredCount) * 1000) / 10}%`,
          ]
        : []),
      question.judgeCounts
        ? `对 ${question.judgeCounts.Y}；错 ${question.judgeCounts.N}`
        : question.options.map((option) => `${option.content} ${option.count}`).join('；'),
    ]),
  ];
  const sheets: [ReturnType<typeof textSheet>, string][] = [];
  if (!results.isAnonymous) {
    const people = (
      await db.execute(sql`
        select e.emp_no, e.name, e.bu, e.dept_name, count(*)::int as attempts, max(a.score)::float8 as best,
               ${shanghaiTime(sql`max(a.submitted_at)`)} as last
        from paper_answers a join ${employees} e on e.id = a.employee_id
        where a.paper_id = ${id} group by e.id order by e.bu, e.dept_name, e.emp_no
        limit ${MAX_EXPORT_PEOPLE + 1}`)
    ).rows as {
      emp_no: string;
      name: string;
      bu: string;
      dept_name: string;
      attempts: number;
      best: number | null;
      last: string;
    }[];
    if (people.length > MAX_EXPORT_PEOPLE) throw new BusinessError('EXPORT_TOO_LARGE', { max: MAX_EXPORT_PEOPLE });
    sheets.push([
      textSheet([
        ['工号', '姓名', '厂区', '部门', '作答次数', ...(isExam ? ['最高分', '是否及格'] : []), '最后提交'],
        ...people.map((person) => [
          person.emp_no,
          person.name,
          person.bu,
          person.dept_name,
          String(person.attempts),
          ...(isExam
            ? [
                person.best === null ? '' : String(person.best),
                results.passScore === null || person.best === null
                  ? ''
                  : person.best >= results.passScore
                    ? '及格'
                    : '不及格',
              ]
            : []),
          person.last,
        ]),
      ]),
      '人员成绩',
    ]);
  }
  sheets.push([textSheet(questionRows), '题目统计']);
  return { fileName: `${results.title}-结果.xlsx`, contentBase64: workbookBase64(sheets) };
};
