// The home tiles: the user's menus grouped by code (HOME_TILE_GROUPS), the fixed onboarding-guide tile
// in 个人信息, and every other code under 更多服务.
import type { MenuEntry } from '@ess/contract/menu';
import { HOME_TILE_GROUPS } from '@ess/contract/menu-codes';
import { t } from '../../i18n/zh-CN';

export type Tile = { key: string; name: string; path: string; icon: string; isExternal: boolean };
export type TileGroup = { key: string; tiles: Tile[] };

export const ONBOARDING_GUIDE_TILE: Tile = {
  key: 'emp-zhiyin',
  name: t.home.onboardingGuide,
  path: '/train/emp-zhiyin',
  icon: 'guide',
  isExternal: false,
};

const toTile = (menu: MenuEntry): Tile => ({
  key: menu.rolePageNo,
  name: menu.menuName,
  path: menu.menuPath,
  icon: menu.menuIcon,
  isExternal: /^https?:\/\//i.test(menu.menuPath),
});

/** 长辈版's home: the few screens a worker opens most, in this order, of those the user's menus hold. */
const ESSENTIAL_PATHS = [
  '/attendance/my-att',
  '/salary/my-salary',
  '/logistics/meals',
  '/logistics/cabinet',
  '/user/my-option',
  '/train/learn-list',
] as const;

export const essentialTiles = (menus: readonly MenuEntry[]): TileGroup => ({
  key: 'essentials',
  tiles: ESSENTIAL_PATHS.flatMap((path) => menus.filter((menu) => menu.menuPath === path).map(toTile)),
});

export const groupMenuTiles = (menus: readonly MenuEntry[]): TileGroup[] => {
  const grouped = new Set<string>();
  const groups: TileGroup[] = HOME_TILE_GROUPS.map((group) => {
    const codes: readonly string[] = group.codes;
    const tiles = codes.flatMap((code) =>
      menus
        .filter((menu) => menu.rolePageNo === code)
        .map((menu) => {
          grouped.add(menu.rolePageNo);
          return toTile(menu);
        }),
    );
    if (group.key === 'personal') tiles.push(ONBOARDING_GUIDE_TILE);
    return { key: group.key, tiles };
  });
  const more = menus.filter((menu) => !grouped.has(menu.rolePageNo)).map(toTile);
  groups.push({ key: 'more', tiles: more });
  return groups.filter((group) => group.tiles.length > 0);
};
