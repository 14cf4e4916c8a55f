// Training: study materials (their files live in MEDIA_DIR), who must study what, the study records and what the
// server keeps of each video watched; exams and surveys (papers), their questions with answer keys, who must take
// them, and the one answer each employee submits.
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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './account';
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

/** An exam (EXAM) or a survey (DEMAND). */
export const papers = pgTable('papers', {
  id: serial('id').primaryKey(),
  examType: varchar('exam_type', { length: 8 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  /** Multiple choice and blanks earn a share of their points when partly right. */
  isPartialCredit: boolean('is_partial_credit').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
  },
  (table) => [unique('paper_answers_employee_paper').on(table.employeeId, table.paperId)],
);
