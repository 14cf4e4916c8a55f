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
    // Both fields are refused in the contract's words.
    expect(await screen.findAllByText('反馈类型或描述为空')).toHaveLength(2);
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

  it('sends one idempotency key per submission: the same on a retry, a new one after success', async () => {
    let answers = 0;
    const { calls } = fakeServer({
      'SystemNotice/ModifyNotice': () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return ok(null, '提交成功');
      },
      // The dropped answer cost the access cookie (SPEC §8): the retry first gets a fresh pair.
      'Account/RefreshToken': () => ok({ token: 'fresh', refreshToken: 'fresh-refresh' }),
    });
    const notices = () => calls.filter((call) => call.path === 'SystemNotice/ModifyNotice');
    const user = userEvent.setup();
    renderScreen(<FeedbackForm bu="NT" onSubmitted={() => {}} />);
    await user.click(screen.getByRole('radio', { name: '考勤' }));
    await user.type(screen.getByLabelText('问题描述'), '打卡机故障');
    const send = screen.getByRole('button', { name: '提交' });
    await user.click(send);
    await waitFor(() => expect(notices()).toHaveLength(1));
    await user.click(send);
    await waitFor(() => expect(notices()).toHaveLength(2));
    await user.click(send);
    await waitFor(() => expect(notices()).toHaveLength(3));
    const keys = notices().map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
