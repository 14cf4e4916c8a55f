// 题库: the questions HR keeps per plant, in categories, to build exams and surveys from. A question is one of the
// paper engine's five types with its options, its answer key (none for a survey's question), its marks and an
// explanation. The rules of a well-formed question are here, so the console's form, the server and the Excel
// import refuse the same things with the same words.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
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
import { ANSWER_SEPARATOR, countBlanks, SUBJECT_TYPES, type SubjectType } from './paper-engine';

export const QUESTION_TYPE_LABELS: Record<SubjectType, string> = {
  ST01: '单选题',
  ST02: '多选题',
  ST03: '判断题',
  ST04: '填空题',
  ST05: '简答题',
};

/** The most options a choice question has (A … J). */
export const MAX_OPTIONS = 10;
/** The most questions one import takes. */
export const MAX_BANK_IMPORT_ROWS = 5000;
/** The most questions one export holds. */
export const MAX_BANK_EXPORT_ROWS = 20_000;
export const OPTION_LETTERS = 'ABCDEFGHIJ';

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}不存在` })
    .int({ error: `${label}不存在` })
    .positive({ error: `${label}不存在` })
    .max(2_147_483_647, { error: `${label}不存在` });
export const categoryId = id('分类');
export const bankQuestionId = id('题目');

export const categoryDraft = z.object({
  id: categoryId.optional(),
  bu: plant,
  name: requiredText('分类名称', '请填写分类名称', 50),
});

const optionDraft = z.object({
  /** Kept when an option is edited, so answers given to it keep meaning it. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  content: requiredText('选项内容', '请填写选项内容', 200),
  /** The worker writes a few words beside it when choosing it (其他，请注明). */
  isFill: z.boolean({ error: '“需填写”应为是或否' }).default(false),
  isCorrect: z.boolean({ error: '“正确答案”应为是或否' }).default(false),
});

const acceptedAnswer = requiredText('填空答案', '填空答案不能为空', 100);

/** A question as HR writes it; `checkQuestion` holds the rules between its fields. */
const questionFields = z.object({
  categoryId: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? '请选择分类' : '分类不存在') })
    .int({ error: '分类不存在' })
    .positive({ error: '分类不存在' })
    .max(2_147_483_647, { error: '分类不存在' }),
  subjectType: z.enum(SUBJECT_TYPES, { error: '题型无效' }),
  subject: requiredText('题目', '请填写题目', 1000),
  options: z
    .array(optionDraft)
    .max(MAX_OPTIONS, { error: `选项最多 ${MAX_OPTIONS} 个` })
    .default([]),
  /** 判断题's key: Y 对, N 错. */
  judge: z.enum(['Y', 'N'], { error: '判断题答案应为“对”或“错”' }).nullish(),
  /** 填空题's key: per blank of the subject, the answers accepted. */
  blanks: z
    .array(z.array(acceptedAnswer).min(1, { error: '每个空至少填一个答案' }).max(10, { error: '每个空最多 10 个答案' }))
    .max(20, { error: '填空最多 20 个' })
    .default([]),
  score: z
    .number({ error: '分值应为数字' })
    .min(0, { error: '分值不能为负' })
    .max(100, { error: '分值最多 100' })
    .refine((value) => Number.isInteger(value * 2), { error: '分值应为整数或 0.5 的倍数' })
    .default(0),
  explanation: optionalText('解析', 1000),
  isMust: z.boolean({ error: '“必答”应为是或否' }).default(true),
});
export type QuestionFields = z.output<typeof questionFields>;

const isChoice = (type: SubjectType) => type === 'ST01' || type === 'ST02';

/**
 * The rules between a question's fields, as the paper engine reads them: choices have 2–10 distinct options (an
 * answer names its option by wording) with no `$` (the answers' separator); a key is what makes a question
 * scored, so marks need a key and a key needs marks to count; a blank's key names every blank of the subject.
 */
export const questionProblems = (question: QuestionFields): { path: string; message: string }[] => {
  const problems: { path: string; message: string }[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const { subjectType: type, options, score } = question;
  if (isChoice(type)) {
    if (options.length < 2) add('options', '选择题至少 2 个选项');
    const seen = new Set<string>();
    for (const option of options) {
      if (option.content.includes(ANSWER_SEPARATOR)) add('options', '选项内容不能包含 $');
      if (seen.has(option.content)) add('options', `选项“${option.content}”重复`);
      seen.add(option.content);
    }
    const correct = options.filter((option) => option.isCorrect).length;
    if (type === 'ST01' && correct > 1) add('options', '单选题只能有一个正确答案');
    if (score > 0 && correct === 0) add('options', '有分值的选择题请标出正确答案');
  } else if (options.length > 0) {
    add('options', `${QUESTION_TYPE_LABELS[type]}没有选项`);
  }
  if (type === 'ST03' && score > 0 && !question.judge) add('judge', '有分值的判断题请选择正确答案');
  if (type === 'ST04') {
    const blanks = countBlanks(question.subject);
    if (question.blanks.length > 0 && question.blanks.length !== blanks) {
      add(
        'blanks',
        blanks === 0
          ? '题目中没有空：用一对空括号（）标出每个空'
          : `题目有 ${blanks} 个空，答案有 ${question.blanks.length} 个`,
      );
    }
    if (score > 0 && question.blanks.length === 0) {
      add(
        'blanks',
        blanks === 0 ? '有分值的填空题请用空括号（）标出每个空并填写答案' : '有分值的填空题请填写每个空的答案',
      );
    }
  }
  if (type === 'ST05' && score > 0) add('score', '简答题不能自动评分，分值应为 0');
  if (type !== 'ST04' && question.blanks.length > 0) add('blanks', '只有填空题有填空答案');
  if (type !== 'ST03' && question.judge) add('judge', '只有判断题有对错答案');
  return problems;
};

export const questionDraft = questionFields
  .extend({ id: bankQuestionId.optional() })
  .superRefine((question, context) => {
    for (const { path, message } of questionProblems(question))
      context.addIssue({ code: 'custom', path: [path], message });
  });
export type QuestionDraft = z.output<typeof questionDraft>;

/**
 * A question's key in a few characters, as the sheet writes it: B, ACD, 对, the blanks' answers (`;` between those a
 * blank accepts, `blankSeparator` between blanks); '' when not scored. The import reads the same notation back.
 */
export const keyText = (
  question: {
    subjectType: SubjectType;
    options: readonly { isCorrect: boolean }[];
    judge?: 'Y' | 'N' | null;
    blanks: readonly (readonly string[])[];
  },
  blankSeparator = '|',
) => {
  switch (question.subjectType) {
    case 'ST01':
    case 'ST02':
      return question.options.map((option, index) => (option.isCorrect ? OPTION_LETTERS[index] : '')).join('');
    case 'ST03':
      return question.judge === 'Y' ? '对' : question.judge === 'N' ? '错' : '';
    case 'ST04':
      return question.blanks.map((accepted) => accepted.join(';')).join(blankSeparator);
    default:
      return '';
  }
};

export const categoryRow = z.object({ id: z.number(), bu: z.string(), name: z.string(), questionCount: z.number() });
export type CategoryRow = z.infer<typeof categoryRow>;

/** A question of the bank as the console shows and edits it: its key included (HR's eyes only). */
export const bankQuestion = z.object({
  id: z.number(),
  categoryId: z.number(),
  categoryName: z.string(),
  bu: z.string(),
  subjectType: z.enum(SUBJECT_TYPES),
  subject: z.string(),
  options: z.array(z.object({ id: z.number(), content: z.string(), isFill: z.boolean(), isCorrect: z.boolean() })),
  judge: z.enum(['Y', 'N']).nullable(),
  blanks: z.array(z.array(z.string())),
  score: z.number(),
  explanation: z.string(),
  isMust: z.boolean(),
  updatedAt: z.string(),
});
export type BankQuestion = z.infer<typeof bankQuestion>;

export const bankImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  /** Categories the file named that did not exist yet. */
  createdCategories: z.array(z.string()),
  rejectedCount: z.number(),
  /** The rejected rows with 错误原因, to fix and upload again; null when every row was taken. */
  rejected: download.nullable(),
});
export type BankImportResult = z.infer<typeof bankImportResult>;

const bankFilter = {
  bu: optionalFilter(plant),
  categoryId: optionalFilter(categoryId),
  subjectType: optionalFilter(z.enum(SUBJECT_TYPES, { error: '题型无效' })),
  keyword: optionalFilter(requiredText('关键词', '关键词无效', 50)),
};

export const questionBankRoutes = {
  getQuestionCategories: defineRoute(ADDRESSES.getQuestionCategories, {
    request: z.object({ bu: optionalFilter(plant) }),
    data: z.array(categoryRow),
  }),
  saveQuestionCategory: defineRoute(ADDRESSES.saveQuestionCategory, {
    request: categoryDraft,
    data: z.object({ id: z.number() }),
  }),
  deleteQuestionCategory: defineRoute(ADDRESSES.deleteQuestionCategory, {
    request: z.object({ id: categoryId }),
    data: z.null(),
  }),
  getBankQuestions: defineRoute(ADDRESSES.getBankQuestions, {
    request: z.object({ ...bankFilter, ...pagingFields(CONSOLE_PAGE_SIZE) }),
    data: z.array(bankQuestion),
  }),
  saveBankQuestion: defineRoute(ADDRESSES.saveBankQuestion, {
    request: questionDraft,
    data: z.object({ id: z.number() }),
  }),
  deleteBankQuestions: defineRoute(ADDRESSES.deleteBankQuestions, {
    request: z.object({
      ids: z.array(bankQuestionId).min(1, { error: '请选择题目' }).max(500, { error: '一次最多删除 500 题' }),
    }),
    data: z.object({ deleted: z.number() }),
  }),
  getBankTemplate: defineRoute(ADDRESSES.getBankTemplate, { request: z.object({}), data: download }),
  /** Multipart: `bu` and the file (.xlsx, .xls or .csv). */
  importBankQuestions: defineRoute(ADDRESSES.importBankQuestions, {
    request: z.object({ bu: plant }),
    data: bankImportResult,
  }),
  exportBankQuestions: defineRoute(ADDRESSES.exportBankQuestions, {
    request: z.object({ bu: optionalFilter(plant), categoryId: optionalFilter(categoryId) }),
    data: download,
  }),
};
