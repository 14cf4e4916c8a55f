// The HR console's session: who is using it, with the roles and plants that decide which pages it shows. The
// pages are a courtesy; every console call checks the role and the plant again.
import type { ConsoleSession } from '@ess/contract/console';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema/index';

export const getConsoleSession = async (db: Db, caller: Caller): Promise<ConsoleSession> => {
  const [row] = await db.select({ name: employees.name }).from(employees).where(eq(employees.id, caller.id));
  if (!row) throw new BusinessError('EMPLOYEE_NOT_FOUND');
  return {
    id: caller.id,
    empNo: caller.empNo,
    name: row.name,
    roles: [...caller.roles],
    adminPlants: [...caller.adminPlants].sort(),
  };
};
