// Training: study materials (their files live in MEDIA_DIR), who must study what, the study records and what the
// server keeps of each video watched; exams and surveys (papers), their questions with answer keys, who must take
// them, and the one answer each employee submits.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
import { audienceColumns } from './announcements';
import { employeeRef } from './columns';

/** What a material is: a video (played as H.264/AAC MP4) or a document (previewed as PDF). */
export type MaterialKind = 'video' | 'document';
/**
 * Where a material stands: uploading (bytes still coming, tus), checking (read by its content and probed),
 * converting (into H.264/AAC MP4 or PDF, in the background), ready (playable), failed (failure_message says why).
 */
export type MaterialState = 'uploading' | 'checking' | 'converting' | 'ready' | 'failed';

/**
 * A video or document to study. Its bytes are the file `file_name` in MEDIA_DIR, served as /api/media/<key>.<ext>
 * once it is ready. HR uploads it for a plant in the console (modules/materials); rows without a plant are the
 * whole company's (the demo's), managed by the SysAdmin.
 */
export const trainingMaterials = pgTable(
  'training_materials',
  {
    id: serial('id').primaryKey(),
    /** The unguessable part of its address. */
    mediaKey: uuid('media_key').notNull().unique().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Relative to MEDIA_DIR; its extension decides video or document. Empty until the material is ready. */
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Seconds, for videos: read from the file when it becomes ready (video-length.ts). */
    durationSeconds: numeric('duration_seconds', { precision: 10, scale: 3, mode: 'number' }),
    /** The plant whose HR manages it; null: the whole company (SysAdmin). */
    bu: varchar('bu', { length: 8 }),
    kind: varchar('kind', { length: 10 }).$type<MaterialKind>().notNull().default('document'),
    state: varchar('state', { length: 12 }).$type<MaterialState>().notNull().default('ready'),
    /** Percent of a conversion done (0–100). */
    progress: integer('progress').notNull().default(0),
    failureMessage: varchar('failure_message', { length: 300 }),
    /** The name the file had on HR's computer (a label only). */
    originalFileName: varchar('original_file_name', { length: 255 }).notNull().default(''),
    /** Bytes of the file as uploaded. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    uploadedBy: integer('uploaded_by').references(() => employees.id, { onDelete: 'set null' }),
    /** The tus upload's id while bytes arrive (the partial file in MEDIA_DIR/uploads). */
    uploadId: varchar('upload_id', { length: 64 }).unique(),
    /**
     * When a worker last worked on its check or conversion (set when taken, again with each progress): one not worked
     * on for minutes was left by a stopped server and is taken again.
     */
    workedAt: timestamp('worked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('training_materials_bu_idx').on(table.bu, table.id)],
);

/**
 * HR's assignment of a material to an audience (the notices' rule, resolved when read) under a training theme, with a
 * due date and 必修/选修. A worker it includes gets the study item (study_assignments) when they next open 学习.
 */
export const materialAssignments = pgTable(
  'material_assignments',
  {
    id: serial('id').primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => trainingMaterials.id, { onDelete: 'cascade' }),
    trainTheme: varchar('train_theme', { length: 100 }).notNull(),
    ...audienceColumns(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    isRequired: boolean('is_required').notNull().default(true),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** When HR sent the one reminder to those who had not finished. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the day-before reminder went to those who had not finished (jobs/training-reminders.ts). */
    dueRemindedAt: timestamp('due_reminded_at', { withTimezone: true }),
  },
  (table) => [index('material_assignments_material_idx').on(table.materialId)],
);

/** A material an employee must study, under a training theme: one study item (its id is the StudyId). */
export const studyAssignments = pgTable(
  'study_assignments',
  {
    id: serial('id').primaryKey(),
    employeeId: employeeRef(),
    materialId: integer('material_id')
      .notNull()
      .references(() => trainingMaterials.id, { onDelete: 'cascade' }),
    trainTheme: varchar('train_theme', { length: 100 }).notNull(),
    /** The console's assignment it came from (none: the demo's); its due date and 必修/选修 are copied here. */
    assignmentId: integer('assignment_id').references(() => materialAssignments.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    isRequired: boolean('is_required').notNull().default(true),
    /** Seconds of study saved in records, kept here so the list reads one row per item. */
    studiedMs: bigint('studied_ms', { mode: 'number' }).notNull().default(0),
    /** Merged [from, to] stretches of the video watched, in seconds. */
    segments: jsonb('segments').$type<[number, number][]>().notNull().default([]),
    /** Seconds covered by the segments. */
    coveredSeconds: numeric('covered_seconds', { precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    /** When the last heartbeat was accepted: a gap longer than a beat window ends a viewing. */
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }),
    /**
     * The current viewing (heartbeats without a long gap): when it began, and the seconds of video its beats have
     * claimed. What a viewing claims never exceeds the wall clock since it began, whatever the beat rate.
     */
    viewingStartedAt: timestamp('viewing_started_at', { withTimezone: true }),
    viewingClaimedSeconds: numeric('viewing_claimed_seconds', { precision: 10, scale: 3, mode: 'number' })
      .notNull()
      .default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('study_assignments_employee_material').on(table.employeeId, table.materialId)],
);

/** One study session (SPEC §3 study record): start and end. Saved again under its session key as it goes on. */
export const studyRecords = pgTable(
  'study_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => studyAssignments.id, { onDelete: 'cascade' }),
    employeeId: employeeRef(),
    materialId: integer('material_id').notNull(),
    sessionKey: varchar('session_key', { length: 64 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('study_records_assignment_idx').on(table.assignmentId),
    unique('study_records_session').on(table.employeeId, table.sessionKey),
  ],
);

/** How an exam's questions are drawn for each attempt: `count` of a category's questions, each worth `score`. */
export type PaperDraw = { categoryId: number; categoryName: string; count: number; score: number };
/** What a worker sees after submitting: the score only, or also their answers with the key once the exam closed. */
export type ReviewMode = 'score' | 'answers-after-close';

/**
 * An exam (EXAM) or a survey (DEMAND). A paper HR published in the console (`isAuthored`) reaches the audience its
 * rule names while its window is open; the demo's papers reach those assigned in paper_assignments.
 */
export const papers = pgTable('papers', {
  id: serial('id').primaryKey(),
  examType: varchar('exam_type', { length: 8 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  /** Multiple choice and blanks earn a share of their points when partly right. */
  isPartialCredit: boolean('is_partial_credit').notNull().default(false),
  isAuthored: boolean('is_authored').notNull().default(false),
  ...audienceColumns(),
  opensAt: timestamp('opens_at', { withTimezone: true }),
  /** The due date: no attempt starts after it, and an open one ends at it. */
  closesAt: timestamp('closes_at', { withTimezone: true }),
  /** Minutes an attempt lasts from its start; null: until the window closes. */
  timeLimitMinutes: integer('time_limit_minutes'),
  passScore: numeric('pass_score', { precision: 8, scale: 2, mode: 'number' }),
  maxAttempts: integer('max_attempts').notNull().default(1),
  /** Minutes between the end of one attempt and the start of the next. */
  cooldownMinutes: integer('cooldown_minutes').notNull().default(0),
  shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
  shuffleOptions: boolean('shuffle_options').notNull().default(false),
  reviewMode: varchar('review_mode', { length: 24 }).$type<ReviewMode>().notNull().default('score'),
  /** A survey whose answers HR sees only counted and listed, never by person. */
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  /** null: every question of the paper in every attempt; else drawn per category for each attempt. */
  draws: jsonb('draws').$type<PaperDraw[]>(),
  createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  /** When the day-before reminder went to those of the audience who had not submitted. */
  closeRemindedAt: timestamp('close_reminded_at', { withTimezone: true }),
});

/** Options of a question: stable ids, so an answer keeps meaning what was chosen after a wording change. */
export type StoredOption = { id: number; content: string; isFill: boolean };
/** The right option ids, Y/N, or per blank the accepted answers (paper-engine's AnswerKey). */
export type StoredAnswerKey = { optionIds?: number[]; judge?: 'Y' | 'N'; blanks?: string[][] };

export const paperQuestions = pgTable(
  'paper_questions',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    subject: text('subject').notNull(),
    /** ST01 … ST05 */
    subjectType: char('subject_type', { length: 4 }).notNull(),
    isMust: char('is_must', { length: 1 }).notNull().default('Y'),
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
    /** Never sent to a browser before its answer is submitted. */
    answerKey: jsonb('answer_key').$type<StoredAnswerKey>(),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    explanation: text('explanation').notNull().default(''),
    /** The bank question it was copied from (the bank may change or lose it later; the paper keeps its copy). */
    sourceQuestionId: integer('source_question_id'),
    /** For a drawn exam: the category whose draw this question is one of the candidates of. */
    poolCategoryId: integer('pool_category_id'),
  },
  (table) => [index('paper_questions_paper_idx').on(table.paperId, table.sort)],
);

/** Who must take which paper. */
export const paperAssignments = pgTable(
  'paper_assignments',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    employeeId: employeeRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.employeeId, table.paperId] }),
    index('paper_assignments_paper_idx').on(table.paperId),
  ],
);

/** Question id → what was answered, by option id (paper-engine's StoredAnswer). */
export type StoredAnswers = Record<string, { optionIds?: number[]; texts?: string[]; fills?: Record<string, string> }>;

/**
 * The one answer of an employee to a paper: the unique pair refuses a second, two at once included. No foreign key
 * to papers: every submission of one exam would lock the same paper row (the submission inserts only for an
 * assignment, whose key holds); a deleted paper takes its answers with it by a trigger (migration 0015).
 */
export const paperAnswers = pgTable(
  'paper_answers',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id').notNull(),
    employeeId: employeeRef(),
    answers: jsonb('answers').$type<StoredAnswers>().notNull(),
    /** Question id → points earned and whether fully right. */
    results: jsonb('results').$type<Record<string, { earned: number; isCorrect: boolean }>>().notNull().default({}),
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    maxScore: numeric('max_score', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 for the first; an exam that allows several attempts keeps each one's answer. */
    attemptNo: integer('attempt_no').notNull().default(1),
  },
  (table) => [unique('paper_answers_employee_paper_attempt').on(table.employeeId, table.paperId, table.attemptNo)],
);

/**
 * An attempt at a published exam, kept by the server from its start: the questions drawn for it in their order,
 * its deadline, and the answers saved as the worker goes. A refresh or another phone resumes it; at the deadline
 * the server submits what was saved (jobs). At most one is open per employee and paper.
 */
export const paperAttempts = pgTable(
  'paper_attempts',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    employeeId: employeeRef(),
    attemptNo: integer('attempt_no').notNull(),
    /** The paper's questions this attempt shows, in its order. */
    questionIds: integer('question_ids').array().notNull(),
    /** Question id → its options' ids in the order this attempt shows them (shuffled papers only). */
    optionOrder: jsonb('option_order').$type<Record<string, number[]>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    answers: jsonb('answers').$type<StoredAnswers>().notNull().default({}),
    /** The phone's count of its saves: an older save arriving late never overwrites a newer one. */
    saveSeq: integer('save_seq').notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** 'worker', or 'deadline' when the server submitted it. */
    finishedBy: varchar('finished_by', { length: 8 }),
  },
  (table) => [
    unique('paper_attempts_number').on(table.employeeId, table.paperId, table.attemptNo),
    uniqueIndex('paper_attempts_one_open').on(table.employeeId, table.paperId).where(sql`submitted_at is null`),
    index('paper_attempts_due').on(table.deadlineAt).where(sql`submitted_at is null and deadline_at is not null`),
    index('paper_attempts_paper_idx').on(table.paperId),
  ],
);
