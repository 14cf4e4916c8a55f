// The paper screen: the must-answer check before sending, the `$`-joined answer map it sends, a draft kept on the
// phone, and a submitted paper shown read-only with its score and no submit button.
import type { PaperDetail, PersonExam } from '@ess/contract/training';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import PaperDetailPage from './paper-detail-page';

const paper: PaperDetail = {
  id: 7,
  testName: '安全知识考试',
  description: '',
  examType: 'EXAM',
  maxScore: 40,
  rules: null,
  attempt: null,
  questions: [
    {
      id: 11,
      subject: '进入车间必须佩戴哪些防护用品？',
      subjectType: 'ST02',
      isMust: 'Y',
      score: 20,
      verbContent: '[]',
      details: [
        { id: 1, verb: 'A', verbContent: '安全帽', isFill: 'N' },
        { id: 2, verb: 'B', verbContent: '安全鞋', isFill: 'N' },
        { id: 3, verb: 'C', verbContent: '其他', isFill: 'Y' },
      ],
    },
    {
      id: 12,
      subject: '安全第一、（）为主、()治理。',
      subjectType: 'ST04',
      isMust: 'Y',
      score: 20,
      verbContent: '[]',
      details: [],
    },
    { id: 13, subject: '建议', subjectType: 'ST05', isMust: 'N', score: 0, verbContent: '[]', details: [] },
  ],
};

const at = '/paper/paper-detail?Id=7';
const render = () =>
  renderScreen(<PaperDetailPage />, { path: '/paper/paper-detail', at, currentUser: makeCurrentUser() });

afterEach(() => window.localStorage.clear());

describe('the paper screen', () => {
  it('refuses to send with a must-answer item missing, then sends the answers joined with $', async () => {
    const { calls } = fakeServer({
      'TrainExam/GetTrainTestWithDetail': () => ok(paper),
      'TrainOrganize/GetPersonExam': () => ok(null),
      'TrainOrganize/ModifyEmployeeExam': () =>
        ok(
          { id: 1, paperId: 7, examType: 'EXAM', answer: '{}', score: 20, maxScore: 40, submittedAt: '', results: {} },
          '提交成功',
        ),
    });
    render();
    fireEvent.click(await screen.findByText('A. 安全帽'));
    fireEvent.click(screen.getByText('C. 其他'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('存在必填项未填写')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'TrainOrganize/ModifyEmployeeExam')).toBe(false);

    const fill = screen.getAllByLabelText('其他：请填写说明').find((element) => element instanceof HTMLInputElement);
    fireEvent.change(fill as HTMLInputElement, { target: { value: '反光背心' } });
    fireEvent.change(screen.getByLabelText('第 1 空'), { target: { value: '预防' } });
    fireEvent.change(screen.getByLabelText('第 2 空'), { target: { value: '综合' } });
    // A reload keeps what was typed.
    expect(JSON.parse(window.localStorage.getItem('ess:paper-draft:100001:EXAM:7') ?? '{}')).toMatchObject({
      12: '预防$综合',
    });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'TrainOrganize/ModifyEmployeeExam')).toBe(true));
    const sent = calls.find((call) => call.path === 'TrainOrganize/ModifyEmployeeExam');
    const modify = sent?.body.modify as { paperId: number; examType: string; answer: string };
    expect(modify).toMatchObject({ paperId: 7, examType: 'EXAM' });
    expect(JSON.parse(modify.answer)).toEqual({ 11: '安全帽$其他', '11_3': '反光背心', 12: '预防$综合' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows a submitted paper read-only with its score and no submit button', async () => {
    const answered: PersonExam = {
      id: 3,
      paperId: 7,
      examType: 'EXAM',
      answer: JSON.stringify({ 11: '安全帽$安全鞋', 12: '预防$管理' }),
      score: 20,
      maxScore: 40,
      submittedAt: '2026-03-01 09:30',
      results: { 11: { earned: 20, isCorrect: true }, 12: { earned: 0, isCorrect: false } },
      passScore: null,
      isPassed: null,
      attemptNo: 1,
      review: {},
    };
    fakeServer({
      'TrainExam/GetTrainTestWithDetail': () => ok(paper),
      'TrainOrganize/GetPersonExam': () => ok(answered),
    });
    render();
    expect(await screen.findByText('得分：20 分（满分 40 分）')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
    expect((screen.getByLabelText('第 2 空') as HTMLInputElement).value).toBe('管理');
    expect(screen.getByLabelText('第 2 空')).toHaveAttribute('readonly');
    expect(screen.getByText('回答正确 · 得 20 分')).toBeInTheDocument();
    expect(screen.getByText('回答错误 · 得 0 分')).toBeInTheDocument();
  });
});
