import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { AgreementSheet } from './agreement-sheet';

const Agreement = ({ onConfirm }: { onConfirm: () => void }) => {
  const [isOpen, setOpen] = useState(true);
  return (
    <AgreementSheet
      visible={isOpen}
      title="电子签名确认"
      agreeText="我已阅读并同意以上内容"
      confirmText="同意并提交"
      onConfirm={onConfirm}
      onClose={() => setOpen(false)}
    >
      <p>条款</p>
    </AgreementSheet>
  );
};

describe('AgreementSheet', () => {
  it('enables its confirm button only while the box is ticked', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<Agreement onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: '电子签名确认' });
    const confirm = within(dialog).getByRole('button', { name: '同意并提交' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意以上内容' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('closes on Esc without agreeing', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderScreen(<Agreement onConfirm={onConfirm} />);
    await user.click(screen.getByRole('checkbox'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '电子签名确认' })).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
