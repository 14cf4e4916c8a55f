// 新建题目: the phone beside the form shows the question as the worker will see it while HR types; what the paper
// engine could not score is named before anything is sent; a well-formed question goes to the server as typed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { QuestionEditor } from './question-editor';

afterEach(() => vi.unstubAllGlobals());

const CATEGORIES = [{ id: 3, bu: 'NT', name: '安全生产', questionCount: 0 }];

describe('QuestionEditor', { timeout: 90_000 }, () => {
  it('previews as typed, names what is missing, and saves a well-formed question', async () => {
    const { calls } = fakeServer({ 'QuestionBank/SaveQuestion': () => ok({ id: 41 }, '题目已保存') });
    const saves = () => calls.filter((call) => call.path === 'QuestionBank/SaveQuestion').map((call) => call.body);
    const onClose = vi.fn();
    renderScreen(<QuestionEditor categories={CATEGORIES} defaultCategoryId={3} onClose={onClose} />);

    fireEvent.change(await screen.findByLabelText('题目'), { target: { value: '发现火情应拨打？' } });
    const letters = ['A', 'B', 'C'];
    for (const [index, content] of ['110', '119', '120'].entries()) {
      fireEvent.change(screen.getByLabelText(`选项 ${letters[index]}`), { target: { value: content } });
    }
    fireEvent.click(screen.getByRole('button', { name: '删除选项 D' }));
    const preview = screen.getByRole('figure');
    expect(within(preview).getByText('发现火情应拨打？')).toBeTruthy();
    expect(within(preview).getByRole('radio', { name: 'B. 119' })).toBeTruthy();
    expect(within(preview).getByText('正确答案：不评分')).toBeTruthy();

    // Marks without a right answer: named, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('有分值的选择题请标出正确答案')).toBeTruthy();
    expect(saves()).toHaveLength(0);

    fireEvent.click(screen.getAllByRole('checkbox', { name: '正确答案' })[1] as HTMLElement);
    expect(within(preview).getByText('正确答案：B')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      categoryId: 3,
      subjectType: 'ST01',
      subject: '发现火情应拨打？',
      options: [
        { content: '110', isCorrect: false, isFill: false },
        { content: '119', isCorrect: true, isFill: false },
        { content: '120', isCorrect: false, isFill: false },
      ],
      score: 2,
      isMust: true,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks a blank’s answers per bracket pair of the subject', async () => {
    fakeServer({});
    renderScreen(<QuestionEditor categories={CATEGORIES} defaultCategoryId={3} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: '填空题' }));
    fireEvent.change(screen.getByLabelText('题目'), { target: { value: '指针应在（）区，颜色是（）。' } });
    // The form's answer boxes, and the preview's blanks as the worker fills them.
    const preview = screen.getByRole('figure');
    expect(within(preview).getAllByRole('textbox')).toHaveLength(2);
    const firstBlanks = screen.getAllByLabelText('第 1 空');
    expect(firstBlanks).toHaveLength(2);
    expect(screen.getAllByLabelText('第 2 空')).toHaveLength(2);
    fireEvent.change(firstBlanks[0] as HTMLElement, { target: { value: '绿;绿色' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('每个空至少填一个答案')).toBeTruthy();
  });
});
