import type { MenuEntry } from '@ess/contract/menu';
import { describe, expect, it } from 'vitest';
import { groupMenuTiles } from './group-menu-tiles';

const menu = (code: string, path: string, name = code): MenuEntry => ({
  rolePageNo: code,
  menuPath: path,
  menuName: name,
  menuIcon: 'x',
  isMobile: 'Y',
});

describe('groupMenuTiles', () => {
  it('groups by code in the contract order and puts the rest under more', () => {
    const groups = groupMenuTiles([
      menu('M04', '/salary/my-salary'),
      menu('M01', '/user/my-education'),
      menu('M03', '/attendance/my-att'),
      menu('M10', '/improve/proposal-improve'),
      menu('M12', '/train/emp-handbook'),
      menu('M15', '/recruitment/recruitment-share'),
      menu('M20', 'https://example.com/page'),
    ]);
    expect(groups.map((group) => [group.key, group.tiles.map((tile) => tile.key)])).toEqual([
      ['personal', ['M01', 'emp-zhiyin']],
      ['query', ['M03', 'M04']],
      ['training', ['M12']],
      ['survey', ['M10']],
      ['more', ['M15', 'M20']],
    ]);
    expect(groups.at(-1)?.tiles.at(-1)?.isExternal).toBe(true);
  });

  it('always offers the onboarding guide, and hides empty groups', () => {
    expect(groupMenuTiles([])).toEqual([
      { key: 'personal', tiles: [expect.objectContaining({ path: '/train/emp-zhiyin' })] },
    ]);
  });
});
