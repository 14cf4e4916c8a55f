// Server-side menus: which screens a user may open on the phone.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute } from './common';

export { HOME_TILE_GROUPS, type MenuCode, MOBILE_MENUS, QUICK_LINK_PATHS } from './menu-codes';

export const menuEntry = z.object({
  menuPath: z.string(),
  menuName: z.string(),
  menuIcon: z.string(),
  /** The menu code (M01…); the home page groups tiles by it. */
  rolePageNo: z.string(),
  isMobile: z.enum(['Y', 'N']),
});
export type MenuEntry = z.infer<typeof menuEntry>;

export const menuRoutes = {
  getMenuList: defineRoute(ADDRESSES.getMenuList, {
    request: z.object({
      // Ignored: the menus are always the caller's own.
      userId: z.unknown().optional(),
      terminalType: z.enum(['MOBILE', 'PC'], { error: '终端类型无效' }).default('MOBILE'),
    }),
    data: z.array(menuEntry),
  }),
};
