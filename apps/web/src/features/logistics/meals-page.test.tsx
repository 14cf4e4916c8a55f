import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import MealsPage from './meals-page';

afterEach(() => vi.unstubAllGlobals());

const months = [
  { YEAR_MONTH: '2025-05', DEDUCTION_AMT: 286.5 },
  { YEAR_MONTH: '2025-04', DEDUCTION_AMT: 0 },
  { YEAR_MONTH: '2025-03', DEDUCTION_AMT: 1204 },
];

describe('MealsPage', () => {
  it('lists the months above zero and opens a month with 实扣 = cost − subsidy', async () => {
    const { calls } = fakeServer({
      'LogisticsMeals/GetMeals': () => ({
        body: { result: true, msg: '', data: JSON.stringify(months), totalCount: 3 },
      }),
      'LogisticsMeals/GetMealsDetail': () =>
        ok(
          JSON.stringify([
            { COST_TIME: '2025-05-02 11:07', COST_AMOUNT: 12.1, SUBSIDY_AMOUNT: 4 },
            { COST_TIME: '2025-05-02 17:14', COST_AMOUNT: 16, SUBSIDY_AMOUNT: 0 },
          ]),
        ),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<MealsPage />);
    expect(await screen.findByText('2025年5月')).toBeInTheDocument();
    expect(screen.getByText('¥286.50')).toBeInTheDocument();
    expect(screen.getByText('¥1,204.00')).toBeInTheDocument();
    expect(screen.queryByText('2025年4月')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ query: { CurrentPage: 1 } });

    await user.click(screen.getByText('2025年5月'));
    const sheet = await screen.findByRole('dialog', { name: '2025年5月 消费明细' });
    expect(await within(sheet).findByText('2025-05-02 11:07')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: 'LogisticsMeals/GetMealsDetail', body: { date: '2025-05' } });
    const lines = [...sheet.querySelectorAll('.meal-line-actual')].map((line) => line.textContent);
    expect(lines).toEqual(['实扣¥8.10', '实扣¥16.00']);
    expect(within(sheet).getByText('消费 ¥12.10 · 补贴 ¥4.00')).toBeInTheDocument();
  });

  it('shows the server message when the months cannot be read', async () => {
    fakeServer({ 'LogisticsMeals/GetMeals': () => fail('餐费系统维护中') });
    renderScreen(<MealsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('餐费系统维护中');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
