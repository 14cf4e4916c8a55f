// The results of a published paper for HR: who of the audience started, submitted and passed, the mean, the median and
// the spread of the scores, per question the share right and how the answers spread over its options (so a trainer
// sees which question was misunderstood), what was written, and per department; and the sheet of it. Each worker
// counts once, by their best attempt. An anonymous survey's answers are only ever counted, never listed by person.
import type { PaperResults, QuestionResult } from '@ess/contract/paper-authoring';
import type { ExamType } from '@ess/contract/training';
import { and, eq, sql } from 'drizzle-orm';
import { audienceIncludes, managedByCaller } from '../../core/audience';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, papers } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { MAX_EXPORT_PEOPLE, textSheet, workbookBase64 } from '../../lib/text-workbook';
import { engineQuestionOf, fullMarksOf, loadQuestions } from './papers';

/** Each worker's best answer to the paper (the highest score, then the latest attempt). */
const BEST = (paperId: number) => sql`best as (
  select distinct on (a.employee_id) a.employee_id, a.score::float8 as score, a.answers, a.results, a.submitted_at
  from paper_answers a where a.paper_id = ${paperId}
  order by a.employee_id, a.score desc nulls last, a.attempt_no desc)`;

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

type Count = { key: string; n: number };

export const paperResults = async (db: Db, caller: Caller, id: number): Promise<PaperResults> => {
  const paper = await findManaged(db, caller, id);
  const isExam = paper.examType === 'EXAM';
  const pass = paper.passScore;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  const [summary] = await rows<{
    submitted: number;
    passed: number;
    mean: number | null;
    median: number | null;
    started: number;
  }>(sql`
    with ${BEST(id)}
    select count(*)::int as submitted,
           count(*) filter (where ${pass}::numeric is not null and score >= ${pass}::numeric)::int as passed,
           round(avg(score)::numeric, 2)::float8 as mean,
           (percentile_cont(0.5) within group (order by score))::float8 as median,
           (select count(distinct t.employee_id) from paper_attempts t where t.paper_id = ${id})::int as started
    from best`);
  const bands = await rows<{ band: number; n: number }>(sql`
    with ${BEST(id)}
    select least(floor(score / nullif(${paper.fullMarks}::float8, 0) * 10), 9)::int as band, count(*)::int as n
    from best where score is not null group by 1`);
  const scored = await rows<{ key: string; n: number; right: number }>(sql`
    with ${BEST(id)}
    select q.key, count(*)::int as n, count(*) filter (where (q.value->>'isCorrect')::boolean)::int as right
    from best, jsonb_each(best.results) q group by q.key`);
  const answered = await rows<Count>(sql`
    with ${BEST(id)}
    select q.key, count(*)::int as n from best, jsonb_each(best.answers) q group by q.key`);
  const chosen = await rows<{ key: string; option: number; n: number }>(sql`
    with ${BEST(id)}
    select q.key, o.value::int as option, count(*)::int as n
    from best, jsonb_each(best.answers) q, jsonb_array_elements_text(coalesce(q.value->'optionIds', '[]'::jsonb)) o
    group by q.key, o.value`);
  const judged = await rows<{ key: string; value: string; n: number }>(sql`
    with ${BEST(id)}
    select q.key, q.value->'texts'->>0 as value, count(*)::int as n
    from best, jsonb_each(best.answers) q where q.value->'texts'->>0 in ('Y', 'N') group by 1, 2`);
  // What was written: blanks and long answers, and an option's few words; the latest 50 of each question.
  const written = await rows<{ key: string; text: string }>(sql`
    with ${BEST(id)}, pieces as (
      select q.key, best.submitted_at, coalesce(
               (select string_agg(t, '；') from jsonb_array_elements_text(q.value->'texts') t),
               (select string_agg(f.value, '；') from jsonb_each_text(q.value->'fills') f)) as text
      from best, jsonb_each(best.answers) q
      where q.value ? 'fills' or (q.value ? 'texts' and not (q.value->'texts'->>0 in ('Y', 'N')))
    ), ranked as (
      select key, text, row_number() over (partition by key order by submitted_at desc) as place from pieces
      where text is not null and text <> ''
    )
    select key, text from ranked where place <= 50`);
  // The audience today, per plant and department, beside who of it submitted and passed.
  const departments = await rows<PaperResults['departments'][number]>(sql`
    with ${BEST(id)}
    select ${employees.bu} as bu, ${employees.deptName} as "deptName", count(*)::int as "audienceCount",
           count(b.employee_id)::int as "submittedCount",
           count(b.employee_id) filter (where ${pass}::numeric is not null and b.score >= ${pass}::numeric)::int
             as "passedCount"
    from ${papers} join ${employees} on ${employees.leftOn} is null and ${audienceIncludes(papers)}
    left join best b on b.employee_id = ${employees.id}
    where ${papers.id} = ${id}
    group by ${employees.bu}, ${employees.deptName} order by ${employees.bu}, ${employees.deptName}`);

  const byKey = <T extends { key: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(item.key, [...(map.get(item.key) ?? []), item]);
    return map;
  };
  const scoredBy = new Map(scored.map((row) => [row.key, row]));
  const answeredBy = new Map(answered.map((row) => [row.key, row.n]));
  const chosenBy = byKey(chosen);
  const judgedBy = byKey(judged);
  const writtenBy = byKey(written);
  const categoryName = new Map((paper.draws ?? []).map((draw) => [draw.categoryId, draw.categoryName]));
  const questions: QuestionResult[] = (await loadQuestions(db, id)).map((row, index) => {
    const question = engineQuestionOf(row);
    const key = String(question.id);
    const counts = new Map((chosenBy.get(key) ?? []).map((item) => [item.option, item.n]));
    const right = new Set(question.key?.optionIds ?? []);
    const score = scoredBy.get(key);
    const judge = judgedBy.get(key);
    return {
      id: question.id,
      sort: index + 1,
      subject: question.subject,
      subjectType: question.subjectType,
      categoryName: question.poolCategoryId === null ? '' : (categoryName.get(question.poolCategoryId) ?? ''),
      // A scored question counts every attempt that had it, answered or left blank.
      answeredCount: score?.n ?? answeredBy.get(key) ?? 0,
      rightCount: isExam && question.key ? (score?.right ?? 0) : null,
      options: question.options.map((option) => ({
        id: option.id,
        content: option.content,
        isCorrect: right.has(option.id),
        count: counts.get(option.id) ?? 0,
      })),
      judgeCounts:
        question.subjectType === 'ST03'
          ? {
              Y: judge?.find((item) => item.value === 'Y')?.n ?? 0,
              N: judge?.find((item) => item.value === 'N')?.n ?? 0,
            }
          : null,
      texts: (writtenBy.get(key) ?? []).map((item) => item.text),
    };
  });

  const full = paper.fullMarks;
  return {
    examType: paper.examType as ExamType,
    title: paper.title,
    fullMarks: full,
    passScore: paper.passScore,
    isAnonymous: paper.isAnonymous,
    audienceCount: departments.reduce((sum, row) => sum + row.audienceCount, 0),
    startedCount: summary?.started ?? 0,
    submittedCount: summary?.submitted ?? 0,
    passedCount: summary?.passed ?? 0,
    meanScore: isExam ? (summary?.mean ?? null) : null,
    medianScore: isExam ? (summary?.median ?? null) : null,
    distribution: isExam
      ? Array.from({ length: 10 }, (_, band) => ({
          from: Math.round(((full * band) / 10) * 100) / 100,
          to: Math.round(((full * (band + 1)) / 10) * 100) / 100,
          count: bands.find((row) => row.band === band)?.n ?? 0,
        }))
      : [],
    questions,
    departments,
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
