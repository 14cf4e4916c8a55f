// A published exam on the phone: its rules and 开始考试; then the attempt the server drew, the time left by the
// server's clock, each change saved to the server a moment later with a growing seq (and kept on the phone while the
// network is gone), and the attempt submitted as itself.
import type { PaperDetail } from '@ess/contract/training';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import PaperDetailPage from './paper-detail-page';

const RULES = {
  opensAt: '2026-11-01 08:00',
  closesAt: '2026-12-31 18:00',
  timeLimitMinutes: 30,
  passScore: 60,
  maxAttempts: 2,
  attemptsUsed: 0,
  nextStartAt: null,
  startRefusal: null,
  questionCount: 2,
  isAnonymous: false,
};
const QUESTIONS: PaperDetail['questions'] = [
  {
    id: 21,
    subject: '发现火情应拨打？',
    subjectType: 'ST01',
    isMust: 'Y',
    score: 50,
    verbContent: '[]',
    details: [
      { id: 2, verb: 'A', verbContent: '119', isFill: 'N' },
      { id: 1, verb: 'B', verbContent: '110', isFill: 'N' },
    ],
  },
  {
    id: 22,
    subject: '灭火器要定点放置。',
    subjectType: 'ST03',
    isMust: 'Y',
    score: 50,
    verbContent: '[]',
    details: [],
  },
];
const BEFORE: PaperDetail = {
  id: 9,
  testName: '十一月安全考试',
  description: '',
  examType: 'EXAM',
  maxScore: 100,
  questions: [],
  rules: RULES,
  attempt: null,
};
const STARTED: PaperDetail = {
  ...BEFORE,
  questions: QUESTIONS,
  attempt: {
    id: 31,
    attemptNo: 1,
    startedAt: '2026-11-28 09:00',
    deadline: '2026-11-28T01:30:00.000Z',
    secondsLeft: 1800,
    answer: '{}',
    saveSeq: 0,
  },
};

const render = () =>
  renderScreen(<PaperDetailPage />, {
    path: '/paper/paper-detail',
    at: '/paper/paper-detail?Id=9',
    currentUser: makeCurrentUser(),
  });

afterEach(() => window.localStorage.clear());

describe('a published exam', { timeout: 60_000 }, () => {
  it('starts on 开始考试, saves each change to the server, and submits the attempt', async () => {
    let detail = BEFORE;
    const { calls } = fakeServer({
      'TrainExam/GetTrainTestWithDetail': () => ok(detail),
      'TrainOrganize/GetPersonExam': () => ok(null),
      'TrainExam/StartAttempt': () => {
        detail = STARTED;
        return ok(STARTED);
      },
      'TrainExam/SaveAnswers': () => ok({ savedAt: '2026-11-28 09:01:05', secondsLeft: 1740 }),
      'TrainOrganize/ModifyEmployeeExam': () =>
        ok({
          id: 1,
          paperId: 9,
          examType: 'EXAM',
          answer: '{}',
          score: 100,
          maxScore: 100,
          submittedAt: '',
          results: {},
        }),
    });
    render();
    expect(await screen.findByText('共 2 题，满分 100 分')).toBeInTheDocument();
    expect(screen.getByText('限时 30 分钟，开始后计时，到时自动交卷')).toBeInTheDocument();
    expect(screen.getByText('可作答 2 次，已作答 0 次')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '开始考试' }));

    expect(await screen.findByText(/^剩余 (30:00|29:5\d)$/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('A. 119'));
    fireEvent.click(screen.getByText('对'));
    await waitFor(() => expect(calls.filter((call) => call.path === 'TrainExam/SaveAnswers')).not.toHaveLength(0));
    expect(await screen.findByText('已保存 09:01:05')).toBeInTheDocument();
    const saves = calls.filter((call) => call.path === 'TrainExam/SaveAnswers').map((call) => call.body);
    const last = saves.at(-1) as { paperId: number; attemptId: number; seq: number; answer: string };
    expect(last).toMatchObject({ paperId: 9, attemptId: 31 });
    expect(last.seq).toBe(2);
    expect(JSON.parse(last.answer)).toEqual({ 21: '119', 22: 'Y' });
    expect(JSON.parse(window.localStorage.getItem('ess:attempt:31') ?? '{}')).toMatchObject({ seq: 2 });

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'TrainOrganize/ModifyEmployeeExam')).toBe(true));
    const sent = calls.find((call) => call.path === 'TrainOrganize/ModifyEmployeeExam');
    const modify = (sent?.body as { modify: Record<string, unknown> } | undefined)?.modify;
    expect(modify).toMatchObject({ paperId: 9, attemptId: 31, examType: 'EXAM' });
    await waitFor(() => expect(window.localStorage.getItem('ess:attempt:31')).toBeNull());
  });

  it('keeps the phone’s newer answers when the server has older ones (saved while offline)', async () => {
    window.localStorage.setItem('ess:attempt:31', JSON.stringify({ seq: 5, answers: { 22: 'N' } }));
    fakeServer({
      'TrainExam/GetTrainTestWithDetail': () =>
        ok({ ...STARTED, attempt: { ...STARTED.attempt, saveSeq: 3, answer: '{"22":"Y"}' } }),
      'TrainOrganize/GetPersonExam': () => ok(null),
      'TrainExam/SaveAnswers': () => ok({ savedAt: '2026-11-28 09:02:00', secondsLeft: 1700 }),
    });
    render();
    const wrong = await screen.findByRole('radio', { name: '错' });
    expect(wrong).toBeChecked();
  });
});
