import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff } from './audit-page';

describe('AuditDiff', () => {
  it('shows each field with its Chinese name, the old value struck out and the new one', () => {
    const { container } = render(
      <AuditDiff
        before={{ name: '王明', roles: [], leftOn: null }}
        after={{ name: '王明明', roles: ['HRAdmin', 'AppVerify'], leftOn: '2026-02-28' }}
      />,
    );
    expect(screen.getByText('姓名：')).toBeTruthy();
    expect(container.querySelector('del')?.textContent).toBe('王明');
    expect(container.querySelector('ins')?.textContent).toBe('王明明');
    expect(screen.getByText('（无）')).toBeTruthy();
    expect(screen.getByText('人事管理员、资料审核员')).toBeTruthy();
    expect(screen.getByText('（空）')).toBeTruthy();
    expect(screen.getByText('2026-02-28')).toBeTruthy();
  });

  it('shows a value that only appears after, and a dash when nothing was recorded', () => {
    const { container, rerender } = render(<AuditDiff before={null} after={{ expiresAt: '2026-11-25' }} />);
    expect(container.querySelector('del')).toBeNull();
    expect(screen.getByText('有效期至：')).toBeTruthy();
    rerender(<AuditDiff before={null} after={null} />);
    expect(screen.getByText('—')).toBeTruthy();
  });
});
