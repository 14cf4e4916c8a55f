import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff } from './audit-diff';

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

  it('names codes, pay items and change kinds in Chinese, times in China time, sealed numbers by their masks', () => {
    const { container } = render(
      <AuditDiff
        before={{ status: 'open', lockedUntil: '2026-11-24T16:30:00.000Z' }}
        after={{
          status: 'answered',
          itemKey: 'OVERTIME_PAY',
          kind: 'APP_EDIT_BANK',
          base: { empTelNo: '13912345678', empCard: { masked: '1101**********8515', sealed: 'v1:abc:def' } },
          fields: ['empCard', 'bankNo'],
        }}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('待答复');
    expect(text).toContain('已答复');
    expect(text).toContain('工资项目：加班费');
    expect(text).toContain('类型：修改银行卡信息');
    expect(text).toContain('联系电话：13912345678；身份证号码：1101**********8515');
    expect(text).toContain('字段：身份证号码、银行卡号');
    expect(text).toContain('锁定至：2026-11-25 00:30:00');
    // Nothing of the codes, the ciphertext or the ISO time is left on screen.
    expect(text).not.toMatch(/OVERTIME_PAY|APP_EDIT_BANK|v1:abc|T16:30|[{}"]/);
  });
});
