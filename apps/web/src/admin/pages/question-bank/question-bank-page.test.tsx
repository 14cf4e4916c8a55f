// 题库: the categories with their counts beside the questions with their type, key and marks; choosing a category
// asks the server for that category's questions alone.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import QuestionBankPage from './question-bank-page';

afterEach(() => vi.unstubAllGlobals());

const SESSION = { id: 2, empNo: '900002', name: '周敏', roles: ['HRAdmin'], adminPlants: ['NT'] } as never;
const QUESTION = {
  id: 9,
  categoryId: 3,
  categoryName: '安全生产',
  bu: 'NT',
  subjectType: 'ST02',
  subject: '进入车间必须佩戴哪些防护用品？',
  options: [
    { id: 1, content: '安全帽', isFill: false, isCorrect: true },
    { id: 2, content: '拖鞋', isFill: false, isCorrect: false },
    { id: 3, content: '耳塞', isFill: false, isCorrect: true },
  ],
  judge: null,
  blanks: [],
  score: 3,
  explanation: '',
  isMust: true,
  updatedAt: '2026-11-28 09:00',
};

describe('QuestionBankPage', { timeout: 90_000 }, () => {
  it('lists the categories and the questions, and filters by the category chosen', async () => {
    const { calls } = fakeServer({
      'QuestionBank/GetCategories': () => ok([{ id: 3, bu: 'NT', name: '安全生产', questionCount: 1 }]),
      'QuestionBank/GetQuestions': () => ({ body: { result: true, msg: '', data: [QUESTION], totalCount: 1 } }),
    });
    renderScreen(<QuestionBankPage session={SESSION} />);
    expect(await screen.findByText('进入车间必须佩戴哪些防护用品？')).toBeTruthy();
    expect(screen.getByText(/^A\. 安全帽 ✓\s+B\. 拖鞋\s+C\. 耳塞 ✓$/)).toBeTruthy();
    expect(screen.getByText('AC')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '安全生产（1 题）' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'QuestionBank/GetQuestions').at(-1)?.body).toMatchObject({
        categoryId: 3,
      }),
    );
    expect(screen.getByRole('button', { name: '安全生产（1 题）' }).getAttribute('aria-pressed')).toBe('true');
  });
});
