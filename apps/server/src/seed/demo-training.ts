// Demo training: a short safety video and a PDF of safety rules for every employee to study, an exam with every
// question type (blanks of both bracket kinds, an option asking for text, answer keys and points) and a survey,
// assigned to everyone. The files are copied into MEDIA_DIR (installDemoMedia) with the onboarding guide.
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

export const seedDemoTraining = async (client: pg.PoolClient | pg.Pool) => {
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
