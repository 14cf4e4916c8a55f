import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../lib/hash-password';
import { fail, fakeServer, ok, renderScreen } from '../../test/render';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => vi.unstubAllGlobals());

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: '确认修改' }));

describe('ChangePasswordForm', () => {
  it('names each field by its label alone, without the required mark', () => {
    fakeServer({});
    renderScreen(<ChangePasswordForm onChanged={() => {}} />);
    expect(screen.getByLabelText(/^原密码/)).toHaveAccessibleName('原密码');
    expect(screen.getByLabelText(/^新密码/)).toHaveAccessibleName('新密码');
    expect(screen.getByLabelText(/^确认新密码/)).toHaveAccessibleName('确认新密码');
    expect(document.querySelectorAll('.adm-form-item-required-asterisk')).toHaveLength(3);
  });

  it('asks for every field', async () => {
    const { calls } = fakeServer({});
    const user = userEvent.setup();
    renderScreen(<ChangePasswordForm onChanged={() => {}} />);
    await submit(user);
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请确认新密码')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('wants a new password of 6 characters and a matching confirmation', async () => {
    const { calls } = fakeServer({});
    const user = userEvent.setup();
    renderScreen(<ChangePasswordForm onChanged={() => {}} />);
    await user.type(screen.getByLabelText(/^原密码/), 'demo1234');
    await user.type(screen.getByLabelText(/^新密码/), '12345');
    await user.type(screen.getByLabelText(/^确认新密码/), '54321');
    await submit(user);
    expect(await screen.findByText('新密码至少 6 位')).toBeInTheDocument();
    expect(screen.getByText('请确认与新密码一致')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends both passwords hashed and reports success', async () => {
    const { calls } = fakeServer({ 'Account/ChangePwd': () => ok(null, '修改成功') });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderScreen(<ChangePasswordForm onChanged={onChanged} />);
    await user.type(screen.getByLabelText(/^原密码/), 'demo1234');
    await user.type(screen.getByLabelText(/^新密码/), 'new-secret');
    await user.type(screen.getByLabelText(/^确认新密码/), 'new-secret');
    await submit(user);
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toEqual({
      oldPwd: await hashPassword('demo1234'),
      newPwd: await hashPassword('new-secret'),
    });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('shows 修改失败！ with the server message', async () => {
    fakeServer({ 'Account/ChangePwd': () => fail('原密码错误') });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderScreen(<ChangePasswordForm onChanged={onChanged} />);
    await user.type(screen.getByLabelText(/^原密码/), 'wrong-one');
    await user.type(screen.getByLabelText(/^新密码/), 'new-secret');
    await user.type(screen.getByLabelText(/^确认新密码/), 'new-secret');
    await submit(user);
    expect(await screen.findByText('修改失败！原密码错误')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
