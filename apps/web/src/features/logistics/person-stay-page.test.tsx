import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderScreen } from '../../test/render';
import PersonStayPage from './person-stay-page';

describe('PersonStayPage', () => {
  it('shows each month as the other screens do, with its costs and their total', async () => {
    fakeServer({
      'LogisticsDormitory/GetDormitoryCostForMobile': () => ({
        body: {
          result: true,
          msg: '',
          data: [{ yearMonth: '2025-03', waterCost: 20.5, tariffCost: 60.8, accommodationCost: 120 }],
          totalCount: 1,
        },
      }),
    });
    renderScreen(<PersonStayPage />);
    expect(await screen.findByText('2025年3月')).toBeInTheDocument();
    expect(screen.queryByText('2025-03')).not.toBeInTheDocument();
    expect(screen.getByText('¥201.30')).toBeInTheDocument();
  });
});
