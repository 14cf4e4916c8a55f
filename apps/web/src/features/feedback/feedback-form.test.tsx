import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../test/render';
import { FeedbackForm } from './feedback-form';

afterEach(() => vi.unstubAllGlobals());

describe('FeedbackForm', () => {
  it('needs a type and a description', async () => {
    const { calls } = fakeServer({});
    const user = userEvent.setup();
    renderScreen(<FeedbackForm bu="NT" onSubmitted={() => {}} />);
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('反馈类型或描述为空')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '考勤' }));
    await user.type(screen.getByLabelText('问题描述'), '   ');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(calls).toHaveLength(0);
  });

  it('submits the notice with the plant and reports success', async () => {
    const { calls } = fakeServer({ 'SystemNotice/ModifyNotice': () => ok(null, '提交成功') });
    const onSubmitted = vi.fn();
    const user = userEvent.setup();
    renderScreen(<FeedbackForm bu="HZ" onSubmitted={onSubmitted} />);
    await user.click(screen.getByRole('radio', { name: '住宿' }));
    await user.type(screen.getByLabelText('问题描述'), '宿舍热水器坏了');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toEqual({
      NoticeType: 'AppZs',
      NoticeTitle: '意见反馈-住宿',
      NoticeDesc: '宿舍热水器坏了',
      NoticeBody: '',
      Bu: 'HZ',
    });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
  });
});
