// Exams and surveys on one question engine (@ess/contract/paper-engine): the caller's papers, a paper's questions
// without their keys, the caller's answer (scored, for exams), and its submission. A paper reaches a worker by an
// assignment (the demo's papers) or, published by HR, by its audience rule while its window is open; a published
// paper is answered in attempts the server keeps (attempts.ts). Answers are kept by option id; the `$`-joined text
// is only the API's edge form, rebuilt from the options' current wording when read.
import {
  type AnswerMap,
  countBlanks,
  type EngineQuestion,
  fillKey,
  isScored,
  joinAnswers,
  missingRequired,
  type ScoredQuestion,
  type StoredAnswer,
  type SubjectType,
  scoreQuestion,
  splitAnswers,
} from '@ess/contract/paper-engine';
import type { ExamType, PaperDetail, PersonExam } from '@ess/contract/training';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { audienceIncludes } from '../../core/audience';
import { type Caller, requireMenu } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { earlierAnswer } from '../../core/idempotency';
import type { Db } from '../../db/client';
import {
  employees,
  type PaperDraw,
  paperAnswers,
  paperAssignments,
  paperQuestions,
  papers,
  type ReviewMode,
  type StoredAnswers,
  type StoredOption,
} from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { Executor } from '../../db/transaction';
import { type AnswerWrite, writeAnswer } from './answer-writes';

export const PAPER_WORD: Record<ExamType, string> = { EXAM: '试卷', DEMAND: '问卷' };
/** Exams serve 在线考试 (M11), surveys 问卷调查 (M09). */
export const MENU_OF: Record<ExamType, string> = { EXAM: 'M11', DEMAND: 'M09' };
const VERBS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Full marks of an attempt: the drawn counts times their marks, or the scored questions of a fixed paper. Written
 * with the table's name: drizzle leaves a column of a one-table query unqualified, which inside the subquery would
 * name the question's own id.
 */
export const fullMarksOf = sql<number>`(case when papers.draws is null
  then (select coalesce(sum(q.score), 0) from paper_questions q
        where q.paper_id = papers.id and q.answer_key is not null and q.score > 0)
  else (select coalesce(sum((d->>'count')::numeric * (d->>'score')::numeric), 0)
        from jsonb_array_elements(papers.draws) d) end)::float8`;

/**
 * The papers a caller may see: assigned to them, or published by HR to a rule that includes them today, opened and
 * not withdrawn (a closed one stays in sight with its result).
 */
const visibleTo = (caller: Caller) => sql`(
  exists (select 1 from ${paperAssignments} pa where pa.paper_id = papers.id and pa.employee_id = ${caller.id})
  or (${papers.isAuthored} and ${papers.withdrawnAt} is null and ${papers.opensAt} <= now()
      and exists (select 1 from ${employees}
                  where ${employees.id} = ${caller.id} and ${employees.leftOn} is null and ${audienceIncludes(papers)})))`;

/** The caller's latest answer to the paper of the row. */
const latestAnswer = (column: string) =>
  sql.raw(`(select a.${column} from paper_answers a where a.paper_id = papers.id and a.employee_id = `);

/** The caller's papers of a type, newest first, with their latest answer. */
export const listPapers = async (db: Db, caller: Caller, examType: ExamType) =>
  db
    .select({
      id: papers.id,
      title: papers.title,
      answerId: sql<number | null>`${latestAnswer('id')}${caller.id} order by a.attempt_no desc limit 1)`,
      score: sql<number | null>`${latestAnswer('score')}${caller.id} order by a.attempt_no desc limit 1)::float8`,
      maxScore: fullMarksOf,
    })
    .from(papers)
    .where(and(eq(papers.examType, examType), visibleTo(caller)))
    .orderBy(desc(papers.id));

export type VisiblePaper = {
  id: number;
  title: string;
  description: string;
  isPartialCredit: boolean;
  isAuthored: boolean;
};

/** The paper, when the caller may see it and it is of the type asked for. */
export const findVisiblePaper = async (
  db: Executor,
  caller: Caller,
  paperId: number,
  examType: ExamType,
): Promise<VisiblePaper> => {
  const [paper] = await db
    .select({
      id: papers.id,
      title: papers.title,
      description: papers.description,
      isPartialCredit: papers.isPartialCredit,
      isAuthored: papers.isAuthored,
    })
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.examType, examType), visibleTo(caller)));
  if (!paper) throw new BusinessError('PAPER_NOT_FOUND', { paper: PAPER_WORD[examType] });
  return paper;
};

type QuestionRow = {
  id: number;
  subject: string;
  subjectType: string;
  isMust: string;
  options: StoredOption[];
  answerKey: ScoredQuestion['key'];
  score: number;
  explanation: string;
  poolCategoryId: number | null;
};

export const loadQuestions = (db: Executor, paperId: number): Promise<QuestionRow[]> =>
  db
    .select({
      id: paperQuestions.id,
      subject: paperQuestions.subject,
      subjectType: paperQuestions.subjectType,
      isMust: paperQuestions.isMust,
      options: paperQuestions.options,
      answerKey: paperQuestions.answerKey,
      score: paperQuestions.score,
      explanation: paperQuestions.explanation,
      poolCategoryId: paperQuestions.poolCategoryId,
    })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.sort), asc(paperQuestions.id));

/** A paper's question as the engine scores it, with what a published paper's draw and review need. */
export type PaperQuestionOf = ScoredQuestion & { explanation: string; poolCategoryId: number | null };

export const engineQuestionOf = (row: QuestionRow): PaperQuestionOf => ({
  id: row.id,
  subject: row.subject,
  subjectType: row.subjectType as SubjectType,
  isMust: row.isMust === 'Y',
  options: row.options,
  key: row.answerKey ?? null,
  score: row.score,
  explanation: row.explanation,
  poolCategoryId: row.poolCategoryId,
});

/** Questions as the screen takes them, options in the order given; keys stay here. */
export const screenQuestionsOf = (
  questions: readonly PaperQuestionOf[],
  examType: ExamType,
  optionOrder: Record<string, number[]> = {},
): PaperDetail['questions'] =>
  questions.map((question) => {
    const order = optionOrder[String(question.id)];
    const options = order
      ? order.flatMap((id) => question.options.find((option) => option.id === id) ?? [])
      : question.options;
    return {
      id: question.id,
      subject: question.subject,
      subjectType: question.subjectType,
      isMust: question.isMust ? 'Y' : 'N',
      score: examType === 'EXAM' && question.key ? question.score : 0,
      verbContent: JSON.stringify(options.map(({ content, isFill }) => ({ content, isFill: isFill ? 'Y' : 'N' }))),
      details: options.map((option, index) => ({
        id: option.id,
        verb: VERBS[index] ?? String(index + 1),
        verbContent: option.content,
        isFill: option.isFill ? 'Y' : 'N',
      })),
    };
  });

const fullMarks = (questions: readonly ScoredQuestion[]) =>
  questions.filter(isScored).reduce((sum, question) => sum + question.score, 0);

/** An assigned paper's questions as the screen takes them (a published paper's are its attempt's: attempts.ts). */
export const assignedPaperDetail = async (db: Db, paper: VisiblePaper, examType: ExamType): Promise<PaperDetail> => {
  const questions = (await loadQuestions(db, paper.id)).map(engineQuestionOf);
  return {
    id: paper.id,
    testName: paper.title,
    description: paper.description,
    examType,
    maxScore: examType === 'EXAM' ? fullMarks(questions) : 0,
    questions: screenQuestionsOf(questions, examType),
    rules: null,
    attempt: null,
  };
};

const invalid = (detail: string) => new BusinessError('PAPER_ANSWER_INVALID', { detail });

/** The edge form (question id → `$`-joined text) read into answers by option id; refuses what the paper lacks. */
export const readAnswerMap = (questions: readonly EngineQuestion[], map: AnswerMap): StoredAnswers => {
  const byId = new Map(questions.map((question, index) => [String(question.id), { question, number: index + 1 }]));
  const stored: StoredAnswers = {};
  const answerOf = (questionId: string) => {
    stored[questionId] ??= {};
    return stored[questionId];
  };
  for (const [key, value] of Object.entries(map)) {
    const [questionId, optionId] = key.split('_') as [string, string | undefined];
    const found = byId.get(questionId);
    if (!found) throw invalid('答案包含不属于本试卷的题目');
    const { question, number } = found;
    if (optionId !== undefined) {
      const option = question.options.find((candidate) => String(candidate.id) === optionId);
      if (!option?.isFill) throw invalid(`第 ${number} 题的补充说明无效`);
      if (value.trim() === '') continue;
      const answer = answerOf(questionId);
      answer.fills = { ...answer.fills, [optionId]: value.trim() };
      continue;
    }
    if (value === '') continue;
    const answer = answerOf(questionId);
    switch (question.subjectType) {
      case 'ST01':
      case 'ST02': {
        const parts = splitAnswers(value);
        if (question.subjectType === 'ST01' && parts.length > 1) throw invalid(`第 ${number} 题只能选一项`);
        const ids = parts.map((part) => {
          const option = question.options.find((candidate) => candidate.content === part);
          if (!option) throw invalid(`第 ${number} 题的选项无效`);
          return option.id;
        });
        answer.optionIds = [...new Set(ids)];
        break;
      }
      case 'ST03':
        if (value !== 'Y' && value !== 'N') throw invalid(`第 ${number} 题应答 Y 或 N`);
        answer.texts = [value];
        break;
      case 'ST04': {
        const blanks = countBlanks(question.subject);
        const parts = blanks > 0 ? value.split('$') : [value];
        if (parts.length > Math.max(1, blanks)) throw invalid(`第 ${number} 题的填空数量不符`);
        answer.texts = parts.map((part) => part.trim());
        break;
      }
      default:
        answer.texts = [value.trim()];
    }
  }
  // A fill is kept only beside its chosen option.
  for (const [questionId, answer] of Object.entries(stored)) {
    if (!answer.fills) continue;
    const chosen = new Set((answer.optionIds ?? []).map(String));
    for (const optionId of Object.keys(answer.fills)) if (!chosen.has(optionId)) delete answer.fills[optionId];
    if (!answer.optionIds && !answer.texts && Object.keys(answer.fills).length === 0) delete stored[questionId];
  }
  return stored;
};

/** The edge form of stored answers, with the options' current wording. */
export const writeAnswerMap = (questions: readonly EngineQuestion[], stored: StoredAnswers): AnswerMap => {
  const map: AnswerMap = {};
  for (const question of questions) {
    const answer = stored[String(question.id)];
    if (!answer) continue;
    if (answer.optionIds) {
      map[question.id] = joinAnswers(
        answer.optionIds.flatMap((id) => question.options.find((option) => option.id === id)?.content ?? []),
      );
    } else if (answer.texts) map[question.id] = answer.texts.join('$');
    for (const [optionId, text] of Object.entries(answer.fills ?? {}))
      map[fillKey(question.id, Number(optionId))] = text;
  }
  return map;
};

type AnswerRow = {
  id: number;
  paperId: number;
  attemptNo: number;
  answers: StoredAnswers;
  results: PersonExam['results'];
  score: number | null;
  maxScore: number;
  submittedAt: string;
};

/**
 * An answer as the worker reads it. A published exam shows what its review mode allows: the score only, or once it
 * has closed the results per question and each question's key and explanation.
 */
const personExamOf = (
  row: AnswerRow,
  examType: ExamType,
  paper: Pick<PaperForScoring, 'questions' | 'published'>,
): PersonExam => {
  const { published } = paper;
  const showsAnswers =
    !published || (published.reviewMode === 'answers-after-close' && published.closesAt <= Date.now());
  const review: PersonExam['review'] = {};
  if (published && showsAnswers && examType === 'EXAM') {
    for (const question of paper.questions) {
      if (!question.key || !(String(question.id) in row.answers || String(question.id) in row.results)) continue;
      review[String(question.id)] = { key: keyText(question), explanation: question.explanation };
    }
  }
  const passScore = published?.passScore ?? null;
  return {
    id: row.id,
    paperId: row.paperId,
    examType,
    answer: JSON.stringify(writeAnswerMap(paper.questions, row.answers)),
    score: row.score,
    maxScore: row.maxScore,
    submittedAt: row.submittedAt,
    results: showsAnswers ? row.results : {},
    passScore,
    isPassed: passScore === null || row.score === null ? null : row.score >= passScore,
    attemptNo: row.attemptNo,
    review,
  };
};

/** A question's key in the edge form: the right options' wording, Y/N, or each blank's first accepted answer. */
const keyText = (question: PaperQuestionOf) => {
  const key = question.key;
  if (!key) return '';
  if (key.optionIds) {
    return joinAnswers(
      key.optionIds.flatMap((id) => question.options.find((option) => option.id === id)?.content ?? []),
    );
  }
  if (key.judge) return key.judge;
  return (key.blanks ?? []).map((accepted) => accepted.join(' / ')).join('$');
};

const answerColumns = {
  id: paperAnswers.id,
  paperId: paperAnswers.paperId,
  attemptNo: paperAnswers.attemptNo,
  answers: paperAnswers.answers,
  results: paperAnswers.results,
  score: paperAnswers.score,
  maxScore: paperAnswers.maxScore,
  submittedAt: shanghaiTime(paperAnswers.submittedAt),
};

/** The caller's latest answer to a paper (TrainOrganize/GetPersonExam); null before one is submitted. */
export const getPersonExam = async (
  db: Db,
  caller: Caller,
  { paperId, examType }: { paperId: number; examType: ExamType },
): Promise<PersonExam | null> => {
  requireMenu(caller, MENU_OF[examType]);
  await findVisiblePaper(db, caller, paperId, examType);
  const [row] = await db
    .select(answerColumns)
    .from(paperAnswers)
    .where(and(eq(paperAnswers.paperId, paperId), eq(paperAnswers.employeeId, caller.id)))
    .orderBy(desc(paperAnswers.attemptNo))
    .limit(1);
  if (!row) return null;
  // Read afresh, not from the scoring cache: the answer is shown in the options' current wording.
  const paper = await loadPaper(db, paperId);
  if (!paper) return null;
  return personExamOf(row, examType, paper);
};

/** The settings of a paper HR published; null for an assigned paper. Times in milliseconds since the epoch. */
export type PublishedRules = {
  opensAt: number;
  closesAt: number;
  timeLimitMinutes: number | null;
  passScore: number | null;
  maxAttempts: number;
  cooldownMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  reviewMode: ReviewMode;
  isAnonymous: boolean;
  draws: PaperDraw[] | null;
  isWithdrawn: boolean;
};

/** What a submission needs of a paper besides the caller: kept a little while per database handle. */
export type PaperForScoring = {
  examType: ExamType;
  isPartialCredit: boolean;
  questions: PaperQuestionOf[];
  published: PublishedRules | null;
};
const scoringCaches = new WeakMap<Db, LRUCache<number, PaperForScoring>>();

/**
 * A paper's type, credit rule, questions and published settings; cached for 30 s (a paper's questions never change
 * once given out; a withdrawal reaches an attempt's saves within that time).
 */
export const loadPaperForScoring = async (db: Db, paperId: number): Promise<PaperForScoring | undefined> => {
  let cache = scoringCaches.get(db);
  if (!cache) {
    cache = new LRUCache<number, PaperForScoring>({ max: 200, ttl: 30_000 });
    scoringCaches.set(db, cache);
  }
  const cached = cache.get(paperId);
  if (cached) return cached;
  const loaded = await loadPaper(db, paperId);
  if (loaded) cache.set(paperId, loaded);
  return loaded;
};

/** A paper as loadPaperForScoring keeps it, read from the database. */
const loadPaper = async (db: Db, paperId: number): Promise<PaperForScoring | undefined> => {
  const [paper] = await db
    .select({
      examType: papers.examType,
      isPartialCredit: papers.isPartialCredit,
      isAuthored: papers.isAuthored,
      opensAt: papers.opensAt,
      closesAt: papers.closesAt,
      timeLimitMinutes: papers.timeLimitMinutes,
      passScore: papers.passScore,
      maxAttempts: papers.maxAttempts,
      cooldownMinutes: papers.cooldownMinutes,
      shuffleQuestions: papers.shuffleQuestions,
      shuffleOptions: papers.shuffleOptions,
      reviewMode: papers.reviewMode,
      isAnonymous: papers.isAnonymous,
      draws: papers.draws,
      withdrawnAt: papers.withdrawnAt,
    })
    .from(papers)
    .where(eq(papers.id, paperId));
  if (!paper) return undefined;
  const loaded: PaperForScoring = {
    examType: paper.examType as ExamType,
    isPartialCredit: paper.isPartialCredit,
    questions: (await loadQuestions(db, paperId)).map(engineQuestionOf),
    published: paper.isAuthored
      ? {
          opensAt: paper.opensAt?.getTime() ?? 0,
          closesAt: paper.closesAt?.getTime() ?? Number.POSITIVE_INFINITY,
          timeLimitMinutes: paper.timeLimitMinutes,
          passScore: paper.passScore,
          maxAttempts: paper.maxAttempts,
          cooldownMinutes: paper.cooldownMinutes,
          shuffleQuestions: paper.shuffleQuestions,
          shuffleOptions: paper.shuffleOptions,
          reviewMode: paper.reviewMode,
          isAnonymous: paper.isAnonymous,
          draws: paper.draws,
          isWithdrawn: paper.withdrawnAt !== null,
        }
      : null,
  };
  return loaded;
};

/** Scores stored answers over the questions given (an attempt's own, for a drawn exam). */
export const scoreAnswers = (
  paper: Pick<PaperForScoring, 'examType' | 'isPartialCredit'>,
  questions: readonly ScoredQuestion[],
  stored: StoredAnswers,
) => {
  const results: PersonExam['results'] = {};
  if (paper.examType !== 'EXAM') return { results, score: null, maxScore: 0 };
  let score = 0;
  let maxScore = 0;
  for (const question of questions.filter(isScored)) {
    const result = scoreQuestion(question, stored[String(question.id)] as StoredAnswer | undefined, {
      isPartialCredit: paper.isPartialCredit,
    });
    results[String(question.id)] = result;
    score += result.earned;
    maxScore += question.score;
  }
  return { results, score: Math.round(score * 100) / 100, maxScore };
};

/**
 * Writes a checked answer (TrainOrganize/ModifyEmployeeExam): every must-answer question answered unless the server
 * submits at a deadline, an exam scored with its keys over the questions given (an attempt's own, for a drawn exam).
 * A second answer to the same paper (and attempt) is refused, two at the same instant included. The assignment or the
 * open attempt, the answer, the attempt closed, its audit row and its idempotency key are one statement.
 */
export const writeSubmission = async (
  db: Db,
  caller: Pick<Caller, 'id' | 'empNo'>,
  {
    paperId,
    examType,
    paper,
    questions,
    answer,
    idempotencyKey,
    requestId,
    attempt,
  }: {
    paperId: number;
    examType: ExamType;
    paper: PaperForScoring;
    questions: readonly PaperQuestionOf[];
    /** The edge form the worker sent, or the stored answers an attempt saved (submitted by the server). */
    answer: { map: AnswerMap } | { stored: StoredAnswers };
    idempotencyKey?: string;
    requestId?: string;
    attempt?: AnswerWrite['attempt'];
  },
): Promise<PersonExam> => {
  let stored: StoredAnswers;
  if ('map' in answer) {
    stored = readAnswerMap(questions, answer.map);
    if (missingRequired(questions, writeAnswerMap(questions, stored)).length > 0) {
      throw new BusinessError('PAPER_REQUIRED_MISSING');
    }
  } else {
    stored = answer.stored;
  }
  const { results, score, maxScore } = scoreAnswers(paper, questions, stored);
  // One statement with the submissions of the same moment (answer-writes.ts): the assignment check, the answer, its
  // audit row and, with an idempotency key, the key pointing at the answer (the key must not be in use: a repeat, or
  // the key of another call, then finds nothing inserted and is answered below).
  const key = idempotencyKey ?? null;
  const row = await writeAnswer(db, {
    employeeId: caller.id,
    empNo: caller.empNo,
    paperId,
    examType,
    key,
    answers: stored,
    results,
    score,
    maxScore,
    requestId: requestId ?? '',
    attempt,
  });
  if (!row.assigned) {
    if (attempt) throw new BusinessError('PAPER_ATTEMPT_NOT_FOUND');
    throw new BusinessError('PAPER_NOT_FOUND', { paper: PAPER_WORD[examType] });
  }
  if (row.id === null) {
    // A repeat of a key that submitted this paper answers that submission, as the first answer was.
    const earlier = key ? await earlierSubmission(db, caller.id, key) : undefined;
    if (earlier) return personExamOf(earlier, examType, paper);
    throw new BusinessError('PAPER_ALREADY_SUBMITTED', { paper: PAPER_WORD[examType] });
  }
  return personExamOf(
    {
      id: row.id,
      paperId: row.paper_id,
      attemptNo: attempt?.attemptNo ?? 1,
      answers: row.answers,
      results: row.results,
      score: row.score === null ? null : Number(row.score),
      maxScore: Number(row.max_score),
      submittedAt: row.submitted_at,
    },
    examType,
    paper,
  );
};

/** Submits the caller's one answer to an assigned paper. */
export const submitAssigned = async (
  db: Db,
  caller: Caller,
  {
    paper,
    submission,
    idempotencyKey,
    requestId,
  }: {
    paper: PaperForScoring;
    submission: { paperId: number; answer: AnswerMap; examType: ExamType };
    idempotencyKey?: string;
    requestId?: string;
  },
): Promise<PersonExam> => {
  const { paperId, examType } = submission;
  try {
    return await writeSubmission(db, caller, {
      paperId,
      examType,
      paper,
      questions: paper.questions,
      answer: { map: submission.answer },
      idempotencyKey,
      requestId,
    });
  } catch (error) {
    // Someone the paper is not assigned to learns nothing of its questions, not even that it exists.
    if (error instanceof BusinessError && error.code !== 'PAPER_NOT_FOUND') {
      await findVisiblePaper(db, caller, paperId, examType);
    }
    throw error;
  }
};

/** The submission an idempotency key of the caller made (a key another call used is refused). */
const earlierSubmission = async (db: Db, employeeId: number, key: string) => {
  const used = await earlierAnswer<{ paperAnswerId?: number } | null>(db, { employeeId, key, action: 'paper.submit' });
  const answerId = used?.answer?.paperAnswerId;
  if (answerId === undefined) return undefined;
  const [row] = await db
    .select(answerColumns)
    .from(paperAnswers)
    .where(and(eq(paperAnswers.id, answerId), eq(paperAnswers.employeeId, employeeId)));
  return row;
};
