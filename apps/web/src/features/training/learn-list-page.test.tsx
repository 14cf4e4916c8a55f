// 学习: an item HR assigned with a due date says when it is due, and once past it unfinished that it is overdue; a
// 选修 item says so.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import LearnListPage from './learn-list-page';

afterEach(() => window.localStorage.clear());

const item = (id: number, patch: Record<string, unknown>) => ({
  id,
  materialId: id,
  trainTheme: '冲压岗位安全',
  materialName: `资料${id}`,
  materialPath: `/api/media/00000000-0000-0000-0000-00000000000${id}.pdf`,
  isVideo: false,
  studiedSeconds: 0,
  coverage: null,
  isStudied: false,
  dueAt: null,
  isRequired: true,
  ...patch,
});

describe('the study list', () => {
  it('names the due date, the overdue and the optional', async () => {
    fakeServer({
      'TrainOrganize/GetTrainNotify': () =>
        ok([
          item(1, { dueAt: '2099-12-31 18:00' }),
          item(2, { dueAt: '2020-01-01 08:00' }),
          item(3, { isRequired: false }),
        ]),
    });
    renderScreen(<LearnListPage />, {
      path: '/train/learn-list',
      at: '/train/learn-list',
      currentUser: makeCurrentUser(),
    });
    expect(await screen.findByText('冲压岗位安全 · 请于 2099-12-31 18:00 前完成')).toBeInTheDocument();
    expect(screen.getByText('冲压岗位安全 · 已逾期（截止 2020-01-01 08:00）')).toBeInTheDocument();
    expect(screen.getByText('选修 · 冲压岗位安全')).toBeInTheDocument();
  });
});
