// 题库: HR's questions per plant, in categories. Every call is scoped to the plants the caller administers (a
// category of another plant is answered as absent); every change is one transaction with its audit row. The key of
// a question is HR's: it leaves the server only through these console calls, never through the app's.

import type { SubjectType } from '@ess/contract/paper-engine';
import {
  type BankImportResult,
  type BankQuestion,
  type CategoryRow,
  MAX_BANK_EXPORT_ROWS,
  MAX_BANK_IMPORT_ROWS,
  QUESTION_TYPE_LABELS,
  type QuestionDraft,
  type QuestionFields,
} from '@ess/contract/question-bank';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import type { Db } from '../../db/client';
import { likeText } from '../../db/like';
import { totalOver } from '../../db/paging';
import { bankQuestions, questionCategories, type StoredAnswerKey, type StoredOption } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { readSheet, rejectedWorkbook } from '../imports/service';
import { bankWorkbook, findColumns, readBankSheet } from './workbook';

export { bankTemplate } from './workbook';

const adminPlantsOf = (caller: Caller) => [...caller.adminPlants];

/** The caller's plants, or the one asked for when it is one of them (another plant's: refused). */
const plantsAsked = (caller: Caller, bu: string | undefined) => {
  requirePlantAdmin(caller, bu);
  return bu ? [bu] : adminPlantsOf(caller);
};

const short = (value: string, length = 60) => (value.length > length ? `${value.slice(0, length)}…` : value);

// ——— Categories ———

export const listCategories = async (db: Db, caller: Caller, bu: string | undefined): Promise<CategoryRow[]> => {
  const plants = plantsAsked(caller, bu);
  if (plants.length === 0) return [];
  return db
    .select({
      id: questionCategories.id,
      bu: questionCategories.bu,
      name: questionCategories.name,
      // Qualified by hand: inside the subquery a bare "id" would be the question's.
      questionCount: sql<number>`(select count(*) from bank_questions q where q.category_id = question_categories.id)::int`,
    })
    .from(questionCategories)
    .where(inArray(questionCategories.bu, plants))
    .orderBy(asc(questionCategories.bu), asc(questionCategories.name));
};

/** A category the caller administers, for update when `forUpdate`; absent otherwise. */
const findCategory = async (db: Executor, caller: Caller, id: number, { forUpdate = false } = {}) => {
  const query = db
    .select({ id: questionCategories.id, bu: questionCategories.bu, name: questionCategories.name })
    .from(questionCategories)
    .where(eq(questionCategories.id, id));
  const [found] = forUpdate ? await query.for('update') : await query;
  if (!found || !caller.adminPlants.has(found.bu)) throw new BusinessError('QUESTION_CATEGORY_NOT_FOUND');
  return found;
};

const isUniqueViolation = (error: unknown, constraint: string) => {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint: name } = cause as { code?: string; constraint?: string };
  return code === '23505' && name === constraint;
};

export const saveCategory = async (
  db: Db,
  caller: Caller,
  { draft, requestId }: { draft: { id?: number; bu: string; name: string }; requestId: string },
): Promise<{ id: number }> => {
  requirePlantAdmin(caller, draft.bu);
  try {
    return await withTransaction(db, async (tx) => {
      if (draft.id === undefined) {
        const [created] = await tx
          .insert(questionCategories)
          .values({ bu: draft.bu, name: draft.name })
          .returning({ id: questionCategories.id });
        if (!created) throw new Error('the category was not stored');
        await recordAudit(tx, {
          actor: caller,
          action: 'question-category.create',
          subject: { type: 'question-category', id: created.id },
          after: { bu: draft.bu, name: draft.name },
          requestId,
        });
        return created;
      }
      const before = await findCategory(tx, caller, draft.id, { forUpdate: true });
      // A category keeps its plant: its questions were written for that plant's workers.
      if (before.bu !== draft.bu) throw new BusinessError('QUESTION_CATEGORY_PLANT_FIXED');
      await tx.update(questionCategories).set({ name: draft.name }).where(eq(questionCategories.id, before.id));
      await recordAudit(tx, {
        actor: caller,
        action: 'question-category.rename',
        subject: { type: 'question-category', id: before.id },
        before: { name: before.name },
        after: { name: draft.name },
        requestId,
      });
      return { id: before.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'question_categories_bu_name')) {
      throw new BusinessError('QUESTION_CATEGORY_EXISTS', { name: draft.name });
    }
    throw error;
  }
};

export const deleteCategory = async (db: Db, caller: Caller, { id, requestId }: { id: number; requestId: string }) => {
  requirePlantAdmin(caller);
  await withTransaction(db, async (tx) => {
    const found = await findCategory(tx, caller, id, { forUpdate: true });
    const [{ questions } = { questions: 0 }] = await tx
      .select({ questions: count() })
      .from(bankQuestions)
      .where(eq(bankQuestions.categoryId, id));
    if (questions > 0) throw new BusinessError('QUESTION_CATEGORY_NOT_EMPTY', { count: questions });
    await tx.delete(questionCategories).where(eq(questionCategories.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'question-category.delete',
      subject: { type: 'question-category', id },
      before: { bu: found.bu, name: found.name },
      requestId,
    });
  });
};

// ——— Questions ———

/** A question's stored form: options with stable ids (an edited option keeps its id), and its key, if any. */
export const storedQuestionOf = (
  fields: Pick<QuestionFields, 'subjectType' | 'options' | 'judge' | 'blanks'>,
  previous: readonly StoredOption[] = [],
): { options: StoredOption[]; answerKey: StoredAnswerKey | null } => {
  const known = new Set(previous.map((option) => option.id));
  let next = Math.max(0, ...previous.map((option) => option.id));
  const used = new Set<number>();
  const options = fields.options.map((option) => {
    const id = option.id !== undefined && known.has(option.id) && !used.has(option.id) ? option.id : ++next;
    used.add(id);
    return { id, content: option.content, isFill: option.isFill, isCorrect: option.isCorrect };
  });
  let answerKey: StoredAnswerKey | null = null;
  const type = fields.subjectType;
  if (type === 'ST01' || type === 'ST02') {
    const right = options.filter((option) => option.isCorrect).map((option) => option.id);
    if (right.length > 0) answerKey = { optionIds: right };
  } else if (type === 'ST03' && fields.judge) {
    answerKey = { judge: fields.judge };
  } else if (type === 'ST04' && fields.blanks.length > 0) {
    answerKey = { blanks: fields.blanks };
  }
  return { options: options.map(({ id, content, isFill }) => ({ id, content, isFill })), answerKey };
};

const questionColumns = {
  id: bankQuestions.id,
  categoryId: bankQuestions.categoryId,
  categoryName: questionCategories.name,
  bu: questionCategories.bu,
  subjectType: bankQuestions.subjectType,
  subject: bankQuestions.subject,
  options: bankQuestions.options,
  answerKey: bankQuestions.answerKey,
  score: bankQuestions.score,
  explanation: bankQuestions.explanation,
  isMust: bankQuestions.isMust,
  updatedAt: shanghaiTime(bankQuestions.updatedAt),
};

type QuestionRow = {
  id: number;
  categoryId: number;
  categoryName: string;
  bu: string;
  subjectType: string;
  subject: string;
  options: StoredOption[];
  answerKey: StoredAnswerKey | null;
  score: number;
  explanation: string;
  isMust: boolean;
  updatedAt: string | null;
};

const bankQuestionOf = (row: QuestionRow): BankQuestion => {
  const right = new Set(row.answerKey?.optionIds ?? []);
  return {
    id: row.id,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    bu: row.bu,
    subjectType: row.subjectType as SubjectType,
    subject: row.subject,
    options: row.options.map((option) => ({ ...option, isCorrect: right.has(option.id) })),
    judge: row.answerKey?.judge ?? null,
    blanks: row.answerKey?.blanks ?? [],
    score: row.score,
    explanation: row.explanation,
    isMust: row.isMust,
    updatedAt: row.updatedAt ?? '',
  };
};

export type QuestionFilter = {
  bu?: string;
  categoryId?: number;
  subjectType?: SubjectType;
  keyword?: string;
  page: number;
  pageSize: number;
};

/** The condition of a list or an export; a category named must be one the caller administers. */
const filterOf = async (
  db: Db,
  caller: Caller,
  filter: Omit<QuestionFilter, 'page' | 'pageSize'>,
): Promise<SQL | undefined> => {
  const plants = plantsAsked(caller, filter.bu);
  if (filter.categoryId !== undefined) await findCategory(db, caller, filter.categoryId);
  return and(
    plants.length === 0 ? sql`false` : inArray(questionCategories.bu, plants),
    filter.categoryId === undefined ? undefined : eq(bankQuestions.categoryId, filter.categoryId),
    filter.subjectType === undefined ? undefined : eq(bankQuestions.subjectType, filter.subjectType),
    filter.keyword === undefined ? undefined : ilike(bankQuestions.subject, `%${likeText(filter.keyword)}%`),
  );
};

export const listQuestions = async (
  db: Db,
  caller: Caller,
  filter: QuestionFilter,
): Promise<{ rows: BankQuestion[]; totalCount: number }> => {
  const rows = await db
    .select({ ...questionColumns, total: totalOver() })
    .from(bankQuestions)
    .innerJoin(questionCategories, eq(questionCategories.id, bankQuestions.categoryId))
    .where(await filterOf(db, caller, filter))
    .orderBy(desc(bankQuestions.updatedAt), desc(bankQuestions.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { rows: rows.map(bankQuestionOf), totalCount: rows[0]?.total ?? 0 };
};

const auditedFields = (draft: QuestionFields, categoryName: string) => ({
  category: categoryName,
  subjectType: QUESTION_TYPE_LABELS[draft.subjectType],
  subject: short(draft.subject),
  score: draft.score,
});

export const saveQuestion = async (
  db: Db,
  caller: Caller,
  { draft, requestId, idempotencyKey }: { draft: QuestionDraft; requestId: string; idempotencyKey?: string },
): Promise<{ id: number }> => {
  requirePlantAdmin(caller);
  try {
    return await withIdempotentTransaction(
      db,
      idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'question.save' } : undefined,
      async (tx) => {
        const category = await findCategory(tx, caller, draft.categoryId);
        const values = {
          categoryId: category.id,
          subjectType: draft.subjectType,
          subject: draft.subject,
          score: draft.score,
          explanation: draft.explanation,
          isMust: draft.isMust,
        };
        if (draft.id === undefined) {
          const [created] = await tx
            .insert(bankQuestions)
            .values({ ...values, ...storedQuestionOf(draft), createdBy: caller.id })
            .returning({ id: bankQuestions.id });
          if (!created) throw new Error('the question was not stored');
          await recordAudit(tx, {
            actor: caller,
            action: 'question.create',
            subject: { type: 'question', id: created.id },
            after: auditedFields(draft, category.name),
            requestId,
          });
          return created;
        }
        const [before] = await tx
          .select(questionColumns)
          .from(bankQuestions)
          .innerJoin(questionCategories, eq(questionCategories.id, bankQuestions.categoryId))
          .where(eq(bankQuestions.id, draft.id))
          .for('update', { of: bankQuestions });
        if (!before || !caller.adminPlants.has(before.bu)) throw new BusinessError('QUESTION_NOT_FOUND');
        await tx
          .update(bankQuestions)
          .set({ ...values, ...storedQuestionOf(draft, before.options), updatedAt: sql`now()` })
          .where(eq(bankQuestions.id, draft.id));
        const old = bankQuestionOf(before);
        await recordAudit(tx, {
          actor: caller,
          action: 'question.update',
          subject: { type: 'question', id: draft.id },
          before: auditedFields({ ...old, options: [], blanks: [] } as QuestionFields, before.categoryName),
          after: auditedFields(draft, category.name),
          requestId,
        });
        return { id: draft.id };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'bank_questions_same_subject')) throw new BusinessError('QUESTION_DUPLICATE');
    throw error;
  }
};

export const deleteQuestions = async (
  db: Db,
  caller: Caller,
  { ids, requestId }: { ids: number[]; requestId: string },
): Promise<{ deleted: number }> => {
  requirePlantAdmin(caller);
  const plants = adminPlantsOf(caller);
  if (plants.length === 0) throw new BusinessError('QUESTION_NOT_FOUND');
  return withTransaction(db, async (tx) => {
    const gone = await tx
      .delete(bankQuestions)
      .where(
        and(
          inArray(bankQuestions.id, [...new Set(ids)]),
          inArray(
            bankQuestions.categoryId,
            tx
              .select({ id: questionCategories.id })
              .from(questionCategories)
              .where(inArray(questionCategories.bu, plants)),
          ),
        ),
      )
      .returning({ id: bankQuestions.id, subject: bankQuestions.subject });
    if (gone.length === 0) throw new BusinessError('QUESTION_NOT_FOUND');
    await recordAudit(tx, {
      actor: caller,
      action: 'question.delete',
      subject: { type: 'question', id: gone.map((row) => row.id).join(',') },
      before: { subjects: gone.map((row) => short(row.subject, 30)) },
      requestId,
    });
    return { deleted: gone.length };
  });
};

// ——— The sheet: export and import ———

export const exportQuestions = async (
  db: Db,
  caller: Caller,
  filter: { bu?: string; categoryId?: number },
): Promise<{ fileName: string; contentBase64: string }> => {
  const rows = await db
    .select(questionColumns)
    .from(bankQuestions)
    .innerJoin(questionCategories, eq(questionCategories.id, bankQuestions.categoryId))
    .where(await filterOf(db, caller, filter))
    .orderBy(asc(questionCategories.bu), asc(questionCategories.name), asc(bankQuestions.id))
    .limit(MAX_BANK_EXPORT_ROWS + 1);
  if (rows.length > MAX_BANK_EXPORT_ROWS)
    throw new BusinessError('QUESTION_EXPORT_TOO_LARGE', { max: MAX_BANK_EXPORT_ROWS });
  const questions = rows.map(bankQuestionOf);
  const scope =
    filter.categoryId !== undefined && questions[0]
      ? `${questions[0].bu}-${questions[0].categoryName}`
      : (filter.bu ?? '全部工厂');
  return bankWorkbook(`题库-${scope}.xlsx`, questions);
};

/**
 * Reads a sheet of questions into a plant's bank: the categories it names are made when new, a question already in
 * its category (same type and subject) is updated, the others added, all in one transaction with one audit row.
 * Rows that are not questions are answered as a sheet with 错误原因, to fix and upload again; re-uploading the
 * whole file is harmless, as its taken rows only update themselves.
 */
export const importQuestions = async (
  db: Db,
  caller: Caller,
  { bu, fileName, bytes, requestId }: { bu: string; fileName: string; bytes: Buffer; requestId: string },
): Promise<BankImportResult> => {
  requirePlantAdmin(caller, bu);
  const sheet = readSheet(bytes, fileName);
  const columns = findColumns(sheet.headers);
  if ('missing' in columns) {
    throw new BusinessError('INVALID_INPUT', { detail: `缺少列：${columns.missing.join('、')}，请使用题库导入模板` });
  }
  if (sheet.rows.length === 0) throw new BusinessError('INVALID_INPUT', { detail: '文件中没有题目' });
  if (sheet.rows.length > MAX_BANK_IMPORT_ROWS) {
    throw new BusinessError('INVALID_INPUT', { detail: `一次最多导入 ${MAX_BANK_IMPORT_ROWS} 题，请分成几个文件` });
  }
  const rejected: { row: number; reason: string; cells: string[] }[] = [];
  const taken = new Map<string, number>();
  const accepted: { categoryName: string; fields: Omit<QuestionFields, 'categoryId'> }[] = [];
  for (const { rowNo, cells, read } of readBankSheet(sheet, columns)) {
    if ('reason' in read) {
      rejected.push({ row: rowNo, reason: read.reason, cells });
      continue;
    }
    const sameKey = `${read.categoryName}\u0000${read.fields.subjectType}\u0000${read.fields.subject}`;
    const earlier = taken.get(sameKey);
    if (earlier !== undefined) {
      rejected.push({ row: rowNo, reason: `与第 ${earlier} 行是同一题`, cells });
      continue;
    }
    taken.set(sameKey, rowNo);
    accepted.push(read);
  }
  const written =
    accepted.length === 0
      ? { created: 0, updated: 0, createdCategories: [] }
      : await writeImported(db, caller, { bu, accepted, fileName, rejected: rejected.length, requestId });
  return {
    ...written,
    rejectedCount: rejected.length,
    rejected:
      rejected.length === 0
        ? null
        : rejectedWorkbook({
            fileName: `${fileName.replace(/\.[^.]*$/, '')}-未导入的行`,
            headers: sheet.headers,
            rows: rejected,
          }),
  };
};

const writeImported = async (
  db: Db,
  caller: Caller,
  {
    bu,
    accepted,
    fileName,
    rejected,
    requestId,
  }: {
    bu: string;
    accepted: { categoryName: string; fields: Omit<QuestionFields, 'categoryId'> }[];
    fileName: string;
    rejected: number;
    requestId: string;
  },
) =>
  withTransaction(db, async (tx) => {
    const names = [...new Set(accepted.map((row) => row.categoryName))];
    const made = await tx
      .insert(questionCategories)
      .values(names.map((name) => ({ bu, name })))
      .onConflictDoNothing()
      .returning({ name: questionCategories.name });
    const categories = await tx
      .select({ id: questionCategories.id, name: questionCategories.name })
      .from(questionCategories)
      .where(and(eq(questionCategories.bu, bu), inArray(questionCategories.name, names)));
    const idOf = new Map(categories.map((row) => [row.name, row.id]));
    const input = accepted.map(({ categoryName, fields }) => {
      const { options, answerKey } = storedQuestionOf(fields);
      return {
        category_id: idOf.get(categoryName),
        subject_type: fields.subjectType,
        subject: fields.subject,
        options,
        answer_key: answerKey,
        score: fields.score,
        explanation: fields.explanation,
        is_must: fields.isMust,
      };
    });
    // One statement for the whole file; a question already in its category (same type and subject) is updated.
    const { rows } = await tx.execute<{ inserted: boolean }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as s(
          category_id int, subject_type text, subject text, options jsonb, answer_key jsonb, score numeric,
          explanation text, is_must boolean)
      )
      insert into bank_questions (category_id, subject_type, subject, options, answer_key, score, explanation,
                                  is_must, created_by)
      select category_id, subject_type, subject, options, answer_key, score, explanation, is_must, ${caller.id}::int
      from input
      on conflict (category_id, subject_type, md5(subject)) do update
        set options = excluded.options, answer_key = excluded.answer_key, score = excluded.score,
            explanation = excluded.explanation, is_must = excluded.is_must, updated_at = now()
      returning (xmax = 0) as inserted`);
    const created = rows.filter((row) => row.inserted).length;
    const result = { created, updated: rows.length - created, createdCategories: made.map((row) => row.name) };
    await recordAudit(tx, {
      actor: caller,
      action: 'question.import',
      subject: { type: 'question-bank', id: bu },
      after: { fileName, ...result, rejected },
      requestId,
    });
    return result;
  });

// ——— For papers ———

/** A bank question as a paper copies it. */
export type QuestionForPaper = {
  id: number;
  bu: string;
  categoryId: number;
  categoryName: string;
  subjectType: SubjectType;
  subject: string;
  options: StoredOption[];
  answerKey: StoredAnswerKey | null;
  score: number;
  explanation: string;
  isMust: boolean;
};

/** What a paper copies of a question: the console's columns but the time of the last edit. */
const { updatedAt: _updatedAt, ...paperColumns } = questionColumns;

/**
 * The bank questions a paper names, in the order named, each of a plant among `plants` (the paper's, all the
 * caller's): one missing or of another plant is refused by its place in the list.
 */
export const questionsForPaper = async (
  db: Executor,
  caller: Caller,
  { ids, plants }: { ids: readonly number[]; plants: readonly string[] },
): Promise<QuestionForPaper[]> => {
  const rows = (await db
    .select(paperColumns)
    .from(bankQuestions)
    .innerJoin(questionCategories, eq(questionCategories.id, bankQuestions.categoryId))
    .where(inArray(bankQuestions.id, [...ids]))) as QuestionForPaper[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id, index) => {
    const row = byId.get(id);
    if (!row || !caller.adminPlants.has(row.bu) || (plants.length > 0 && !plants.includes(row.bu))) {
      throw new BusinessError('PAPER_QUESTION_UNAVAILABLE', { number: index + 1 });
    }
    return row;
  });
};

/** The categories a drawn exam draws from, each with its name and questions (of the caller's plants; others refused). */
export const poolsForDraws = async (
  db: Executor,
  caller: Caller,
  { categoryIds, plants }: { categoryIds: readonly number[]; plants: readonly string[] },
): Promise<Map<number, { name: string; questions: QuestionForPaper[] }>> => {
  const pools = new Map<number, { name: string; questions: QuestionForPaper[] }>();
  for (const id of categoryIds) {
    const category = await findCategory(db, caller, id);
    if (plants.length > 0 && !plants.includes(category.bu)) throw new BusinessError('QUESTION_CATEGORY_NOT_FOUND');
    pools.set(id, { name: category.name, questions: [] });
  }
  const rows = (await db
    .select(paperColumns)
    .from(bankQuestions)
    .innerJoin(questionCategories, eq(questionCategories.id, bankQuestions.categoryId))
    .where(inArray(bankQuestions.categoryId, [...categoryIds]))
    .orderBy(asc(bankQuestions.id))) as QuestionForPaper[];
  for (const row of rows) pools.get(row.categoryId)?.questions.push(row);
  return pools;
};
