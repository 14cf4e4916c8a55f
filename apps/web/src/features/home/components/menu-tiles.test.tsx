import { MOBILE_MENUS } from '@ess/contract/menu-codes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { MenuTiles } from './menu-tiles';

const MENUS = [
  {
    menuPath: '/attendance/my-att',
    menuName: '我的考勤',
    menuIcon: 'clock',
    rolePageNo: 'M03',
    isMobile: 'Y' as const,
  },
  {
    menuPath: '/hr/submissions',
    menuName: '提案与推荐',
    menuIcon: 'inbox',
    rolePageNo: 'M19',
    isMobile: 'Y' as const,
  },
  {
    menuPath: '/review/change-list',
    menuName: '资料审核',
    menuIcon: 'audit',
    rolePageNo: 'M18',
    isMobile: 'Y' as const,
  },
];

describe('MenuTiles', () => {
  it('puts a count on its tile as a badge that is part of the tile’s name', () => {
    renderScreen(<MenuTiles menus={MENUS} badges={{ '/review/change-list': 4 }} />);
    const tile = screen.getByRole('link', { name: '资料审核，4 条待审核' });
    // The review is the HR console's page.
    expect(tile).toHaveAttribute('href', '/admin/review');
    expect(tile).not.toHaveAttribute('target');
    expect(tile).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: '我的考勤' })).not.toHaveTextContent(/\d/);
    expect(screen.getByRole('link', { name: '我的考勤' })).toHaveAttribute('href', '/attendance/my-att');
    expect(screen.getByRole('link', { name: '提案与推荐' })).toHaveAttribute('href', '/admin/submissions');
  });

  it('shows no badge for nothing waiting', () => {
    renderScreen(<MenuTiles menus={MENUS} badges={{ '/review/change-list': 0 }} />);
    expect(screen.getByRole('link', { name: '资料审核' })).not.toHaveTextContent(/\d/);
  });

  it('in 长辈版 shows only the few screens that matter most, and the rest after 全部功能', async () => {
    const everyMenu = MOBILE_MENUS.filter((menu) => !('roles' in menu)).map((menu) => ({
      menuPath: menu.path,
      menuName: menu.name,
      menuIcon: menu.icon,
      rolePageNo: menu.code,
      isMobile: 'Y' as const,
    }));
    renderScreen(<MenuTiles menus={everyMenu} isLargeText />);
    expect(screen.getByRole('heading', { name: '常用功能' })).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '我的考勤',
      '我的工资',
      '餐费扣款',
      '我的鞋柜',
      '我的消息',
      '学习中心',
    ]);
    await userEvent.click(screen.getByRole('button', { name: '全部功能' }));
    expect(screen.getByRole('heading', { name: '查询服务' })).toBeInTheDocument();
    expect(screen.getAllByRole('link').length).toBe(everyMenu.length + 1);
    expect(screen.queryByRole('button', { name: '全部功能' })).toBeNull();
  });
});
