// Training (SPEC §2–§9): the study list, study records and the watched-segment heartbeats of a video, exams and
// surveys on one question engine (./paper-engine.ts), and the onboarding guide. Media are served by GET
// /api/media/<key> to signed-in callers, with ranges.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, jsonText, text } from './common';
import { SUBJECT_TYPES } from './paper-engine';

export { SUBJECT_TYPES, type SubjectType } from './paper-engine';

export * from './study-rules';

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}无效` })
    .int({ error: `${label}无效` })
    .positive({ error: `${label}无效` })
    .max(2_147_483_647, { error: `${label}无效` });

/**
 * A moment as the phone sends it: ISO 8601 with its zone, or `yyyy-MM-dd HH:mm:ss` in China's time. Answers
 * milliseconds since the epoch.
 */
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?$/;
export const moment = (label: string) =>
  z.string({ error: `请提供${label}` }).transform((value, context) => {
    const match = MOMENT.exec(value.trim());
    const time = match ? Date.parse(match[8] ? value.trim() : `${value.trim().replace(' ', 'T')}+08:00`) : Number.NaN;
    if (Number.isNaN(time)) {
      context.addIssue({ code: 'custom', message: `${label}格式应为 yyyy-MM-dd HH:mm:ss` });
      return z.NEVER;
    }
    return time;
  });

/** One study item of the caller (TrainOrganize/GetTrainNotify). */
export const studyItem = z.object({
  /** The assignment's id: the StudyId of the record. */
  id: z.number(),
  materialId: z.number(),
  trainTheme: z.string(),
  materialName: z.string(),
  /** `/api/media/<key>.<ext>`. */
  materialPath: z.string(),
  isVideo: z.boolean(),
  /** Seconds of study saved in records: the union of their intervals (overlapping sessions count once). */
  studiedSeconds: z.number(),
  /**
   * Share (0–1) of a video watched; null for documents and for a video whose length is not known (its file does
   * not tell it: such a video is studied, like a document, once a study record is saved).
   */
  coverage: z.number().nullable(),
  isStudied: z.boolean(),
  /** When HR wants it studied by ('yyyy-MM-dd HH:mm' China time), or null. */
  dueAt: z.string().nullable().default(null),
  /** 必修 (true) or 选修. */
  isRequired: z.boolean().default(true),
});
export type StudyItem = z.infer<typeof studyItem>;

/** What the server keeps of a video watched: the stretches, merged, and the furthest point. */
export const studyProgress = z.object({
  /** [from, to] in seconds, sorted, not overlapping. */
  segments: z.array(z.tuple([z.number(), z.number()])),
  furthest: z.number(),
  /** The video's length in seconds (HR's, or read from the file), when known. */
  duration: z.number().nullable(),
  coverage: z.number().nullable(),
});
export type StudyProgress = z.infer<typeof studyProgress>;

/** ModifyTrainStudyDetail's modify (SPEC §3 study record), plus the session it belongs to. */
export const studyRecord = z.object({
  StudyId: positiveId('学习项'),
  MaterialId: positiveId('学习资料'),
  StudyStartDate: moment('开始时间'),
  StudyEndDate: moment('结束时间'),
  /**
   * The same session saved again (periodically, on pause, when the page is hidden) updates its record instead
   * of adding one. Absent: every save is a record of its own.
   */
  SessionKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '学习会话标识无效' })
    .optional(),
});

const secondsOf = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .min(0, { error: `${label}不能为负` })
    .max(86_400, { error: `${label}超出范围` });

export const progressBeat = z
  .object({
    StudyId: positiveId('学习项'),
    MaterialId: positiveId('学习资料'),
    /** The stretch played since the last beat, in seconds of the video. */
    from: secondsOf('开始位置'),
    to: secondsOf('结束位置'),
    /**
     * The video's length as the player knows it: accepted from players that send it, never taken (the server reads
     * the length from the file, or HR enters it).
     */
    duration: secondsOf('视频时长').optional(),
  })
  .refine((beat) => beat.to >= beat.from, { error: '结束位置不能早于开始位置', path: ['to'] });

export const questionOption = z.object({
  id: z.number(),
  /** A, B, C … */
  verb: z.string(),
  verbContent: z.string(),
  isFill: z.enum(['Y', 'N']),
});
export type QuestionOption = z.infer<typeof questionOption>;

/** A question of an exam or a survey (SPEC §3 paper item); no answer key before submission. */
export const paperQuestion = z.object({
  id: z.number(),
  subject: z.string(),
  subjectType: z.enum(SUBJECT_TYPES),
  isMust: z.enum(['Y', 'N']),
  /** Points, 0 when the question is not scored. */
  score: z.number(),
  /** JSON text of the options: [{ content, isFill }]. */
  verbContent: z.string(),
  details: z.array(questionOption),
});
export type PaperQuestion = z.infer<typeof paperQuestion>;

/** The rules of a published paper, as the worker's start screen states them; null for an assigned one. */
export const paperRules = z.object({
  opensAt: z.string(),
  closesAt: z.string(),
  timeLimitMinutes: z.number().nullable(),
  passScore: z.number().nullable(),
  maxAttempts: z.number(),
  attemptsUsed: z.number(),
  /** When the next attempt may start (a cool-down after the last), or null. */
  nextStartAt: z.string().nullable(),
  /** Why no attempt can start now (closed, used up, cooling down), or null. */
  startRefusal: z.string().nullable(),
  questionCount: z.number(),
  isAnonymous: z.boolean(),
});
export type PaperRules = z.infer<typeof paperRules>;

/** The caller's open attempt: questions in its own order, what was saved, and the time left by the server's clock. */
export const paperAttempt = z.object({
  id: z.number(),
  attemptNo: z.number(),
  startedAt: z.string(),
  /** ISO time of the deadline, or null (no limit). */
  deadline: z.string().nullable(),
  /** Seconds left at the answer's moment, or null: the phone counts down from it, not from its own clock. */
  secondsLeft: z.number().nullable(),
  /** The saved answers in the edge form (JSON text), as GetPersonExam's. */
  answer: z.string(),
  saveSeq: z.number(),
});
export type PaperAttempt = z.infer<typeof paperAttempt>;

export const paperDetail = z.object({
  id: z.number(),
  testName: z.string(),
  description: z.string(),
  examType: z.enum(['EXAM', 'DEMAND']),
  /** Full marks of the scored questions (0 for surveys). */
  maxScore: z.number(),
  /** An assigned paper's questions; a published one's only within an open attempt (empty before it starts). */
  questions: z.array(paperQuestion),
  rules: paperRules.nullable().default(null),
  attempt: paperAttempt.nullable().default(null),
});
export type PaperDetail = z.infer<typeof paperDetail>;

export const EXAM_TYPES = ['EXAM', 'DEMAND'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
const examType = z.enum(EXAM_TYPES, { error: '类型应为 EXAM 或 DEMAND' });

/** A submitted answer (TrainOrganize/GetPersonExam). */
export const personExam = z.object({
  id: z.number(),
  paperId: z.number(),
  examType,
  /** JSON text: question id → answer ($-joined), `<question>_<option>` → an isFill option's text. */
  answer: z.string(),
  /** null for surveys. */
  score: z.number().nullable(),
  maxScore: z.number(),
  submittedAt: z.string(),
  /**
   * Per scored question: points earned and whether fully right. A published exam that shows the score only
   * answers none.
   */
  results: z.record(z.string(), z.object({ earned: z.number(), isCorrect: z.boolean() })),
  /** A published exam's pass mark, and whether this answer reached it; null otherwise. */
  passScore: z.number().nullable().default(null),
  isPassed: z.boolean().nullable().default(null),
  /** Which attempt this was (1 for the first). */
  attemptNo: z.number().default(1),
  /**
   * Per question, its key in the edge form and its explanation: only once a published exam that shows them has
   * closed. Empty before, and always for the others.
   */
  review: z.record(z.string(), z.object({ key: z.string(), explanation: z.string() })).default({}),
});
export type PersonExam = z.infer<typeof personExam>;

const answerText = text('答案').max(2000, { error: '答案最多 2000 字' });
export const examSubmission = z.object({
  paperId: positiveId('试卷'),
  /** The attempt submitted, for a published paper (its open attempt is taken when absent). */
  attemptId: positiveId('答题记录').optional(),
  answer: jsonText(
    z.record(z.string().regex(/^\d{1,10}(_\d{1,10})?$/, { error: '答案格式无效' }), answerText, {
      error: '答案格式无效',
    }),
  ),
  examType,
});

export const trainingRoutes = {
  getTrainNotify: defineRoute(ADDRESSES.getTrainNotify, {
    request: z.object({}).passthrough(),
    data: z.array(studyItem),
  }),
  modifyTrainStudyDetail: defineRoute(ADDRESSES.modifyTrainStudyDetail, {
    request: z.object({ modify: jsonText(studyRecord) }),
    /** null when the session was under a second and nothing was saved. */
    data: z.object({ id: z.number() }).nullable(),
  }),
  getStudyProgress: defineRoute(ADDRESSES.getStudyProgress, {
    request: z.object({ StudyId: positiveId('学习项') }),
    data: studyProgress,
  }),
  modifyStudyProgress: defineRoute(ADDRESSES.modifyStudyProgress, {
    request: progressBeat,
    data: studyProgress,
  }),
  getTrainTest: defineRoute(ADDRESSES.getTrainTest, {
    request: z.object({ id: z.unknown().optional() }).passthrough(),
    data: z.array(
      z.object({
        id: z.number(),
        testName: z.string(),
        isComplete: z.enum(['Y', 'N']),
        score: z.number().nullable(),
        maxScore: z.number(),
      }),
    ),
  }),
  getTrainTestWithDetail: defineRoute(ADDRESSES.getTrainTestWithDetail, {
    request: z.object({ id: positiveId('试卷') }),
    data: paperDetail,
  }),
  getPersonDemandSurvey: defineRoute(ADDRESSES.getPersonDemandSurvey, {
    request: z.object({}).passthrough(),
    data: z.array(z.object({ id: z.number(), demandTitle: z.string(), isComplete: z.enum(['Y', 'N']) })),
  }),
  getDemandSurveyDetail: defineRoute(ADDRESSES.getDemandSurveyDetail, {
    request: z.object({ id: positiveId('问卷') }),
    data: paperDetail,
  }),
  getPersonExam: defineRoute(ADDRESSES.getPersonExam, {
    request: z.object({ id: positiveId('试卷'), type: examType }),
    data: personExam.nullable(),
  }),
  modifyEmployeeExam: defineRoute(ADDRESSES.modifyEmployeeExam, {
    request: z.object({ modify: jsonText(examSubmission) }),
    data: personExam,
  }),
  /** Starts an attempt at a published paper, or answers the open one (a refresh, another phone). */
  startPaperAttempt: defineRoute(ADDRESSES.startPaperAttempt, {
    request: z.object({ id: positiveId('试卷'), type: examType }),
    data: paperDetail,
  }),
  /** Saves the open attempt's answers so far; a save older than the last one kept (seq) changes nothing. */
  savePaperAnswers: defineRoute(ADDRESSES.savePaperAnswers, {
    request: z.object({
      paperId: positiveId('试卷'),
      attemptId: positiveId('答题记录'),
      seq: z.number({ error: '保存序号无效' }).int({ error: '保存序号无效' }).min(1).max(2_147_483_647),
      answer: examSubmission.shape.answer,
    }),
    data: z.object({ savedAt: z.string(), secondsLeft: z.number().nullable() }),
  }),
};
