// 题库: a plant's questions in categories, the stock exams and surveys are built from. A paper copies the questions
// it uses (paper_questions), so editing or deleting a bank question never changes a paper already given out.
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StoredAnswerKey, StoredOption } from './training';

export const questionCategories = pgTable(
  'question_categories',
  {
    id: serial('id').primaryKey(),
    bu: varchar('bu', { length: 8 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('question_categories_bu_name').on(table.bu, table.name)],
);

export const bankQuestions = pgTable(
  'bank_questions',
  {
    id: serial('id').primaryKey(),
    /** A category with questions cannot be deleted (no cascade): HR empties it first. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => questionCategories.id),
    /** ST01 … ST05 */
    subjectType: char('subject_type', { length: 4 }).notNull(),
    subject: text('subject').notNull(),
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
    /** null: not scored (a survey's question, a long answer). */
    answerKey: jsonb('answer_key').$type<StoredAnswerKey>(),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    explanation: text('explanation').notNull().default(''),
    isMust: boolean('is_must').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bank_questions_category_idx').on(table.categoryId, table.id),
    // The same question twice in a category is one question: an import of it again updates it. By its hash, as a
    // subject of 1,000 Chinese characters is longer than a b-tree entry may be.
    uniqueIndex('bank_questions_same_subject').on(table.categoryId, table.subjectType, sql`md5(${table.subject})`),
  ],
);
