// The question bank as a sheet: one row per question, its options in columns 选项A…选项J, the key in letters (单选
// B, 多选 ACD), 对/错, or the blanks' answers (空与空之间用 |，一个空的多个答案用 ;). The template, the export and
// the import read and write this one layout, so an exported bank imports back as it was.
import { normaliseHeader } from '@ess/contract/import-kinds';
import type { SubjectType } from '@ess/contract/paper-engine';
import {
  type BankQuestion,
  keyText,
  MAX_OPTIONS,
  OPTION_LETTERS,
  QUESTION_TYPE_LABELS,
  type QuestionFields,
  questionDraft,
} from '@ess/contract/question-bank';
import { textSheet, workbookBase64 } from '../../lib/text-workbook';
import type { Sheet } from '../imports/service';

const optionHeader = (index: number) => `选项${OPTION_LETTERS[index]}`;
/** The template shows six option columns; the import takes up to ten, the export as many as the bank needs. */
const TEMPLATE_OPTIONS = 6;

const headersWith = (optionColumns: number) => [
  '分类',
  '题型',
  '题目',
  ...Array.from({ length: optionColumns }, (_, index) => optionHeader(index)),
  '正确答案',
  '分值',
  '解析',
  '必答',
];

/** An option the worker writes a few words beside: its text ends with this mark in the sheet. */
const FILL_MARK = '[填写]';
const FILL_MARKS = /\s*[[【]填写[\]】]$/;

const BLANK_SEPARATOR = /[|｜]/;
const ALTERNATIVE_SEPARATOR = /[;；]/;

const INSTRUCTIONS = [
  ['列', '填写方法'],
  ['分类', '题目所属分类，如“安全生产”；不存在的分类导入时自动新建'],
  ['题型', '单选题、多选题、判断题、填空题、简答题（也可写 单选、多选、判断、填空、简答 或 ST01–ST05）'],
  ['题目', '题目内容；填空题的每个空用一对空括号（）标出，如：灭火器压力表指针应在（）区'],
  [
    '选项A…选项J',
    `选择题的选项，从选项A 起连续填写，2–10 个；需要员工补充说明的选项在末尾写 ${FILL_MARK}，如：其他${FILL_MARK}`,
  ],
  [
    '正确答案',
    '单选题写一个字母，如 B；多选题写全部正确字母，如 ACD；判断题写 对 或 错；填空题按空的顺序写答案，空与空之间用 | 分隔，一个空有多个可接受答案时用 ; 分隔，如：绿|干粉;二氧化碳；问卷题和简答题不填',
  ],
  ['分值', '不填时：有正确答案的题 1 分，没有的 0 分；简答题不能自动评分，为 0 分'],
  ['解析', '答题后给员工看的讲解，可不填'],
  ['必答', '是 或 否，不填为 是'],
  ['同一题', '同一分类下题型和题目都相同的，导入时更新原题，不会重复'],
];

const EXAMPLES = [
  [
    '安全生产',
    '单选题',
    '发现火情应首先拨打哪个电话？',
    '110',
    '119',
    '120',
    '',
    '',
    '',
    'B',
    '2',
    '火警电话是 119',
    '是',
  ],
  [
    '安全生产',
    '多选题',
    '进入车间必须佩戴哪些防护用品？',
    '安全帽',
    '防护眼镜',
    '拖鞋',
    '耳塞',
    '',
    '',
    'ABD',
    '3',
    '',
    '是',
  ],
  ['安全生产', '判断题', '灭火器可以放在任何地方，不必固定位置。', '', '', '', '', '', '', '错', '1', '', '是'],
  ['安全生产', '填空题', '灭火器压力表指针应在（）色区域。', '', '', '', '', '', '', '绿', '2', '', '是'],
  [
    '满意度调查',
    '单选题',
    '您对食堂的饭菜是否满意？',
    '满意',
    '一般',
    '不满意',
    `其他${FILL_MARK}`,
    '',
    '',
    '',
    '',
    '',
    '是',
  ],
  ['满意度调查', '简答题', '您对食堂有什么建议？', '', '', '', '', '', '', '', '', '', '否'],
];

export const bankTemplate = () => ({
  fileName: '题库导入模板.xlsx',
  contentBase64: workbookBase64([
    [textSheet([headersWith(TEMPLATE_OPTIONS), ...EXAMPLES]), '题库'],
    [textSheet(INSTRUCTIONS, [14, 100]), '填写说明'],
  ]),
});

/** The bank as the sheet the import takes back. */
export const bankWorkbook = (fileName: string, questions: readonly BankQuestion[]) => {
  const optionColumns = Math.max(4, ...questions.map((question) => question.options.length));
  const rows = questions.map((question) => [
    question.categoryName,
    QUESTION_TYPE_LABELS[question.subjectType],
    question.subject,
    ...Array.from({ length: optionColumns }, (_, index) => {
      const option = question.options[index];
      if (!option) return '';
      return option.isFill ? `${option.content}${FILL_MARK}` : option.content;
    }),
    keyText(question),
    String(question.score),
    question.explanation,
    question.isMust ? '是' : '否',
  ]);
  return { fileName, contentBase64: workbookBase64([[textSheet([headersWith(optionColumns), ...rows]), '题库']]) };
};

// ——— Reading a sheet back ———

const TYPE_NAMES: Record<string, SubjectType> = {};
for (const [type, label] of Object.entries(QUESTION_TYPE_LABELS) as [SubjectType, string][]) {
  for (const name of [type, label, label.replace('题', '')]) TYPE_NAMES[normaliseHeader(name)] = type;
}
TYPE_NAMES[normaliseHeader('问答题')] = 'ST05';
TYPE_NAMES[normaliseHeader('问答')] = 'ST05';

const JUDGE_WORDS: Record<string, 'Y' | 'N'> = {
  对: 'Y',
  正确: 'Y',
  是: 'Y',
  '√': 'Y',
  y: 'Y',
  t: 'Y',
  错: 'N',
  错误: 'N',
  否: 'N',
  '×': 'N',
  x: 'N',
  n: 'N',
  f: 'N',
};

const YES_NO: Record<string, boolean> = { 是: true, y: true, 必答: true, 否: false, n: false, 选答: false };

type Columns = {
  category: number;
  type: number;
  subject: number;
  options: number[];
  key?: number;
  score?: number;
  explanation?: number;
  isMust?: number;
};

/** Where each of the layout's columns is in the file's header row; the three without which no row means anything are required. */
export const findColumns = (headers: readonly string[]): Columns | { missing: string[] } => {
  const at = (name: string) => {
    const index = headers.findIndex((header) => normaliseHeader(header) === normaliseHeader(name));
    return index === -1 ? undefined : index;
  };
  const category = at('分类');
  const type = at('题型');
  const subject = at('题目');
  const missing = [
    category === undefined ? '分类' : '',
    type === undefined ? '题型' : '',
    subject === undefined ? '题目' : '',
  ].filter(Boolean);
  if (category === undefined || type === undefined || subject === undefined) return { missing };
  const options: number[] = [];
  for (let index = 0; index < MAX_OPTIONS; index++) {
    const column = at(optionHeader(index));
    if (column === undefined) break;
    options.push(column);
  }
  return {
    category,
    type,
    subject,
    options,
    key: at('正确答案') ?? at('答案'),
    score: at('分值') ?? at('分数'),
    explanation: at('解析'),
    isMust: at('必答'),
  };
};

export type ReadQuestion = { categoryName: string; fields: Omit<QuestionFields, 'categoryId'> };

/** One row as a question, or why it is not one (the first reason, in the form's words). */
export const readQuestionRow = (cells: readonly string[], columns: Columns): ReadQuestion | { reason: string } => {
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
  const categoryName = cell(columns.category);
  if (categoryName === '') return { reason: '请填写分类' };
  if (categoryName.length > 50) return { reason: '分类名称最多 50 字' };
  const typeText = cell(columns.type);
  const subjectType = TYPE_NAMES[normaliseHeader(typeText)];
  if (!subjectType) return { reason: '题型应为 单选题、多选题、判断题、填空题 或 简答题' };

  const optionTexts = columns.options.map((index) => cell(index));
  let filledCount = optionTexts.length;
  while (filledCount > 0 && optionTexts[filledCount - 1] === '') filledCount--;
  const filled = optionTexts.slice(0, filledCount);
  const gap = filled.indexOf('');
  if (gap !== -1) return { reason: `${optionHeader(gap)} 为空，选项应从选项A 起连续填写` };
  const options = filled.map((value) => ({
    content: value.replace(FILL_MARKS, ''),
    isFill: FILL_MARKS.test(value),
    isCorrect: false,
  }));

  const keyCell = cell(columns.key);
  let judge: 'Y' | 'N' | undefined;
  let blanks: string[][] = [];
  if (keyCell !== '') {
    if (subjectType === 'ST01' || subjectType === 'ST02') {
      for (const letter of keyCell
        .normalize('NFKC')
        .toUpperCase()
        .replace(/[\s,，、;；]/g, '')) {
        const index = OPTION_LETTERS.indexOf(letter);
        const option = options[index];
        if (index === -1 || !option) return { reason: `正确答案“${letter}”不是已填写的选项` };
        option.isCorrect = true;
      }
    } else if (subjectType === 'ST03') {
      judge = JUDGE_WORDS[keyCell.normalize('NFKC').toLowerCase()];
      if (!judge) return { reason: '判断题答案应为“对”或“错”' };
    } else if (subjectType === 'ST04') {
      blanks = keyCell.split(BLANK_SEPARATOR).map((blank) =>
        blank
          .split(ALTERNATIVE_SEPARATOR)
          .map((answer) => answer.trim())
          .filter(Boolean),
      );
      if (blanks.some((accepted) => accepted.length === 0)) return { reason: '填空题每个空都要有答案' };
    } else {
      return { reason: '简答题不能自动评分，不填正确答案（参考答案可写在解析中）' };
    }
  }
  const hasKey = options.some((option) => option.isCorrect) || judge !== undefined || blanks.length > 0;

  const scoreCell = cell(columns.score);
  const score = scoreCell === '' ? (hasKey ? 1 : 0) : Number(scoreCell.normalize('NFKC'));
  if (!Number.isFinite(score)) return { reason: '分值应为数字' };
  const mustCell = cell(columns.isMust);
  const isMust = mustCell === '' ? true : YES_NO[mustCell.normalize('NFKC').toLowerCase()];
  if (isMust === undefined) return { reason: '必答应填“是”或“否”' };

  // The form's own rules decide the rest, in its words.
  const parsed = questionDraft.safeParse({
    categoryId: 1,
    subjectType,
    subject: cell(columns.subject),
    options,
    judge,
    blanks,
    score,
    explanation: cell(columns.explanation),
    isMust,
  });
  if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? '该行无法读取' };
  const { categoryId: _category, id: _id, ...fields } = parsed.data;
  return { categoryName, fields };
};

/** Every row of a sheet read as a question or refused, in the file's order. */
export const readBankSheet = (sheet: Sheet, columns: Columns) =>
  sheet.rows.map((row) => {
    const cells = row.cells.map((value) => value.text);
    return { rowNo: row.rowNo, cells, read: readQuestionRow(cells, columns) };
  });
