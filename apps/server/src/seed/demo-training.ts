// Demo training: a short safety video and a PDF of safety rules for every employee to study, an exam with every
// question type (blanks of both bracket kinds, an option asking for text, answer keys and points) and a survey,
// assigned to everyone, and a question bank of NT for HR to build exams from. The files are copied into MEDIA_DIR (installDemoMedia) with the onboarding guide.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { runtimePaths } from '../paths';

const DEMO_MEDIA_DIR = runtimePaths.demoMediaDir;
/** The files of the demo: the study video and document, and the onboarding guide. */
export const DEMO_MEDIA_FILES = ['safety-lesson.mp4', 'safety-rules.pdf', 'onboarding-guide.pdf'] as const;

/** Copies the demo files into MEDIA_DIR where they are missing (an operator's own files stay). */
export const installDemoMedia = (mediaDir: string) => {
  mkdirSync(mediaDir, { recursive: true });
  for (const file of DEMO_MEDIA_FILES) {
    const target = path.join(mediaDir, file);
    if (!existsSync(target)) copyFileSync(path.join(DEMO_MEDIA_DIR, file), target);
  }
};

type Option = { id: number; content: string; isFill: boolean };
const options = (...contents: (string | [string, 'fill'])[]): Option[] =>
  contents.map((content, index) =>
    typeof content === 'string'
      ? { id: index + 1, content, isFill: false }
      : { id: index + 1, content: content[0], isFill: true },
  );

type Question = {
  type: 'ST01' | 'ST02' | 'ST03' | 'ST04' | 'ST05';
  subject: string;
  isMust?: boolean;
  options?: Option[];
  key?: { optionIds?: number[]; judge?: 'Y' | 'N'; blanks?: string[][] };
  score?: number;
};

export const DEMO_EXAM_TITLE = '新员工安全知识考试';
export const DEMO_SURVEY_TITLE = '2026 年度培训需求调查';

const EXAM: Question[] = [
  {
    type: 'ST01',
    subject: '灭火器压力表的指针应指在哪个区域才能正常使用？',
    options: options('红区', '绿区', '黄区'),
    key: { optionIds: [2] },
    score: 20,
  },
  {
    type: 'ST02',
    subject: '进入冲压车间必须佩戴哪些防护用品？',
    options: options('安全帽', '安全鞋', '护目镜', ['其他（请注明）', 'fill']),
    key: { optionIds: [1, 2, 3] },
    score: 20,
  },
  { type: 'ST03', subject: '设备运转时，可以伸手清理模具里的铁屑。', key: { judge: 'N' }, score: 20 },
  {
    type: 'ST04',
    subject: '安全生产方针是：安全第一、（）为主、(  )治理。',
    key: { blanks: [['预防'], ['综合']] },
    score: 20,
  },
  {
    type: 'ST04',
    subject: '厂内急救电话是（）。',
    key: { blanks: [['8120', '８１２０']] },
    score: 20,
  },
  { type: 'ST05', subject: '请写下您对本岗位安全生产的建议。', isMust: false },
];

const SURVEY: Question[] = [
  {
    type: 'ST01',
    subject: '您更喜欢哪种培训形式？',
    options: options('视频课程', '现场实操', '师傅带教', ['其他', 'fill']),
  },
  {
    type: 'ST02',
    subject: '您希望参加哪些方面的培训？（可多选）',
    options: options('安全生产', '设备操作', '质量管理', '办公软件', ['其他', 'fill']),
  },
  { type: 'ST03', subject: '过去一年的培训对您的工作有帮助。' },
  { type: 'ST04', subject: '您每月可以用于学习的时间大约是（）小时。' },
  { type: 'ST05', subject: '对公司的培训工作，您还有什么意见或建议？', isMust: false },
];

const insertPaper = async (
  client: pg.PoolClient | pg.Pool,
  {
    examType,
    title,
    description,
    questions,
  }: { examType: 'EXAM' | 'DEMAND'; title: string; description: string; questions: Question[] },
) => {
  const { rows } = await client.query<{ id: number }>(
    'insert into papers (exam_type, title, description) values ($1, $2, $3) returning id',
    [examType, title, description],
  );
  const paperId = rows[0]?.id as number;
  for (const [index, question] of questions.entries()) {
    await client.query(
      `insert into paper_questions (paper_id, sort, subject, subject_type, is_must, options, answer_key, score)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        paperId,
        index + 1,
        question.subject,
        question.type,
        question.isMust === false ? 'N' : 'Y',
        JSON.stringify(question.options ?? []),
        question.key ? JSON.stringify(question.key) : null,
        question.score ?? 0,
      ],
    );
  }
  await client.query('insert into paper_assignments (paper_id, employee_id) select $1, id from employees', [paperId]);
  return paperId;
};

/** The demo's question bank: two categories of NT, for HR to build exams from (题库, 考试与问卷). */
const DEMO_BANK: { category: string; questions: Question[] }[] = [
  {
    category: '消防安全',
    questions: [
      {
        type: 'ST01',
        subject: '发现火情应首先拨打哪个电话？',
        options: options('110', '119', '120'),
        key: { optionIds: [2] },
        score: 5,
      },
      {
        type: 'ST01',
        subject: '干粉灭火器使用时应对准火焰的哪个部位？',
        options: options('火焰顶部', '火焰中部', '火焰根部'),
        key: { optionIds: [3] },
        score: 5,
      },
      {
        type: 'ST02',
        subject: '下列哪些是车间常见的消防器材？',
        options: options('灭火器', '消防栓', '扳手', '应急照明灯'),
        key: { optionIds: [1, 2, 4] },
        score: 10,
      },
      { type: 'ST03', subject: '安全出口和疏散通道可以临时堆放物料。', key: { judge: 'N' }, score: 5 },
      { type: 'ST03', subject: '电器着火时应先切断电源再灭火。', key: { judge: 'Y' }, score: 5 },
      { type: 'ST04', subject: '灭火器压力表指针应在（）色区域。', key: { blanks: [['绿', '绿色']] }, score: 5 },
    ],
  },
  {
    category: '劳动防护',
    questions: [
      {
        type: 'ST01',
        subject: '冲压作业时双手应放在哪里？',
        options: options('模具内扶料', '双手按钮上', '随意'),
        key: { optionIds: [2] },
        score: 5,
      },
      {
        type: 'ST02',
        subject: '进入冲压车间必须佩戴哪些防护用品？',
        options: options('安全帽', '防护眼镜', '耳塞', '拖鞋'),
        key: { optionIds: [1, 2, 3] },
        score: 10,
      },
      { type: 'ST03', subject: '手套破损后可以继续使用到下班。', key: { judge: 'N' }, score: 5 },
      { type: 'ST04', subject: '噪声超过（）分贝的岗位必须佩戴耳塞。', key: { blanks: [['85']] }, score: 5 },
      { type: 'ST05', subject: '请写出你所在岗位最需要注意的一条安全事项。', isMust: false },
    ],
  },
];

const seedDemoBank = async (client: pg.PoolClient | pg.Pool) => {
  for (const { category, questions } of DEMO_BANK) {
    const { rows } = await client.query<{ id: number }>(
      `insert into question_categories (bu, name) values ('NT', $1) returning id`,
      [category],
    );
    for (const question of questions) {
      await client.query(
        `insert into bank_questions (category_id, subject_type, subject, options, answer_key, score, is_must)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          rows[0]?.id,
          question.type,
          question.subject,
          JSON.stringify(question.options ?? []),
          question.key ? JSON.stringify(question.key) : null,
          question.score ?? 0,
          question.isMust !== false,
        ],
      );
    }
  }
};

export const seedDemoTraining = async (client: pg.PoolClient | pg.Pool) => {
  await seedDemoBank(client);
  const { rows } = await client.query<{ id: number; file_name: string }>(
    `insert into training_materials (name, file_name, duration_seconds, kind, original_file_name)
     values ('安全生产第一课（视频）', 'safety-lesson.mp4', 8.003, 'video', 'safety-lesson.mp4'),
            ('冲压车间安全操作规程', 'safety-rules.pdf', null, 'document', 'safety-rules.pdf')
     returning id, file_name`,
  );
  const video = rows.find((row) => row.file_name.endsWith('.mp4'))?.id;
  const rules = rows.find((row) => row.file_name.endsWith('.pdf'))?.id;
  await client.query(
    `insert into study_assignments (employee_id, material_id, train_theme)
     select e.id, m.material_id, m.theme from employees e
     cross join (values ($1::int, '新员工三级安全教育'), ($2::int, '新员工三级安全教育')) as m(material_id, theme)`,
    [video, rules],
  );
  await insertPaper(client, {
    examType: 'EXAM',
    title: DEMO_EXAM_TITLE,
    description: '共 6 题，满分 100 分；每人只能提交一次。',
    questions: EXAM,
  });
  await insertPaper(client, {
    examType: 'DEMAND',
    title: DEMO_SURVEY_TITLE,
    description: '请根据实际情况填写，帮助我们安排明年的培训。',
    questions: SURVEY,
  });
};
