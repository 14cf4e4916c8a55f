// The menus a user may open, from their roles.
import type { MenuEntry } from '@ess/contract/menu';
import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../db/client';
import { employeeRoles, menus, roleMenus } from '../../db/schema/index';

export const getMenuList = async (db: Db, caller: Caller, terminalType: string): Promise<MenuEntry[]> => {
  const rows = await db
    .selectDistinct({
      menuPath: menus.path,
      menuName: menus.name,
      menuIcon: menus.icon,
      rolePageNo: menus.code,
      isMobile: menus.isMobile,
      sort: menus.sort,
    })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .innerJoin(employeeRoles, eq(employeeRoles.roleId, roleMenus.roleId))
    .where(and(eq(employeeRoles.employeeId, caller.id), eq(menus.terminalType, terminalType)))
    .orderBy(asc(menus.sort), asc(menus.code));
  return rows.map(({ sort: _sort, ...entry }) => ({ ...entry, isMobile: entry.isMobile === 'Y' ? 'Y' : 'N' }));
};
