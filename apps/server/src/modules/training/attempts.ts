// The worker's calls on a paper, for both kinds: an assigned paper is answered once as the spec has it (papers.ts);
// a paper HR published is answered in attempts the server keeps. Starting one draws its questions (N per category
// for a drawn exam, in a shuffled order when the paper says so) and fixes its deadline (the time limit, or the
// window's end); its answers are saved as the worker goes; a refresh or another phone resumes it with the same
// questions; at the deadline the server submits what was saved (finishDueAttempts, a job). At most one attempt is
// open per worker and paper, however many phones start one at once; the attempts allowed and the cool-down between
// them are counted from the answers submitted.
import { randomInt } from 'node:crypto';
import type { AnswerMap } from '@ess/contract/paper-engine';
import type { ExamType, PaperDetail, PersonExam } from '@ess/contract/training';
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { type Caller, requireMenu } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, paperAnswers, paperAttempts } from '../../db/schema/index';
import {
  assignedPaperDetail,
  findVisiblePaper,
  loadPaperForScoring,
  MENU_OF,
  PAPER_WORD,
  type PaperForScoring,
  type PaperQuestionOf,
  type PublishedRules,
  readAnswerMap,
  screenQuestionsOf,
  submitAssigned,
  type VisiblePaper,
  writeAnswerMap,
  writeSubmission,
} from './papers';

/** A worker's submission a little after the deadline (the network, the phone's clock) is still taken. */
export const DEADLINE_GRACE_SECONDS = 30;

const chinaClock = (time: number) => new Date(time + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

type AttemptRow = typeof paperAttempts.$inferSelect;

const openAttemptOf = async (db: Db, employeeId: number, paperId: number): Promise<AttemptRow | undefined> => {
  const [row] = await db
    .select()
    .from(paperAttempts)
    .where(
      and(
        eq(paperAttempts.employeeId, employeeId),
        eq(paperAttempts.paperId, paperId),
        isNull(paperAttempts.submittedAt),
      ),
    );
  return row;
};

const isPastGrace = (attempt: Pick<AttemptRow, 'deadlineAt'>, now = Date.now()) =>
  attempt.deadlineAt !== null && attempt.deadlineAt.getTime() + DEADLINE_GRACE_SECONDS * 1000 <= now;

/** An attempt's questions, in its order. */
const questionsOfAttempt = (paper: PaperForScoring, attempt: Pick<AttemptRow, 'questionIds'>) => {
  const byId = new Map(paper.questions.map((question) => [question.id, question]));
  return attempt.questionIds.flatMap((id) => byId.get(id) ?? []);
};

/**
 * Submits an attempt whose time is over with the answers it saved, as the server does at its deadline. Another
 * instance or the worker's own submission may have closed it first: then nothing more happens.
 */
const finishAttempt = async (db: Db, paper: PaperForScoring, attempt: AttemptRow) => {
  const [employee] = await db
    .select({ id: employees.id, empNo: employees.empNo })
    .from(employees)
    .where(eq(employees.id, attempt.employeeId));
  if (!employee) return;
  try {
    await writeSubmission(db, employee, {
      paperId: attempt.paperId,
      examType: paper.examType,
      paper,
      questions: questionsOfAttempt(paper, attempt),
      answer: { stored: attempt.answers },
      requestId: 'deadline',
      attempt: { id: attempt.id, attemptNo: attempt.attemptNo, finishedBy: 'deadline' },
    });
  } catch (error) {
    if (error instanceof BusinessError && error.code === 'PAPER_ATTEMPT_NOT_FOUND') return;
    throw error;
  }
};

/** The open attempts whose deadline (and grace) has passed, submitted by the server: the job's work. */
export const finishDueAttempts = async (db: Db, { limit = 500 }: { limit?: number } = {}) => {
  const due = await db
    .select()
    .from(paperAttempts)
    .where(
      and(
        isNull(paperAttempts.submittedAt),
        sql`${paperAttempts.deadlineAt} + make_interval(secs => ${DEADLINE_GRACE_SECONDS}) <= now()`,
      ),
    )
    .orderBy(paperAttempts.deadlineAt)
    .limit(limit);
  for (const attempt of due) {
    const paper = await loadPaperForScoring(db, attempt.paperId);
    if (paper) await finishAttempt(db, paper, attempt);
  }
  return due.length;
};

/** How many attempts the caller submitted, and when the last one ended. */
const attemptsUsed = async (db: Db, employeeId: number, paperId: number) => {
  const [used] = await db
    .select({ count: count(), lastAt: max(paperAnswers.submittedAt) })
    .from(paperAnswers)
    .where(and(eq(paperAnswers.employeeId, employeeId), eq(paperAnswers.paperId, paperId)));
  return { count: used?.count ?? 0, lastAt: used?.lastAt ? new Date(used.lastAt).getTime() : null };
};

/** Why no new attempt may start now, or null; and when the next one may. */
const startRule = (
  published: PublishedRules,
  examType: ExamType,
  used: { count: number; lastAt: number | null },
  now = Date.now(),
) => {
  const nextStartAt =
    used.lastAt !== null && published.cooldownMinutes > 0 ? used.lastAt + published.cooldownMinutes * 60_000 : null;
  let refusal: BusinessError | null = null;
  if (now < published.opensAt) {
    refusal = new BusinessError('PAPER_NOT_OPEN_YET', {
      paper: PAPER_WORD[examType],
      time: chinaClock(published.opensAt),
    });
  } else if (now >= published.closesAt) {
    refusal = new BusinessError('PAPER_CLOSED', { paper: PAPER_WORD[examType] });
  } else if (used.count >= published.maxAttempts) {
    refusal =
      published.maxAttempts === 1
        ? new BusinessError('PAPER_ALREADY_SUBMITTED', { paper: PAPER_WORD[examType] })
        : new BusinessError('PAPER_ATTEMPTS_USED', { max: published.maxAttempts });
  } else if (nextStartAt !== null && now < nextStartAt) {
    refusal = new BusinessError('PAPER_COOLING_DOWN', { time: chinaClock(nextStartAt) });
  }
  return { refusal, nextStartAt: nextStartAt !== null && nextStartAt > now ? nextStartAt : null };
};

const shuffled = <T>(items: readonly T[]): T[] => {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
};

/** The questions of a new attempt, in its order, and its options' order where they are shuffled. */
export const drawAttempt = (paper: Pick<PaperForScoring, 'questions'>, published: PublishedRules) => {
  let chosen: PaperQuestionOf[];
  if (published.draws) {
    chosen = published.draws.flatMap((draw) =>
      shuffled(paper.questions.filter((question) => question.poolCategoryId === draw.categoryId)).slice(0, draw.count),
    );
  } else {
    chosen = [...paper.questions];
  }
  if (published.shuffleQuestions) chosen = shuffled(chosen);
  const optionOrder: Record<string, number[]> = {};
  if (published.shuffleOptions) {
    for (const question of chosen) {
      if (question.subjectType === 'ST01' || question.subjectType === 'ST02') {
        optionOrder[String(question.id)] = shuffled(question.options.map((option) => option.id));
      }
    }
  }
  return { questionIds: chosen.map((question) => question.id), optionOrder };
};

const secondsLeftOf = (deadlineAt: Date | null, now = Date.now()) =>
  deadlineAt === null ? null : Math.max(0, Math.floor((deadlineAt.getTime() - now) / 1000));

/**
 * A published paper as the worker's screen takes it: its rules, the open attempt with its questions and saved
 * answers, or (none open) the questions of the last attempt submitted, shown read-only with its answer.
 */
const publishedDetail = async (
  db: Db,
  caller: Caller,
  {
    visible,
    paper,
    examType,
    open,
  }: { visible: VisiblePaper; paper: PaperForScoring; examType: ExamType; open?: AttemptRow },
): Promise<PaperDetail> => {
  const published = paper.published as PublishedRules;
  const used = await attemptsUsed(db, caller.id, visible.id);
  const { refusal, nextStartAt } = startRule(published, examType, used);
  let shown: Pick<AttemptRow, 'questionIds' | 'optionOrder'> | undefined = open;
  if (!shown && used.count > 0) {
    const [last] = await db
      .select({ questionIds: paperAttempts.questionIds, optionOrder: paperAttempts.optionOrder })
      .from(paperAttempts)
      .where(and(eq(paperAttempts.employeeId, caller.id), eq(paperAttempts.paperId, visible.id)))
      .orderBy(desc(paperAttempts.attemptNo))
      .limit(1);
    shown = last;
  }
  const questions = shown ? questionsOfAttempt(paper, shown) : [];
  const drawnCount = published.draws
    ? published.draws.reduce((sum, draw) => sum + draw.count, 0)
    : paper.questions.length;
  const fullMarks = published.draws
    ? published.draws.reduce((sum, draw) => sum + draw.count * draw.score, 0)
    : paper.questions.filter((question) => question.key && question.score > 0).reduce((sum, q) => sum + q.score, 0);
  return {
    id: visible.id,
    testName: visible.title,
    description: visible.description,
    examType,
    maxScore: examType === 'EXAM' ? fullMarks : 0,
    questions: screenQuestionsOf(questions, examType, shown?.optionOrder),
    rules: {
      opensAt: chinaClock(published.opensAt),
      closesAt: chinaClock(published.closesAt),
      timeLimitMinutes: published.timeLimitMinutes,
      passScore: published.passScore,
      maxAttempts: published.maxAttempts,
      attemptsUsed: used.count,
      nextStartAt: nextStartAt === null ? null : chinaClock(nextStartAt),
      startRefusal: open ? null : (refusal?.message ?? null),
      questionCount: drawnCount,
      isAnonymous: published.isAnonymous,
    },
    attempt: open
      ? {
          id: open.id,
          attemptNo: open.attemptNo,
          startedAt: chinaClock(open.startedAt.getTime()),
          deadline: open.deadlineAt?.toISOString() ?? null,
          secondsLeft: secondsLeftOf(open.deadlineAt),
          answer: JSON.stringify(writeAnswerMap(questions, open.answers)),
          saveSeq: open.saveSeq,
        }
      : null,
  };
};

/** The paper and its published settings, when the caller may see it: assigned papers answer `published` null. */
const paperFor = async (db: Db, caller: Caller, paperId: number, examType: ExamType) => {
  requireMenu(caller, MENU_OF[examType]);
  const visible = await findVisiblePaper(db, caller, paperId, examType);
  const paper = await loadPaperForScoring(db, paperId);
  if (!paper) throw new BusinessError('PAPER_NOT_FOUND', { paper: PAPER_WORD[examType] });
  return { visible, paper };
};

/** The open attempt, or none once a past-due one was submitted by the server just now. */
const liveAttemptOf = async (db: Db, paper: PaperForScoring, employeeId: number, paperId: number) => {
  const open = await openAttemptOf(db, employeeId, paperId);
  if (open && isPastGrace(open)) {
    await finishAttempt(db, paper, open);
    return undefined;
  }
  return open;
};

/** TrainExam/GetTrainTestWithDetail and TrainOrganize/GetDemandSurveyDetail. */
export const getPaperDetail = async (
  db: Db,
  caller: Caller,
  { paperId, examType }: { paperId: number; examType: ExamType },
): Promise<PaperDetail> => {
  const { visible, paper } = await paperFor(db, caller, paperId, examType);
  if (!paper.published) return assignedPaperDetail(db, visible, examType);
  const open = await liveAttemptOf(db, paper, caller.id, paperId);
  return publishedDetail(db, caller, { visible, paper, examType, open });
};

/** TrainExam/StartAttempt: the open attempt, or a new one when the rules allow it. */
export const startAttempt = async (
  db: Db,
  caller: Caller,
  { paperId, examType }: { paperId: number; examType: ExamType },
): Promise<PaperDetail> => {
  const { visible, paper } = await paperFor(db, caller, paperId, examType);
  const published = paper.published;
  if (!published) return assignedPaperDetail(db, visible, examType);
  let open = await liveAttemptOf(db, paper, caller.id, paperId);
  if (!open) {
    const used = await attemptsUsed(db, caller.id, paperId);
    const { refusal } = startRule(published, examType, used);
    if (refusal) throw refusal;
    const { questionIds, optionOrder } = drawAttempt(paper, published);
    const now = Date.now();
    const limit =
      published.timeLimitMinutes === null ? Number.POSITIVE_INFINITY : now + published.timeLimitMinutes * 60_000;
    const deadline = Math.min(limit, published.closesAt);
    // Two phones starting at once: one insert wins (one open attempt per worker and paper), the other reads it.
    const [created] = await db
      .insert(paperAttempts)
      .values({
        paperId,
        employeeId: caller.id,
        attemptNo: used.count + 1,
        questionIds,
        optionOrder,
        deadlineAt: Number.isFinite(deadline) ? new Date(deadline) : null,
      })
      .onConflictDoNothing()
      .returning();
    open = created ?? (await openAttemptOf(db, caller.id, paperId));
    if (!open) throw new BusinessError('PAPER_ATTEMPT_NOT_FOUND');
  }
  return publishedDetail(db, caller, { visible, paper, examType, open });
};

/**
 * TrainExam/SaveAnswers: the open attempt's answers so far, in one statement. A save older than the one kept (its
 * seq) changes nothing and answers the time of the one kept; after the deadline the attempt is submitted instead.
 */
export const saveAttemptAnswers = async (
  db: Db,
  caller: Caller,
  { paperId, attemptId, seq, answer }: { paperId: number; attemptId: number; seq: number; answer: AnswerMap },
): Promise<{ savedAt: string; secondsLeft: number | null }> => {
  const paper = await loadPaperForScoring(db, paperId);
  if (!paper?.published) throw new BusinessError('PAPER_ATTEMPT_NOT_FOUND');
  // Checked against the whole paper: an answer to a question the attempt did not draw is never scored.
  const stored = readAnswerMap(paper.questions, answer);
  const { rows } = await db.$client.query<{ saved_at: string; deadline_at: Date | null }>({
    name: 'paper_attempt_save',
    text: `update paper_attempts set answers = $4::jsonb, save_seq = $5, saved_at = now()
           where id = $1 and employee_id = $2 and paper_id = $3 and submitted_at is null and save_seq < $5
             and (deadline_at is null or deadline_at + make_interval(secs => $6) > now())
           returning to_char(saved_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as saved_at, deadline_at`,
    values: [attemptId, caller.id, paperId, JSON.stringify(stored), seq, DEADLINE_GRACE_SECONDS],
  });
  const [saved] = rows;
  if (saved) return { savedAt: saved.saved_at, secondsLeft: secondsLeftOf(saved.deadline_at) };
  // Nothing saved: say why.
  const [attempt] = await db
    .select()
    .from(paperAttempts)
    .where(and(eq(paperAttempts.id, attemptId), eq(paperAttempts.employeeId, caller.id)));
  if (!attempt || attempt.paperId !== paperId) throw new BusinessError('PAPER_ATTEMPT_NOT_FOUND');
  if (attempt.submittedAt !== null) throw new BusinessError('PAPER_ATTEMPT_OVER');
  if (isPastGrace(attempt)) {
    await finishAttempt(db, paper, attempt);
    throw new BusinessError('PAPER_ATTEMPT_OVER');
  }
  // A newer save is kept already.
  return {
    savedAt: attempt.savedAt ? chinaClock(attempt.savedAt.getTime()).concat(':00') : '',
    secondsLeft: secondsLeftOf(attempt.deadlineAt),
  };
};

/** TrainOrganize/ModifyEmployeeExam: an assigned paper's one answer, or a published paper's open attempt. */
export const submitPaper = async (
  db: Db,
  caller: Caller,
  {
    submission,
    idempotencyKey,
    requestId,
  }: {
    submission: { paperId: number; attemptId?: number; answer: AnswerMap; examType: ExamType };
    idempotencyKey?: string;
    requestId?: string;
  },
): Promise<PersonExam> => {
  const { paperId, examType } = submission;
  requireMenu(caller, MENU_OF[examType]);
  const paper = await loadPaperForScoring(db, paperId);
  if (!paper || paper.examType !== examType)
    throw new BusinessError('PAPER_NOT_FOUND', { paper: PAPER_WORD[examType] });
  if (!paper.published) return submitAssigned(db, caller, { paper, submission, idempotencyKey, requestId });
  const open = await openAttemptOf(db, caller.id, paperId);
  if (!open || (submission.attemptId !== undefined && submission.attemptId !== open.id)) {
    throw new BusinessError('PAPER_ATTEMPT_NOT_FOUND');
  }
  if (isPastGrace(open)) {
    await finishAttempt(db, paper, open);
    throw new BusinessError('PAPER_ATTEMPT_OVER');
  }
  return writeSubmission(db, caller, {
    paperId,
    examType,
    paper,
    questions: questionsOfAttempt(paper, open),
    answer: { map: submission.answer },
    idempotencyKey,
    requestId,
    attempt: { id: open.id, attemptNo: open.attemptNo, finishedBy: 'worker' },
  });
};
