// Server-side menus: which screens a user may open on the phone.
import { z } from 'zod';
import { defineRoute } from './common';

export { type MenuCode, MOBILE_MENUS } from './menu-codes';

export const menuEntry = z.object({
  menuPath: z.string(),
  menuName: z.string(),
  menuIcon: z.string(),
  /** The menu code (M01…); the home page groups tiles by it. */
  rolePageNo: z.string(),
  isMobile: z.enum(['Y', 'N']),
});
export type MenuEntry = z.infer<typeof menuEntry>;

/** Home page groups of menu codes (SPEC §2). Codes not listed fall into 更多服务. */
export const HOME_TILE_GROUPS = [
  { key: 'personal', codes: ['M01'] },
  { key: 'query', codes: ['M03', 'M04', 'M05', 'M06', 'M07', 'M08'] },
  { key: 'training', codes: ['M02', 'M11', 'M12'] },
  { key: 'survey', codes: ['M09', 'M10'] },
] as const;

/** Routes the footer popover links to; each works only when the user's menus include it. */
export const QUICK_LINK_PATHS = [
  '/attendance/my-att',
  '/logistics/meals',
  '/logistics/person-stay',
  '/salary/my-salary',
] as const;

export const menuRoutes = {
  getMenuList: defineRoute({
    path: 'Menu/GetMenuList',
    request: z.object({
      // Ignored: the menus are always the caller's own.
      userId: z.unknown().optional(),
      terminalType: z.enum(['MOBILE', 'PC'], { error: '终端类型无效' }).default('MOBILE'),
    }),
    data: z.array(menuEntry),
  }),
};
