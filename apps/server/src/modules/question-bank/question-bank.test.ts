// 题库: HR keeps a plant's questions in categories; a question is well formed by the paper engine's rules or refused
// in Chinese with nothing stored; the bank goes out to Excel and comes back as it was; a sheet with bad rows takes
// the good ones and hands back the others with 错误原因; another plant's HR sees and changes nothing of it.
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import type { BankQuestion } from '@ess/contract/question-bank';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeHrClerk } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { postMultipart } from '../../../test/uploads';

let t: TestContext;
let ntClerk: string;
let hzClerk: string;
beforeAll(async () => {
  t = await createTestContext();
  ntClerk = await t.login((await makeHrClerk(t.database, { plant: 'NT' })).empNo, FACTORY_PASSWORD_HASH);
  hzClerk = await t.login((await makeHrClerk(t.database, { plant: 'HZ' })).empNo, FACTORY_PASSWORD_HASH);
});
afterAll(() => t.close());

const unique = () => randomBytes(3).toString('hex');

const newCategory = async (token: string, bu: string, name = `安全${unique()}`) => {
  const answer = await t.call(routes.saveQuestionCategory, { bu, name }, token);
  expect(answer.body).toMatchObject({ result: true });
  return (answer.body.data as { id: number }).id;
};

const questionsOf = async (token: string, body: Record<string, unknown>) =>
  (await t.call(routes.getBankQuestions, { PageSize: 50, ...body }, token)).body.data as BankQuestion[];

const countRows = async (table: string) =>
  Number((await t.database.pool.query(`select count(*) as n from ${table}`)).rows[0].n);

const sheetOf = (rows: string[][], name = '题库.xlsx') => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), '题库');
  return { file: XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer, filename: name };
};
const importSheet = (token: string, bu: string, file: { file: Buffer; filename: string }) =>
  postMultipart(
    t.app,
    'QuestionBank/Import',
    [
      { field: 'bu', value: bu },
      { field: 'file', ...file },
    ],
    token,
  );
const rowsOfDownload = (download: { contentBase64: string }) => {
  const workbook = XLSX.read(Buffer.from(download.contentBase64, 'base64'));
  return XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0] as string] as XLSX.WorkSheet, {
    header: 1,
    raw: false,
    defval: '',
  });
};

const single = (categoryId: number, subject = `发现火情应拨打？${unique()}`) => ({
  categoryId,
  subjectType: 'ST01',
  subject,
  options: [
    { content: '110', isCorrect: false },
    { content: '119', isCorrect: true },
    { content: '120', isCorrect: false },
  ],
  score: 2,
  explanation: '火警电话是 119',
});

describe('categories', () => {
  it('are a plant’s: made, renamed, refused twice, and deleted only when empty, each change audited', async () => {
    const name = `消防${unique()}`;
    const id = await newCategory(ntClerk, 'NT', name);
    expect((await t.call(routes.saveQuestionCategory, { bu: 'NT', name }, ntClerk)).body).toMatchObject({
      result: false,
      msg: `该工厂已有名为“${name}”的分类`,
    });
    // The same name in another plant is another category.
    await newCategory(hzClerk, 'HZ', name);
    await t.call(routes.saveQuestionCategory, { id, bu: 'NT', name: `${name}-改` }, ntClerk);
    expect((await t.call(routes.getQuestionCategories, { bu: 'NT' }, ntClerk)).body.data).toContainEqual({
      id,
      bu: 'NT',
      name: `${name}-改`,
      questionCount: 0,
    });
    expect((await t.call(routes.saveQuestionCategory, { id, bu: 'HZ', name }, ntClerk)).body.result).toBe(false);

    await t.call(routes.saveBankQuestion, single(id), ntClerk);
    expect((await t.call(routes.deleteQuestionCategory, { id }, ntClerk)).body).toMatchObject({
      result: false,
      msg: '分类下还有 1 道题，请先删除这些题再删除分类',
    });
    const [question] = await questionsOf(ntClerk, { categoryId: id });
    await t.call(routes.deleteBankQuestions, { ids: [question?.id] }, ntClerk);
    expect((await t.call(routes.deleteQuestionCategory, { id }, ntClerk)).body).toMatchObject({ result: true });
    const { rows } = await t.database.pool.query(
      `select action from audit_log where subject_type = 'question-category' and subject_id = $1 order by id`,
      [String(id)],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'question-category.create',
      'question-category.rename',
      'question-category.delete',
    ]);
  });

  it('of another plant are absent to its HR: not listed, not renamed, not deleted, not filled', async () => {
    const hzCategory = await newCategory(hzClerk, 'HZ');
    const before = await countRows('bank_questions');
    expect((await t.call(routes.getQuestionCategories, { bu: 'HZ' }, ntClerk)).body).toMatchObject({ result: false });
    const listed = (await t.call(routes.getQuestionCategories, {}, ntClerk)).body.data as { bu: string }[];
    expect(listed.every((row) => row.bu === 'NT')).toBe(true);
    for (const answer of [
      await t.call(routes.saveQuestionCategory, { id: hzCategory, bu: 'NT', name: '夺走' }, ntClerk),
      await t.call(routes.deleteQuestionCategory, { id: hzCategory }, ntClerk),
      await t.call(routes.saveBankQuestion, single(hzCategory), ntClerk),
    ]) {
      expect(answer.body).toMatchObject({ result: false, msg: '分类不存在' });
    }
    expect(await countRows('bank_questions')).toBe(before);
  });
});

describe('questions', () => {
  it('keep their key, their option ids across an edit of wording, and are HR’s to read', async () => {
    const categoryId = await newCategory(ntClerk, 'NT');
    const saved = await t.call(routes.saveBankQuestion, single(categoryId), ntClerk);
    expect(saved.body).toMatchObject({ result: true, msg: '题目已保存' });
    const [question] = await questionsOf(ntClerk, { categoryId });
    expect(question).toMatchObject({
      subjectType: 'ST01',
      score: 2,
      explanation: '火警电话是 119',
      options: [
        { id: 1, content: '110', isCorrect: false, isFill: false },
        { id: 2, content: '119', isCorrect: true, isFill: false },
        { id: 3, content: '120', isCorrect: false, isFill: false },
      ],
    });
    // The wording of B changes and a D is added before the answer: B keeps its id and stays the answer.
    const edited = {
      ...single(categoryId, question?.subject),
      id: question?.id,
      options: [
        { id: 1, content: '110', isCorrect: false },
        { id: 2, content: '119 火警', isCorrect: true },
        { id: 3, content: '120', isCorrect: false },
        { content: '122', isCorrect: false },
      ],
    };
    expect((await t.call(routes.saveBankQuestion, edited, ntClerk)).body.result).toBe(true);
    const [after] = await questionsOf(ntClerk, { categoryId });
    expect(after?.options.map((option) => [option.id, option.content, option.isCorrect])).toEqual([
      [1, '110', false],
      [2, '119 火警', true],
      [3, '120', false],
      [4, '122', false],
    ]);
    // Another plant's HR can neither see it nor change it.
    expect((await t.call(routes.getBankQuestions, { categoryId }, hzClerk)).body).toMatchObject({
      result: false,
      msg: '分类不存在',
    });
    expect(await questionsOf(hzClerk, {})).not.toContainEqual(expect.objectContaining({ categoryId }));
    expect((await t.call(routes.saveBankQuestion, { ...edited, subject: '改掉' }, hzClerk)).body).toMatchObject({
      result: false,
    });
    expect((await t.call(routes.deleteBankQuestions, { ids: [after?.id] }, hzClerk)).body).toMatchObject({
      result: false,
      msg: '题目不存在',
    });
    expect(await questionsOf(ntClerk, { categoryId })).toHaveLength(1);
  });

  it('are refused, with nothing stored, where the paper engine could not score or show them', async () => {
    const categoryId = await newCategory(ntClerk, 'NT');
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          ...single(categoryId),
          options: [
            { content: 'A', isCorrect: true },
            { content: 'B', isCorrect: true },
          ],
        },
        '单选题只能有一个正确答案',
      ],
      [{ ...single(categoryId), options: [{ content: '只有一个', isCorrect: true }] }, '选择题至少 2 个选项'],
      [{ ...single(categoryId), options: [{ content: '同', isCorrect: true }, { content: '同' }] }, '选项“同”重复'],
      [
        { ...single(categoryId), options: [{ content: '$5', isCorrect: true }, { content: '6' }] },
        '选项内容不能包含 $',
      ],
      [{ ...single(categoryId), options: [{ content: 'A' }, { content: 'B' }] }, '有分值的选择题请标出正确答案'],
      [{ categoryId, subjectType: 'ST03', subject: '灭火器要定点放置', score: 1 }, '有分值的判断题请选择正确答案'],
      [
        { categoryId, subjectType: 'ST04', subject: '指针应在（）区，颜色是（）', blanks: [['绿']], score: 2 },
        '题目有 2 个空，答案有 1 个',
      ],
      [{ categoryId, subjectType: 'ST05', subject: '谈谈你的建议', score: 5 }, '简答题不能自动评分，分值应为 0'],
      [{ categoryId, subjectType: 'ST03', subject: '', judge: 'Y' }, '请填写题目'],
      [{ ...single(categoryId), score: 0.3 }, '分值应为整数或 0.5 的倍数'],
    ];
    const before = await countRows('bank_questions');
    for (const [draft, message] of cases) {
      const answer = await t.call(routes.saveBankQuestion, draft, ntClerk);
      expect(answer.status, message).toBe(200);
      expect(answer.body, message).toMatchObject({ result: false, msg: message });
    }
    expect(await countRows('bank_questions')).toBe(before);

    // The same subject twice in one category is refused; a survey's question without a key is fine.
    const subject = `重复题${unique()}`;
    expect((await t.call(routes.saveBankQuestion, single(categoryId, subject), ntClerk)).body.result).toBe(true);
    expect((await t.call(routes.saveBankQuestion, single(categoryId, subject), ntClerk)).body).toMatchObject({
      result: false,
      msg: '该分类下已有相同题型和题目的题',
    });
    const survey = {
      categoryId,
      subjectType: 'ST01',
      subject: '您对食堂满意吗？',
      options: [{ content: '满意' }, { content: '其他', isFill: true }],
    };
    expect((await t.call(routes.saveBankQuestion, survey, ntClerk)).body.result).toBe(true);
  });
});

describe('the bank as a sheet', () => {
  it('imports the template’s own examples, making the categories it names', async () => {
    const template = (await t.call(routes.getBankTemplate, {}, ntClerk)).body.data as {
      fileName: string;
      contentBase64: string;
    };
    expect(template.fileName).toBe('题库导入模板.xlsx');
    const answer = await importSheet(ntClerk, 'NT', {
      file: Buffer.from(template.contentBase64, 'base64'),
      filename: template.fileName,
    });
    expect(answer.body).toMatchObject({
      result: true,
      data: { created: 6, updated: 0, rejectedCount: 0, rejected: null },
    });
    const categories = (await t.call(routes.getQuestionCategories, { bu: 'NT' }, ntClerk)).body.data as {
      name: string;
      questionCount: number;
    }[];
    expect(categories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: '安全生产', questionCount: 4 }),
        expect.objectContaining({ name: '满意度调查', questionCount: 2 }),
      ]),
    );
    const blanks = await questionsOf(ntClerk, { bu: 'NT', subjectType: 'ST04', keyword: '灭火器压力表' });
    expect(blanks[0]).toMatchObject({ blanks: [['绿']], score: 2 });
    const [survey] = await questionsOf(ntClerk, { bu: 'NT', keyword: '饭菜' });
    expect(survey?.options.at(-1)).toMatchObject({ content: '其他', isFill: true, isCorrect: false });
    expect(survey?.score).toBe(0);
  });

  it('takes the good rows of a sheet and hands back the others with 错误原因; the sheet again changes nothing', async () => {
    const category = `导入${unique()}`;
    const header = ['分类', '题型', '题目', '选项A', '选项B', '选项C', '正确答案', '分值', '解析', '必答'];
    const rows = [
      header,
      [category, '单选', '安全帽的作用？', '防砸', '好看', '', 'A', '', '', ''],
      [category, '多选题', '哪些是防护用品？', '手套', '耳塞', '拖鞋', 'AB', '3', '', '是'],
      [category, '判断', '可以在车间吸烟。', '', '', '', '错', '1', '', ''],
      [category, '填空题', '消防通道宽度不少于（）米，颜色（）。', '', '', '', '1.4;1.5|黄', '2', '', ''],
      [category, '简答题', '你的建议？', '', '', '', '', '', '', '否'],
      // Refused, each for its own reason:
      [category, '单选题', '没有答案的有分题？', '甲', '乙', '', '', '2', '', ''],
      [category, '单选题', '答案不在选项里？', '甲', '乙', '', 'D', '', '', ''],
      [category, '判断题', '判断写错？', '', '', '', '可能', '', '', ''],
      [category, '选择题', '题型不对？', '甲', '乙', '', 'A', '', '', ''],
      ['', '单选题', '没有分类？', '甲', '乙', '', 'A', '', '', ''],
      [category, '单选题', '选项有空缺？', '甲', '', '丙', 'A', '', '', ''],
      [category, '单选', '安全帽的作用？', '防砸', '好看', '', 'B', '', '', ''],
      [category, '填空题', '空数不符（）？', '', '', '', '一|二', '2', '', ''],
    ];
    const first = await importSheet(ntClerk, 'NT', sheetOf(rows, '题库-三月.xlsx'));
    expect(first.body).toMatchObject({
      result: true,
      msg: '新增 5 题，更新 0 题；8 行未导入，请下载查看原因',
      data: { created: 5, updated: 0, createdCategories: [category], rejectedCount: 8 },
    });
    const { rejected } = first.body.data as { rejected: { fileName: string; contentBase64: string } };
    expect(rejected.fileName).toBe('题库-三月-未导入的行.xlsx');
    const back = rowsOfDownload(rejected);
    expect(back[0]).toEqual(['行号', ...header, '错误原因']);
    expect(back.slice(1).map((row) => [row[0], row.at(-1)])).toEqual([
      ['7', '有分值的选择题请标出正确答案'],
      ['8', '正确答案“D”不是已填写的选项'],
      ['9', '判断题答案应为“对”或“错”'],
      ['10', '题型应为 单选题、多选题、判断题、填空题 或 简答题'],
      ['11', '请填写分类'],
      ['12', '选项B 为空，选项应从选项A 起连续填写'],
      ['13', '与第 2 行是同一题'],
      ['14', '题目有 1 个空，答案有 2 个'],
    ]);
    const [blank] = await questionsOf(ntClerk, { bu: 'NT', keyword: '消防通道' });
    expect(blank?.blanks).toEqual([['1.4', '1.5'], ['黄']]);

    const again = await importSheet(ntClerk, 'NT', sheetOf(rows.slice(0, 6)));
    expect(again.body.data).toMatchObject({ created: 0, updated: 5, createdCategories: [], rejectedCount: 0 });
  });

  it('exports a plant’s bank and imports it back as it was', async () => {
    const categoryId = await newCategory(ntClerk, 'NT', `往返${unique()}`);
    const drafts = [
      single(categoryId),
      {
        categoryId,
        subjectType: 'ST02',
        subject: '哪些是消防器材？',
        options: [
          { content: '灭火器', isCorrect: true },
          { content: '消防栓', isCorrect: true },
          { content: '扳手' },
          { content: '其他', isFill: true },
        ],
        score: 3,
      },
      { categoryId, subjectType: 'ST03', subject: '安全出口可以上锁。', judge: 'N', score: 1, isMust: false },
      {
        categoryId,
        subjectType: 'ST04',
        subject: '（）和（）是三原色中的两种。',
        blanks: [['红'], ['蓝', '青']],
        score: 2,
      },
      { categoryId, subjectType: 'ST05', subject: '说说你对安全的理解。', explanation: '言之有理即可' },
    ];
    for (const draft of drafts) expect((await t.call(routes.saveBankQuestion, draft, ntClerk)).body.result).toBe(true);
    const before = await questionsOf(ntClerk, { categoryId });

    const exported = (await t.call(routes.exportBankQuestions, { categoryId }, ntClerk)).body.data as {
      fileName: string;
      contentBase64: string;
    };
    expect(rowsOfDownload(exported)).toHaveLength(6);
    // Into the plant's bank again: every question found, nothing new, nothing changed.
    const again = await importSheet(ntClerk, 'NT', {
      file: Buffer.from(exported.contentBase64, 'base64'),
      filename: exported.fileName,
    });
    expect(again.body.data).toMatchObject({ created: 0, updated: 5, rejectedCount: 0 });
    const comparable = (rows: BankQuestion[]) =>
      rows.map(({ id: _id, updatedAt: _updated, ...rest }) => rest).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(comparable(await questionsOf(ntClerk, { categoryId }))).toEqual(comparable(before));

    // Into another plant's bank (by its own HR): the same questions, in a category of the same name.
    const moved = await importSheet(hzClerk, 'HZ', {
      file: Buffer.from(exported.contentBase64, 'base64'),
      filename: exported.fileName,
    });
    expect(moved.body.data).toMatchObject({ created: 5, rejectedCount: 0 });
    const hzRows = await questionsOf(hzClerk, { bu: 'HZ', keyword: '' });
    const strip = (rows: BankQuestion[]) => comparable(rows).map(({ categoryId: _c, bu: _b, ...rest }) => rest);
    expect(strip(hzRows.filter((row) => row.categoryName === before[0]?.categoryName))).toEqual(strip(before));
  });

  it('refuses a sheet of another plant, or without the columns, and stores nothing', async () => {
    const before = await countRows('bank_questions');
    const sheet = sheetOf([
      ['分类', '题型', '题目', '选项A', '选项B', '正确答案'],
      ['越权', '单选题', '题？', '甲', '乙', 'A'],
    ]);
    expect((await importSheet(ntClerk, 'HZ', sheet)).body).toMatchObject({ result: false, msg: '权限不足' });
    expect(
      (
        await importSheet(
          ntClerk,
          'NT',
          sheetOf([
            ['题目', '答案'],
            ['题？', 'A'],
          ]),
        )
      ).body,
    ).toMatchObject({
      result: false,
      msg: '缺少列：分类、题型，请使用题库导入模板',
    });
    expect(await countRows('bank_questions')).toBe(before);
  });
});
