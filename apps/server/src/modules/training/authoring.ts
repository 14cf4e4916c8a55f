// 考试与问卷 in the console: HR publishes an exam or a survey built from the bank to an audience for a window, sees
// its papers with how many have started and submitted, and withdraws one. The paper keeps copies of its questions
// (paper_questions): for a drawn exam every keyed question of each category it draws from, the attempt drawing its
// own. An HRAdmin manages the papers all of whose plants they administer; a company-wide one is the SysAdmin's.
import { describeAudience } from '@ess/contract/audience';
import type { PaperDraft, PaperRow, PaperState } from '@ess/contract/paper-authoring';
import type { ExamType } from '@ess/contract/training';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  audienceIncludes,
  audienceRuleOf,
  managedByCaller,
  splitAudience,
  storedAudienceColumns,
  storedAudienceOf,
} from '../../core/audience';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import { sendMessages } from '../../core/messages';
import type { Db } from '../../db/client';
import { totalOver } from '../../db/paging';
import { employees, type PaperDraw, paperQuestions, papers } from '../../db/schema/index';
import { SHANGHAI_TOMORROW, shanghaiInput, shanghaiTime } from '../../db/shanghai-time';
import { withTransaction } from '../../db/transaction';
import { poolsForDraws, type QuestionForPaper, questionsForPaper } from '../question-bank/service';
import { fullMarksOf } from './papers';

type Copy = { question: QuestionForPaper; score: number; poolCategoryId: number | null };

/** The bank questions the draft names, as the paper will keep them; a drawn exam's pools with their keyed questions. */
const copiesOf = async (
  tx: Parameters<typeof questionsForPaper>[0],
  caller: Caller,
  draft: PaperDraft,
  plants: readonly string[],
): Promise<{ copies: Copy[]; draws: PaperDraw[] | null }> => {
  const isExam = draft.examType === 'EXAM';
  if (draft.questions.length > 0) {
    const rows = await questionsForPaper(tx, caller, {
      ids: draft.questions.map((question) => question.bankQuestionId),
      plants,
    });
    return {
      copies: rows.map((question, index) => {
        const score = isExam ? (draft.questions[index]?.score ?? 0) : 0;
        if (score > 0 && !question.answerKey) throw new BusinessError('PAPER_QUESTION_UNSCORED', { number: index + 1 });
        return { question, score, poolCategoryId: null };
      }),
      draws: null,
    };
  }
  const pools = await poolsForDraws(tx, caller, { categoryIds: draft.draws.map((draw) => draw.categoryId), plants });
  const copies: Copy[] = [];
  const draws = draft.draws.map((draw) => {
    const pool = pools.get(draw.categoryId) ?? { name: '', questions: [] };
    // Drawn questions must be scorable: the pool is the category's questions with a key.
    const keyed = pool.questions.filter((question) => question.answerKey !== null);
    if (keyed.length < draw.count) {
      throw new BusinessError('PAPER_POOL_TOO_SMALL', {
        category: pool.name,
        available: keyed.length,
        count: draw.count,
      });
    }
    copies.push(...keyed.map((question) => ({ question, score: draw.score, poolCategoryId: draw.categoryId })));
    return { categoryId: draw.categoryId, categoryName: pool.name, count: draw.count, score: draw.score };
  });
  return { copies, draws };
};

export const publishPaper = async (
  db: Db,
  caller: Caller,
  { draft, requestId, idempotencyKey }: { draft: PaperDraft; requestId: string; idempotencyKey?: string },
): Promise<{ id: number }> => {
  requirePlantAdmin(caller);
  return withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'paper.publish' } : undefined,
    async (tx) => {
      const audience = await storedAudienceOf(tx, caller, draft.audience);
      // The bank of the paper's plants (a company-wide paper: of any plant the caller administers).
      const { copies, draws } = await copiesOf(tx, caller, draft, audience.plants);
      const isExam = draft.examType === 'EXAM';
      const [created] = await tx
        .insert(papers)
        .values({
          examType: draft.examType,
          title: draft.title,
          description: draft.description,
          isPartialCredit: isExam && draft.isPartialCredit,
          isAuthored: true,
          ...audience,
          opensAt: shanghaiInput(draft.opensAt),
          closesAt: shanghaiInput(draft.closesAt),
          timeLimitMinutes: draft.timeLimitMinutes ?? null,
          passScore: isExam ? (draft.passScore ?? null) : null,
          maxAttempts: draft.maxAttempts,
          cooldownMinutes: draft.cooldownMinutes,
          shuffleQuestions: draft.shuffleQuestions,
          shuffleOptions: draft.shuffleOptions,
          reviewMode: draft.reviewMode,
          isAnonymous: !isExam && draft.isAnonymous,
          draws,
          createdBy: caller.id,
        })
        .returning({ id: papers.id });
      if (!created) throw new Error('the paper was not stored');
      await tx.insert(paperQuestions).values(
        copies.map(({ question, score, poolCategoryId }, index) => ({
          paperId: created.id,
          sort: index + 1,
          subject: question.subject,
          subjectType: question.subjectType,
          isMust: question.isMust ? 'Y' : 'N',
          options: question.options,
          // A survey is never scored: its questions keep no key.
          answerKey: isExam ? question.answerKey : null,
          score,
          explanation: question.explanation,
          sourceQuestionId: question.id,
          poolCategoryId,
        })),
      );
      // A message to each worker of the audience today (the app's 消息, and their WeCom where it is connected).
      const word = isExam ? '考试' : '问卷';
      await sendMessages(
        { tx },
        {
          to: { query: audienceOfPaper(created.id) },
          title: `新的${word}：${draft.title}`,
          body: `${draft.opensAt} 至 ${draft.closesAt}，请在截止前完成。`,
          link: paperPage(created.id),
          category: 'training',
        },
      );
      await recordAudit(tx, {
        actor: caller,
        action: 'paper.publish',
        subject: { type: 'paper', id: created.id },
        after: {
          title: draft.title,
          examType: draft.examType,
          audience: describeAudience(draft.audience),
          opensAt: draft.opensAt,
          closesAt: draft.closesAt,
          questions: draws ? draws.map((draw) => `${draw.categoryName} ${draw.count} 题`).join('、') : copies.length,
        },
        requestId,
      });
      return { id: created.id };
    },
  );
};

const stateOf = sql<PaperState>`case
  when ${papers.withdrawnAt} is not null then 'withdrawn'
  when ${papers.opensAt} > now() then 'scheduled'
  when ${papers.closesAt} <= now() then 'closed'
  else 'open' end`;

/** Questions an attempt shows: the drawn counts, or every question of a fixed paper. */
const questionCountOf = sql<number>`(case when papers.draws is null
  then (select count(*) from paper_questions q where q.paper_id = papers.id)
  else (select coalesce(sum((d->>'count')::int), 0) from jsonb_array_elements(papers.draws) d) end)::int`;

const author = alias(employees, 'author');

export const listAuthoredPapers = async (
  db: Db,
  caller: Caller,
  filter: {
    bu?: string;
    examType?: ExamType;
    /** Only papers opened by now and not withdrawn (the dashboard's latest exam). */
    hasOpened?: boolean;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: PaperRow[]; totalCount: number }> => {
  requirePlantAdmin(caller, filter.bu);
  const conditions: (SQL | undefined)[] = [
    eq(papers.isAuthored, true),
    managedByCaller(caller, papers.plants),
    filter.bu ? sql`${filter.bu} = any(${papers.plants})` : undefined,
    filter.examType ? eq(papers.examType, filter.examType) : undefined,
    filter.hasOpened ? sql`${papers.withdrawnAt} is null and ${papers.opensAt} <= now()` : undefined,
  ];
  const rows = await db
    .select({
      id: papers.id,
      examType: papers.examType,
      title: papers.title,
      ...storedAudienceColumns(papers),
      state: stateOf,
      opensAt: shanghaiTime(papers.opensAt),
      closesAt: shanghaiTime(papers.closesAt),
      questionCount: questionCountOf,
      fullMarks: fullMarksOf,
      passScore: papers.passScore,
      timeLimitMinutes: papers.timeLimitMinutes,
      maxAttempts: papers.maxAttempts,
      isDrawn: sql<boolean>`${papers.draws} is not null`,
      isAnonymous: papers.isAnonymous,
      authorName: sql<string>`coalesce(${author.name}, '')`,
      createdAt: shanghaiTime(papers.createdAt),
      startedCount: sql<number>`(select count(distinct t.employee_id) from paper_attempts t where t.paper_id = papers.id)::int`,
      submittedCount: sql<number>`(select count(distinct a.employee_id) from paper_answers a where a.paper_id = papers.id)::int`,
      total: totalOver(),
    })
    .from(papers)
    .leftJoin(author, eq(author.id, papers.createdBy))
    .where(and(...conditions))
    .orderBy(desc(papers.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const listed: PaperRow[] = [];
  for (const { total: _total, ...selected } of rows) {
    const { audience, rest: row } = splitAudience(selected);
    const rule = await audienceRuleOf(db, audience);
    listed.push({
      ...row,
      plants: audience.plants,
      examType: row.examType as ExamType,
      opensAt: row.opensAt ?? '',
      closesAt: row.closesAt ?? '',
      audience: describeAudience(rule),
    });
  }
  return {
    rows: listed,
    totalCount: rows[0]?.total ?? 0,
  };
};

/** Takes a paper out of the app: no attempt starts; the answers stay for the results. */
export const withdrawPaper = async (db: Db, caller: Caller, { id, requestId }: { id: number; requestId: string }) => {
  requirePlantAdmin(caller);
  await withTransaction(db, async (tx) => {
    const [paper] = await tx
      .update(papers)
      .set({ withdrawnAt: sql`coalesce(${papers.withdrawnAt}, now())` })
      .where(and(eq(papers.id, id), eq(papers.isAuthored, true), managedByCaller(caller, papers.plants)))
      .returning({ title: papers.title });
    if (!paper) throw new BusinessError('PAPER_ADMIN_NOT_FOUND');
    await recordAudit(tx, {
      actor: caller,
      action: 'paper.withdraw',
      subject: { type: 'paper', id },
      before: { title: paper.title },
      requestId,
    });
  });
};

/** The ids of the employees in service a paper's audience includes today. */
const audienceOfPaper = (id: number) =>
  sql`select ${employees.id} as id from ${papers}
      join ${employees} on ${employees.leftOn} is null and ${audienceIncludes(papers)}
      where ${papers.id} = ${id}`;

/** Where a worker's messages about a paper lead. */
const paperPage = (id: number) => `/paper/paper-detail?Id=${id}`;

/**
 * The day before a published paper closes: a message to each of its audience who has not submitted, once (the job
 * training-reminders, every morning). Answers how many were told.
 */
export const remindClosingTomorrow = async (db: Db) => {
  const { rows: closing } = await db.execute<{ id: number; title: string; type: string; closes: string }>(sql`
    update ${papers} set close_reminded_at = now()
    where is_authored and withdrawn_at is null and close_reminded_at is null
      and closes_at >= ${SHANGHAI_TOMORROW.from} and closes_at < ${SHANGHAI_TOMORROW.to}
    returning id, title, exam_type as type, ${shanghaiTime(papers.closesAt)} as closes`);
  let told = 0;
  for (const paper of closing) {
    const word = paper.type === 'EXAM' ? '考试' : '问卷';
    const reached = await sendMessages(
      { tx: db },
      {
        to: {
          query: sql`${audienceOfPaper(paper.id)}
            and not exists (select 1 from paper_answers a where a.paper_id = ${paper.id} and a.employee_id = ${employees.id})`,
        },
        title: `${word}明天截止：${paper.title}`,
        body: `请在 ${paper.closes} 前完成。`,
        link: paperPage(paper.id),
        category: 'training',
      },
    );
    told += reached.length;
  }
  return told;
};
