// Exams and surveys on one question engine (@ess/contract/paper-engine): the caller's papers, a paper's questions
// without their keys, the caller's one answer (scored, for exams), and its submission. Answers are kept by option
// id; the `$`-joined text is only the API's edge form, rebuilt from the options' current wording when read.
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
import { type Caller, requireMenu } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { earlierAnswer } from '../../core/idempotency';
import type { Db } from '../../db/client';
import {
  paperAnswers,
  paperAssignments,
  paperQuestions,
  papers,
  type StoredAnswers,
  type StoredOption,
} from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { Executor } from '../../db/transaction';
import { writeAnswer } from './answer-writes';

const PAPER_WORD: Record<ExamType, string> = { EXAM: '试卷', DEMAND: '问卷' };
/** Exams serve 在线考试 (M11), surveys 问卷调查 (M09). */
const MENU_OF: Record<ExamType, string> = { EXAM: 'M11', DEMAND: 'M09' };
const VERBS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Full marks of a paper: the points of its scored questions. */
const maxScoreOf = sql<number>`coalesce((select sum(q.score) from paper_questions q
  where q.paper_id = ${papers.id} and q.answer_key is not null and q.score > 0), 0)::float8`;

/** The caller's papers of a type, newest first, with whether each is answered. */
export const listPapers = async (db: Db, caller: Caller, examType: ExamType) =>
  db
    .select({
      id: papers.id,
      title: papers.title,
      answerId: paperAnswers.id,
      score: paperAnswers.score,
      maxScore: maxScoreOf,
    })
    .from(paperAssignments)
    .innerJoin(papers, eq(papers.id, paperAssignments.paperId))
    .leftJoin(paperAnswers, and(eq(paperAnswers.paperId, papers.id), eq(paperAnswers.employeeId, caller.id)))
    .where(and(eq(paperAssignments.employeeId, caller.id), eq(papers.examType, examType)))
    .orderBy(desc(papers.id));

/** The paper, when it is assigned to the caller and of the type asked for. */
const findAssignedPaper = async (db: Executor, caller: Caller, paperId: number, examType: ExamType) => {
  const [paper] = await db
    .select({
      id: papers.id,
      title: papers.title,
      description: papers.description,
      isPartialCredit: papers.isPartialCredit,
    })
    .from(paperAssignments)
    .innerJoin(papers, eq(papers.id, paperAssignments.paperId))
    .where(
      and(
        eq(paperAssignments.employeeId, caller.id),
        eq(paperAssignments.paperId, paperId),
        eq(papers.examType, examType),
      ),
    );
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
};

const loadQuestions = (db: Executor, paperId: number): Promise<QuestionRow[]> =>
  db
    .select({
      id: paperQuestions.id,
      subject: paperQuestions.subject,
      subjectType: paperQuestions.subjectType,
      isMust: paperQuestions.isMust,
      options: paperQuestions.options,
      answerKey: paperQuestions.answerKey,
      score: paperQuestions.score,
    })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.sort), asc(paperQuestions.id));

const engineQuestionOf = (row: QuestionRow): ScoredQuestion => ({
  id: row.id,
  subject: row.subject,
  subjectType: row.subjectType as SubjectType,
  isMust: row.isMust === 'Y',
  options: row.options,
  key: row.answerKey ?? null,
  score: row.score,
});

/** A paper's questions as the screen takes them; keys stay here. */
export const getPaperDetail = async (
  db: Db,
  caller: Caller,
  { paperId, examType }: { paperId: number; examType: ExamType },
): Promise<PaperDetail> => {
  const paper = await findAssignedPaper(db, caller, paperId, examType);
  const rows = await loadQuestions(db, paperId);
  const questions = rows.map(engineQuestionOf);
  return {
    id: paper.id,
    testName: paper.title,
    description: paper.description,
    examType,
    maxScore: examType === 'EXAM' ? questions.filter(isScored).reduce((sum, question) => sum + question.score, 0) : 0,
    questions: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      subjectType: row.subjectType as SubjectType,
      isMust: row.isMust === 'Y' ? 'Y' : 'N',
      score: examType === 'EXAM' && row.answerKey ? row.score : 0,
      verbContent: JSON.stringify(row.options.map(({ content, isFill }) => ({ content, isFill: isFill ? 'Y' : 'N' }))),
      details: row.options.map((option, index) => ({
        id: option.id,
        verb: VERBS[index] ?? String(index + 1),
        verbContent: option.content,
        isFill: option.isFill ? 'Y' : 'N',
      })),
    })),
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
  answers: StoredAnswers;
  results: PersonExam['results'];
  score: number | null;
  maxScore: number;
  submittedAt: string;
};

const personExamOf = (row: AnswerRow, examType: ExamType, questions: readonly EngineQuestion[]): PersonExam => ({
  id: row.id,
  paperId: row.paperId,
  examType,
  answer: JSON.stringify(writeAnswerMap(questions, row.answers)),
  score: row.score,
  maxScore: row.maxScore,
  submittedAt: row.submittedAt,
  results: row.results,
});

const answerColumns = {
  id: paperAnswers.id,
  paperId: paperAnswers.paperId,
  answers: paperAnswers.answers,
  results: paperAnswers.results,
  score: paperAnswers.score,
  maxScore: paperAnswers.maxScore,
  submittedAt: shanghaiTime(paperAnswers.submittedAt),
};

/** The caller's own answer to a paper (TrainOrganize/GetPersonExam); null before one is submitted. */
export const getPersonExam = async (
  db: Db,
  caller: Caller,
  { paperId, examType }: { paperId: number; examType: ExamType },
): Promise<PersonExam | null> => {
  requireMenu(caller, MENU_OF[examType]);
  await findAssignedPaper(db, caller, paperId, examType);
  const [row] = await db
    .select(answerColumns)
    .from(paperAnswers)
    .where(and(eq(paperAnswers.paperId, paperId), eq(paperAnswers.employeeId, caller.id)));
  if (!row) return null;
  const questions = (await loadQuestions(db, paperId)).map(engineQuestionOf);
  return personExamOf(row, examType, questions);
};

/** What a submission needs of a paper besides the caller: kept a little while per database handle. */
type PaperForScoring = { examType: ExamType; isPartialCredit: boolean; questions: ScoredQuestion[] };
const scoringCaches = new WeakMap<Db, LRUCache<number, PaperForScoring>>();

/** A paper's type, credit rule and questions; cached for 30 s (papers are not edited while being answered). */
const loadPaperForScoring = async (db: Db, paperId: number): Promise<PaperForScoring | undefined> => {
  let cache = scoringCaches.get(db);
  if (!cache) {
    cache = new LRUCache<number, PaperForScoring>({ max: 200, ttl: 30_000 });
    scoringCaches.set(db, cache);
  }
  const cached = cache.get(paperId);
  if (cached) return cached;
  const [paper] = await db
    .select({ examType: papers.examType, isPartialCredit: papers.isPartialCredit })
    .from(papers)
    .where(eq(papers.id, paperId));
  if (!paper) return undefined;
  const loaded = {
    examType: paper.examType as ExamType,
    isPartialCredit: paper.isPartialCredit,
    questions: (await loadQuestions(db, paperId)).map(engineQuestionOf),
  };
  cache.set(paperId, loaded);
  return loaded;
};

/**
 * Submits the caller's answer once (TrainOrganize/ModifyEmployeeExam): every must-answer question answered, an exam
 * scored with its keys; a second submission is refused, two at the same instant included (the unique pair). The
 * assignment check, the answer, its audit row and its idempotency key are written by one statement, atomic by itself.
 */
export const submitPaper = async (
  db: Db,
  caller: Caller,
  {
    submission,
    idempotencyKey,
    requestId,
  }: {
    submission: { paperId: number; answer: AnswerMap; examType: ExamType };
    idempotencyKey?: string;
    requestId?: string;
  },
): Promise<PersonExam> => {
  const { paperId, examType, answer } = submission;
  requireMenu(caller, MENU_OF[examType]);
  const paper = await loadPaperForScoring(db, paperId);
  if (!paper || paper.examType !== examType)
    throw new BusinessError('PAPER_NOT_FOUND', { paper: PAPER_WORD[examType] });
  const { questions } = paper;
  let stored: StoredAnswers;
  try {
    stored = readAnswerMap(questions, answer);
    if (missingRequired(questions, writeAnswerMap(questions, stored)).length > 0) {
      throw new BusinessError('PAPER_REQUIRED_MISSING');
    }
  } catch (error) {
    // Someone the paper is not assigned to learns nothing of its questions, not even that it exists.
    await findAssignedPaper(db, caller, paperId, examType);
    throw error;
  }
  const isExam = examType === 'EXAM';
  const results: PersonExam['results'] = {};
  let score = 0;
  let maxScore = 0;
  if (isExam) {
    for (const question of questions.filter(isScored)) {
      const result = scoreQuestion(question, stored[String(question.id)] as StoredAnswer | undefined, {
        isPartialCredit: paper.isPartialCredit,
      });
      results[String(question.id)] = result;
      score += result.earned;
      maxScore += question.score;
    }
  }
  const finalScore = isExam ? Math.round(score * 100) / 100 : null;
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
    score: finalScore,
    maxScore,
    requestId: requestId ?? '',
  });
  if (!row.assigned) throw new BusinessError('PAPER_NOT_FOUND', { paper: PAPER_WORD[examType] });
  if (row.id === null) {
    // A repeat of a key that submitted this paper answers that submission, as the first answer was.
    const earlier = key ? await earlierSubmission(db, caller.id, key) : undefined;
    if (earlier) return personExamOf(earlier, examType, questions);
    throw new BusinessError('PAPER_ALREADY_SUBMITTED', { paper: PAPER_WORD[examType] });
  }
  return personExamOf(
    {
      id: row.id,
      paperId: row.paper_id,
      answers: row.answers,
      results: row.results,
      score: row.score === null ? null : Number(row.score),
      maxScore: Number(row.max_score),
      submittedAt: row.submitted_at,
    },
    examType,
    questions,
  );
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
