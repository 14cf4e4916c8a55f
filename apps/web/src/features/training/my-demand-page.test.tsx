// /user/my-demand: a refusal of the survey list is told as a toast (SPEC §8), and the page keeps 重试.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, renderScreen } from '../../test/render';
import MyDemandPage from './my-demand-page';

afterEach(() => vi.unstubAllGlobals());

describe('MyDemandPage', () => {
  it('toasts the server message of a refused list once, beside the page’s failed state', async () => {
    fakeServer({ 'TrainOrganize/GetPersonDemandSurvey': () => fail('问卷系统维护中') });
    renderScreen(<MyDemandPage />);
    // The page's own state and the toast.
    await waitFor(() => expect(screen.getAllByText('问卷系统维护中')).toHaveLength(2));
    expect(document.querySelector('.adm-toast-main')?.textContent).toContain('问卷系统维护中');
  });
});
