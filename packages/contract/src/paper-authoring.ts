// 考试与问卷: HR builds an exam or a survey from the question bank and publishes it to an audience (audience.ts) for
// a window of time. An exam is a fixed list of bank questions, or N drawn at random per category for each attempt;
// its settings are the marks, the pass score, the time limit, the attempts and their cool-down, the shuffling and
// what the worker sees afterwards. A published paper keeps copies of its questions: the bank may change later.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { DATE_TIME } from './announcements';
import { audienceRule } from './audience';
import {
  CONSOLE_PAGE_SIZE,
  defineRoute,
  optionalFilter,
  optionalText,
  pagingFields,
  plant,
  requiredText,
} from './common';
import { download } from './imports';
import { EXAM_TYPES } from './training';

export const REVIEW_MODES = ['score', 'answers-after-close'] as const;
export const REVIEW_MODE_LABELS: Record<(typeof REVIEW_MODES)[number], string> = {
  score: '只看分数',
  'answers-after-close': '截止后可看答案和解析',
};
export const PAPER_STATES = ['scheduled', 'open', 'closed', 'withdrawn'] as const;
export type PaperState = (typeof PAPER_STATES)[number];
export const PAPER_STATE_LABELS: Record<PaperState, string> = {
  scheduled: '未开始',
  open: '进行中',
  closed: '已截止',
  withdrawn: '已撤回',
};
/** The most questions one paper holds (fixed, or drawn per attempt). */
export const MAX_PAPER_QUESTIONS = 200;

const dateTime = (label: string) =>
  z.string({ error: `请填写${label}` }).regex(DATE_TIME, { error: `${label}格式应为 yyyy-MM-dd HH:mm` });

const score = z
  .number({ error: '分值应为数字' })
  .min(0, { error: '分值不能为负' })
  .max(100, { error: '分值最多 100' })
  .refine((value) => Number.isInteger(value * 2), { error: '分值应为整数或 0.5 的倍数' });

const positiveInt = (label: string, max: number) =>
  z
    .number({ error: `${label}应为数字` })
    .int({ error: `${label}应为整数` })
    .min(1, { error: `${label}至少为 1` })
    .max(max, { error: `${label}最多 ${max}` });

export const paperDraft = z
  .object({
    examType: z.enum(EXAM_TYPES, { error: '类型应为考试或问卷' }),
    title: requiredText('标题', '请填写标题', 100),
    description: optionalText('说明', 1000),
    audience: audienceRule,
    opensAt: dateTime('开始时间'),
    closesAt: dateTime('截止时间'),
    /** Fixed papers: the bank's questions in order, each with its marks (a survey's are not scored). */
    questions: z
      .array(
        z.object({
          bankQuestionId: z
            .number({ error: '题目不存在' })
            .int({ error: '题目不存在' })
            .positive({ error: '题目不存在' })
            .max(2_147_483_647, { error: '题目不存在' }),
          score,
        }),
      )
      .max(MAX_PAPER_QUESTIONS, { error: `一份试卷最多 ${MAX_PAPER_QUESTIONS} 题` })
      .default([]),
    /** Drawn exams: per category, how many questions each attempt draws and what each is worth. */
    draws: z
      .array(
        z.object({
          categoryId: z
            .number({ error: '分类不存在' })
            .int({ error: '分类不存在' })
            .positive({ error: '分类不存在' })
            .max(2_147_483_647, { error: '分类不存在' }),
          count: positiveInt('抽题数', MAX_PAPER_QUESTIONS),
          score,
        }),
      )
      .max(50, { error: '最多从 50 个分类抽题' })
      .default([]),
    timeLimitMinutes: positiveInt('考试时长', 600).nullish(),
    passScore: z.number({ error: '及格分应为数字' }).min(0, { error: '及格分不能为负' }).nullish(),
    maxAttempts: positiveInt('考试次数', 10).default(1),
    cooldownMinutes: z
      .number({ error: '间隔应为数字' })
      .int({ error: '间隔应为整数' })
      .min(0, { error: '间隔不能为负' })
      .max(10_080, { error: '间隔最多 7 天' })
      .default(0),
    shuffleQuestions: z.boolean().default(false),
    shuffleOptions: z.boolean().default(false),
    isPartialCredit: z.boolean().default(false),
    reviewMode: z.enum(REVIEW_MODES, { error: '交卷后显示方式无效' }).default('score'),
    isAnonymous: z.boolean().default(false),
  })
  .superRefine((draft, context) => {
    const add = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (draft.opensAt >= draft.closesAt) add('closesAt', '截止时间应晚于开始时间');
    const isExam = draft.examType === 'EXAM';
    if (draft.questions.length === 0 && draft.draws.length === 0) add('questions', '请选择题目');
    if (draft.questions.length > 0 && draft.draws.length > 0) add('draws', '固定题目和随机抽题只能选一种');
    if (!isExam && draft.draws.length > 0) add('draws', '问卷不能随机抽题');
    const ids = draft.questions.map((question) => question.bankQuestionId);
    if (new Set(ids).size !== ids.length) add('questions', '同一道题不能选两次');
    const categories = draft.draws.map((draw) => draw.categoryId);
    if (new Set(categories).size !== categories.length) add('draws', '同一分类只能设置一次抽题');
    const drawn = draft.draws.reduce((sum, draw) => sum + draw.count, 0);
    if (drawn > MAX_PAPER_QUESTIONS) add('draws', `每次最多抽 ${MAX_PAPER_QUESTIONS} 题`);
    const fullMarks =
      draft.questions.reduce((sum, question) => sum + question.score, 0) +
      draft.draws.reduce((sum, draw) => sum + draw.count * draw.score, 0);
    if (isExam && fullMarks <= 0) add('questions', '考试的总分应大于 0');
    if (isExam && draft.passScore != null && draft.passScore > fullMarks) {
      add('passScore', `及格分不能高于总分 ${fullMarks}`);
    }
    if (!isExam && (draft.timeLimitMinutes != null || draft.maxAttempts > 1 || draft.passScore != null)) {
      add('examType', '问卷没有时长、及格分和多次作答');
    }
    if (isExam && draft.isAnonymous) add('isAnonymous', '考试不能匿名');
  });
export type PaperDraftInput = z.input<typeof paperDraft>;
export type PaperDraft = z.output<typeof paperDraft>;

export const paperRow = z.object({
  id: z.number(),
  examType: z.enum(EXAM_TYPES),
  title: z.string(),
  audience: z.string(),
  plants: z.array(z.string()),
  state: z.enum(PAPER_STATES),
  opensAt: z.string(),
  closesAt: z.string(),
  /** Questions each attempt shows. */
  questionCount: z.number(),
  fullMarks: z.number(),
  passScore: z.number().nullable(),
  timeLimitMinutes: z.number().nullable(),
  maxAttempts: z.number(),
  isDrawn: z.boolean(),
  isAnonymous: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
  /** Employees who started / submitted at least once. */
  startedCount: z.number(),
  submittedCount: z.number(),
});
export type PaperRow = z.infer<typeof paperRow>;

const paperId = z.coerce
  .number({ error: '试卷不存在' })
  .int({ error: '试卷不存在' })
  .positive({ error: '试卷不存在' })
  .max(2_147_483_647, { error: '试卷不存在' });

/** A question's figures over the workers' answers: how many answered it, how many were right, each option's count. */
export const questionResult = z.object({
  id: z.number(),
  /** Its place in a fixed paper (1 …); for a drawn exam, its place among the category's candidates. */
  sort: z.number(),
  subject: z.string(),
  subjectType: z.enum(['ST01', 'ST02', 'ST03', 'ST04', 'ST05']),
  /** The category a drawn exam drew it from, or ''. */
  categoryName: z.string(),
  /** Answers that had this question (a drawn exam's attempts had only some). */
  answeredCount: z.number(),
  /** Of those, fully right (scored questions only; null for a survey's). */
  rightCount: z.number().nullable(),
  options: z.array(z.object({ id: z.number(), content: z.string(), isCorrect: z.boolean(), count: z.number() })),
  /** 对 and 错 chosen, for true/false questions. */
  judgeCounts: z.object({ Y: z.number(), N: z.number() }).nullable(),
  /** What was written (blanks, long answers, an option's few words), the latest first; at most 50. */
  texts: z.array(z.string()),
});
export type QuestionResult = z.infer<typeof questionResult>;

export const paperResults = z.object({
  examType: z.enum(EXAM_TYPES),
  title: z.string(),
  fullMarks: z.number(),
  passScore: z.number().nullable(),
  isAnonymous: z.boolean(),
  /** Employees in service the audience rule includes today. */
  audienceCount: z.number(),
  startedCount: z.number(),
  submittedCount: z.number(),
  /** Each worker counts once, by their best attempt. */
  passedCount: z.number(),
  meanScore: z.number().nullable(),
  medianScore: z.number().nullable(),
  /** Ten equal bands of the full marks (the last includes full marks). */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  questions: z.array(questionResult),
  departments: z.array(
    z.object({
      bu: z.string(),
      deptName: z.string(),
      audienceCount: z.number(),
      submittedCount: z.number(),
      passedCount: z.number(),
    }),
  ),
});
export type PaperResults = z.infer<typeof paperResults>;

/** Where one of the audience (or anyone who answered) stands with a paper: counted by their submitted attempts. */
export const RESULT_STANDINGS = ['not-started', 'in-progress', 'submitted', 'passed', 'failed'] as const;
export type ResultStanding = (typeof RESULT_STANDINGS)[number];
export const RESULT_STANDING_LABELS: Record<ResultStanding, string> = {
  'not-started': '未开始',
  'in-progress': '作答中',
  submitted: '已提交',
  passed: '及格',
  failed: '不及格',
};

export const resultPerson = z.object({
  employeeId: z.number(),
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
  /** Not started, an attempt open and none submitted, or submitted (passed / failed where the exam has a pass). */
  standing: z.enum(RESULT_STANDINGS),
  /** Submitted attempts. */
  attemptCount: z.number(),
  /** The best submitted score; null for a survey or before a submission. */
  bestScore: z.number().nullable(),
  lastSubmittedAt: z.string(),
});
export type ResultPerson = z.infer<typeof resultPerson>;

/** One question of an attempt as the worker answered it, beside the key: what HR reads of one worker. */
export const answeredQuestion = z.object({
  id: z.number(),
  subject: z.string(),
  subjectType: z.enum(['ST01', 'ST02', 'ST03', 'ST04', 'ST05']),
  /** Options in the paper's order, with the worker's choices and the right ones. */
  options: z.array(z.object({ id: z.number(), content: z.string(), isCorrect: z.boolean(), isChosen: z.boolean() })),
  /** What the worker wrote or chose in words (对/错, blanks joined, an option's text), or ''. */
  given: z.string(),
  /** The key in words; '' for a survey's question or a question without one. */
  key: z.string(),
  marks: z.number(),
  /** Points earned and whether fully right; null where nothing is scored. */
  earned: z.number().nullable(),
  isCorrect: z.boolean().nullable(),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestion>;

export const personAttempts = z.object({
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
  attempts: z.array(
    z.object({
      attemptNo: z.number(),
      startedAt: z.string(),
      /** '' while the attempt is open. */
      submittedAt: z.string(),
      /** Submitted by the server at the deadline, not by the worker. */
      isSubmittedAtDeadline: z.boolean(),
      score: z.number().nullable(),
      isPassed: z.boolean().nullable(),
      /** The attempt's questions in the order the worker saw them; an open attempt's saved answers. */
      questions: z.array(answeredQuestion),
    }),
  ),
});
export type PersonAttempts = z.infer<typeof personAttempts>;

const resultEmployeeId = z.coerce
  .number({ error: '员工不存在' })
  .int({ error: '员工不存在' })
  .positive({ error: '员工不存在' })
  .max(2_147_483_647, { error: '员工不存在' });

export const paperAuthoringRoutes = {
  getPaperList: defineRoute(ADDRESSES.getPaperList, {
    request: z.object({
      bu: optionalFilter(plant),
      examType: optionalFilter(z.enum(EXAM_TYPES, { error: '类型应为考试或问卷' })),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(paperRow),
  }),
  publishPaper: defineRoute(ADDRESSES.publishPaper, { request: paperDraft, data: z.object({ id: z.number() }) }),
  withdrawPaper: defineRoute(ADDRESSES.withdrawPaper, { request: z.object({ id: paperId }), data: z.null() }),
  getPaperResults: defineRoute(ADDRESSES.getPaperResults, { request: z.object({ id: paperId }), data: paperResults }),
  /**
   * The audience today and anyone who answered, with where each stands, by plant, department, name or number and
   * standing. An anonymous survey lists who took part, never what they answered.
   */
  getPaperResultPeople: defineRoute(ADDRESSES.getPaperResultPeople, {
    request: z.object({
      id: paperId,
      bu: optionalFilter(plant),
      keyword: optionalFilter(z.string({ error: '关键字无效' }).trim().max(64, { error: '关键字最多 64 字' })),
      standing: optionalFilter(z.enum(RESULT_STANDINGS, { error: '状态无效' })),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(resultPerson),
  }),
  /** One worker's attempts with each answer beside the key; refused for an anonymous survey. */
  getPaperPersonAttempts: defineRoute(ADDRESSES.getPaperPersonAttempts, {
    request: z.object({ id: paperId, employeeId: resultEmployeeId }),
    data: personAttempts,
  }),
  /** Per worker their attempts and scores (an anonymous survey: the counts per question only), and per question. */
  exportPaperResults: defineRoute(ADDRESSES.exportPaperResults, { request: z.object({ id: paperId }), data: download }),
};
