// 结果: the figures of an exam, and a question opened to show how its answers spread over the options, the right one
// named — the question a trainer must explain again; and who stands where, with one worker's answers beside the key.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { ResultsDrawer } from './results-drawer';

afterEach(() => vi.unstubAllGlobals());
// The charts draw on a canvas, which the test's document lacks; their figures are in the tables beside them.
vi.mock('./results-charts', () => ({ ScoreBands: () => null, OptionSpread: () => null }));

const ROW = {
  id: 5,
  examType: 'EXAM' as const,
  title: '十一月安全考试',
  audience: 'NT · 部门：NT 冲压车间',
  plants: ['NT'],
  state: 'open' as const,
  opensAt: '2026-11-01 08:00',
  closesAt: '2026-12-31 18:00',
  questionCount: 2,
  fullMarks: 100,
  passScore: 60,
  timeLimitMinutes: 20,
  maxAttempts: 1,
  isDrawn: false,
  isAnonymous: false,
  authorName: '周敏',
  createdAt: '2026-11-01 08:00',
  startedCount: 5,
  submittedCount: 4,
};

const PERSON = {
  employeeId: 41,
  empNo: '100041',
  name: '王芳',
  bu: 'NT',
  deptName: '冲压车间',
  standing: 'failed',
  attemptCount: 1,
  bestScore: 50,
  lastSubmittedAt: '2026-11-20 10:00',
};

const resultsOf = () =>
  ok({
    examType: 'EXAM',
    title: ROW.title,
    fullMarks: 100,
    passScore: 60,
    isAnonymous: false,
    audienceCount: 6,
    startedCount: 5,
    submittedCount: 4,
    passedCount: 3,
    meanScore: 81.25,
    medianScore: 87.5,
    distribution: Array.from({ length: 10 }, (_, band) => ({
      from: band * 10,
      to: band * 10 + 10,
      count: band === 9 ? 2 : 0,
    })),
    questions: [
      {
        id: 11,
        sort: 1,
        subject: '发现火情应拨打？',
        subjectType: 'ST01',
        categoryName: '',
        answeredCount: 4,
        rightCount: 1,
        options: [
          { id: 1, content: '110', isCorrect: false, count: 3 },
          { id: 2, content: '119', isCorrect: true, count: 1 },
        ],
        judgeCounts: null,
        texts: [],
      },
    ],
    departments: [{ bu: 'NT', deptName: '冲压车间', audienceCount: 6, submittedCount: 4, passedCount: 3 }],
  });

describe('ResultsDrawer', { timeout: 90_000 }, () => {
  it('shows the figures and how a question’s answers spread over its options', async () => {
    fakeServer({
      'Paper/GetResults': resultsOf,
      'Paper/GetResultPeople': () => ({ body: { result: true, msg: '', data: [], totalCount: 0 } }),
    });
    renderScreen(<ResultsDrawer row={ROW} onClose={() => {}} />);
    const mean = await screen.findByText('平均分');
    expect(mean.closest('.ant-statistic')?.textContent).toBe('平均分81.25');
    expect(screen.getByText('3 人（75%）')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('110：3 人（75%）')).toBeTruthy();
    expect(screen.getByText('119（正确答案）：1 人（25%）')).toBeTruthy();
  });

  it('lists who failed, and opens one worker’s answers beside the key', async () => {
    const { calls } = fakeServer({
      'Paper/GetResults': resultsOf,
      'Paper/GetResultPeople': () => ({ body: { result: true, msg: '', data: [PERSON], totalCount: 1 } }),
      'Paper/GetPersonAttempts': () =>
        ok({
          empNo: PERSON.empNo,
          name: PERSON.name,
          bu: 'NT',
          deptName: '冲压车间',
          attempts: [
            {
              attemptNo: 1,
              startedAt: '2026-11-20 09:40',
              submittedAt: '2026-11-20 10:00',
              isSubmittedAtDeadline: true,
              score: 50,
              isPassed: false,
              questions: [
                {
                  id: 11,
                  subject: '发现火情应拨打？',
                  subjectType: 'ST01',
                  options: [
                    { id: 1, content: '110', isCorrect: false, isChosen: true },
                    { id: 2, content: '119', isCorrect: true, isChosen: false },
                  ],
                  given: '110',
                  key: '119',
                  marks: 50,
                  earned: 0,
                  isCorrect: false,
                },
              ],
            },
          ],
        }),
    });
    renderScreen(<ResultsDrawer row={ROW} onClose={() => {}} />);
    expect(await screen.findByText('人员情况')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('状态'));
    fireEvent.click(await screen.findByTitle('不及格'));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'Paper/GetResultPeople').at(-1)?.body).toMatchObject({
        id: 5,
        standing: 'failed',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '查看 王芳 的答卷' }));
    const dialog = (await screen.findByText('王芳（100041）的答卷')).closest('.ant-modal') as HTMLElement;
    expect(
      await within(dialog).findByText(
        '第 1 次 · 开始 2026-11-20 09:40 · 提交 2026-11-20 10:00 · 到时由系统提交 · 50 分 · 不及格',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('110（已选）')).toBeTruthy();
    expect(within(dialog).getByText('119（正确答案）')).toBeTruthy();
    expect(within(dialog).getByText('作答：110')).toBeTruthy();
    expect(within(dialog).getByText('答案：119')).toBeTruthy();
    expect(within(dialog).getByText('得分 0 / 50')).toBeTruthy();
  });
});
