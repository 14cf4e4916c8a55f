// What the realtime calls read: which online employees hold a role.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employeeRoles, roles } from '../../db/schema/index';

/** Which of the given employees hold the role (SPEC §6: the app asks which online users hold AppVerify). */
export const holdersOf = async (db: Db, { users, roleName }: { users: number[]; roleName: string }) => {
  if (users.length === 0) return [];
  const rows = await db
    .select({ id: employeeRoles.employeeId })
    .from(employeeRoles)
    .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
    .where(and(eq(roles.name, roleName), inArray(employeeRoles.employeeId, users)));
  return rows.map(({ id }) => id);
};
