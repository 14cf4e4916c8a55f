// People and accounts in the HR console: search, create, edit, transfer between plants, mark as left (their
// sessions end at once), reset codes, unlock, roles and the menus of roles. Every call checks the caller's role
// and plant scope first; another plant's employee is as absent as one who does not exist. Every change is one
// transaction with its audit row (before/after).

import type { PersonRow, RoleCatalog } from '@ess/contract/people';
import { SESSION_ENDED_LEFT } from '@ess/contract/realtime-protocol';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin, requireRole } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { likeText } from '../../db/like';
import {
  adminPlants,
  employeeRoles,
  employees,
  loginFailures,
  menus,
  platformAccounts,
  refreshTokens,
  resetCodes,
  roleMenus,
  roles,
} from '../../db/schema/index';
import { type Executor, withTransaction } from '../../db/transaction';
import { hashPassword, sha256Hex } from '../../lib/passwords';
import { createResetCode } from '../account/service';

export type PeopleDeps = {
  db: Db;
  notifier: Notifier;
  /**
   * Tells the token checks of every instance to forget what they remember of the employee, and the employee's open
   * screens to re-read their menus.
   */
  forgetSessions: (employeeId: number) => void;
  /** The same for every holder of a role whose menus changed. */
  forgetRoleHolders: (role: string) => void;
  initialPassword: string;
};

type Audit = { requestId: string };
type EmployeeRow = typeof employees.$inferSelect;

// Qualified by hand: inside a subquery drizzle names a column without its table, which the inner table would capture.
const EMPLOYEE_ID = sql.raw('employees.id');
const EMPLOYEE_NO = sql.raw('employees.emp_no');
const ROLE_ID = sql.raw('roles.id');

/** `%` and `_` typed into a search box are literal characters. */

/** The employee, if the caller administers their plant; locked for the change when asked. */
const loadPerson = async (tx: Executor, caller: Caller, id: number, { lock = false } = {}) => {
  requirePlantAdmin(caller);
  const query = tx.select().from(employees).where(eq(employees.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !caller.adminPlants.has(row.bu)) throw new BusinessError('PERSON_NOT_FOUND');
  return row;
};

const fieldsOf = (row: EmployeeRow) => ({
  empNo: row.empNo,
  name: row.name,
  bu: row.bu,
  deptName: row.deptName,
  teamName: row.teamName,
  titleName: row.titleName,
  empType: row.empType,
  enterDate: row.enterDate,
  leftOn: row.leftOn,
});

/** Only what changed, before and after. */
const changes = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (after[key] !== undefined && before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
};

/** Every session ends: access tokens of the old epoch are refused, refresh tokens revoked. */
const endSessions = async (tx: Executor, employeeId: number, reason: string) => {
  await tx
    .update(employees)
    .set({ sessionEpoch: sql`${employees.sessionEpoch} + 1` })
    .where(eq(employees.id, employeeId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokens.employeeId, employeeId), isNull(refreshTokens.revokedAt)));
};

export const searchPeople = async (
  db: Db,
  caller: Caller,
  filter: {
    empNo?: string;
    name?: string;
    bu?: string;
    deptName?: string;
    status: 'active' | 'left' | 'all';
    page: number;
    pageSize: number;
  },
): Promise<{ rows: PersonRow[]; totalCount: number }> => {
  requirePlantAdmin(caller, filter.bu);
  const plants = filter.bu ? [filter.bu] : [...caller.adminPlants];
  const where: SQL[] = [inArray(employees.bu, plants.length > 0 ? plants : [''])];
  if (filter.empNo) where.push(ilike(employees.empNo, `${likeText(filter.empNo)}%`));
  if (filter.name) where.push(ilike(employees.name, `%${likeText(filter.name)}%`));
  if (filter.deptName) where.push(ilike(employees.deptName, `%${likeText(filter.deptName)}%`));
  if (filter.status === 'active') where.push(isNull(employees.leftOn));
  if (filter.status === 'left') where.push(isNotNull(employees.leftOn));
  const rows = await db
    .select({
      id: employees.id,
      empNo: employees.empNo,
      name: employees.name,
      bu: employees.bu,
      deptName: employees.deptName,
      teamName: employees.teamName,
      titleName: employees.titleName,
      empType: employees.empType,
      enterDate: employees.enterDate,
      leftOn: employees.leftOn,
      roles: sql<string[]>`coalesce(array(select r.name from employee_roles er join roles r on r.id = er.role_id
                                            where er.employee_id = ${EMPLOYEE_ID} order by r.name), '{}')`,
      adminPlants: sql<string[]>`coalesce(array(select ap.bu from admin_plants ap
                                                  where ap.employee_id = ${EMPLOYEE_ID} order by ap.bu), '{}')`,
      isLocked: sql<boolean>`exists (select 1 from login_failures lf
                                     where lf.account = ${EMPLOYEE_NO} and lf.locked_until > now())`,
      platformAccounts: sql<PersonRow['platformAccounts']>`coalesce((
        select json_agg(json_build_object('platform', pa.platform, 'accountId', pa.account_id) order by pa.platform)
        from platform_accounts pa where pa.employee_id = ${EMPLOYEE_ID}), '[]')`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(employees)
    .where(and(...where))
    .orderBy(asc(employees.empNo))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    totalCount: Number(rows[0]?.total ?? 0),
  };
};

type PersonFields = {
  name: string;
  deptName: string;
  teamName: string;
  titleName: string;
  empType: string;
  enterDate?: string | null;
};

export const createPerson = async (
  deps: PeopleDeps,
  caller: Caller,
  input: PersonFields & { empNo: string; bu: string } & Audit,
) => {
  requirePlantAdmin(caller, input.bu);
  const passwordHash = await hashPassword(sha256Hex(deps.initialPassword));
  return withTransaction(deps.db, async (tx) => {
    const [taken] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.empNo, input.empNo));
    if (taken) throw new BusinessError('EMP_NO_TAKEN', { empNo: input.empNo });
    const [created] = await tx
      .insert(employees)
      .values({
        empNo: input.empNo,
        name: input.name,
        bu: input.bu,
        deptName: input.deptName,
        teamName: input.teamName,
        titleName: input.titleName,
        empType: input.empType,
        enterDate: input.enterDate ?? null,
        passwordHash,
        mustChangePassword: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new BusinessError('EMP_NO_TAKEN', { empNo: input.empNo });
    const [employeeRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Employee'));
    if (employeeRole) await tx.insert(employeeRoles).values({ employeeId: created.id, roleId: employeeRole.id });
    await recordAudit(tx, {
      actor: caller,
      action: 'person.create',
      subject: { type: 'employee', id: created.id },
      after: fieldsOf(created),
      requestId: input.requestId,
    });
    return { id: created.id, initialPassword: deps.initialPassword };
  });
};

export const updatePerson = async (deps: PeopleDeps, caller: Caller, input: PersonFields & { id: number } & Audit) =>
  withTransaction(deps.db, async (tx) => {
    const row = await loadPerson(tx, caller, input.id, { lock: true });
    const next = {
      name: input.name,
      deptName: input.deptName,
      teamName: input.teamName,
      titleName: input.titleName,
      empType: input.empType,
      enterDate: input.enterDate === undefined ? undefined : input.enterDate,
    };
    const diff = changes(fieldsOf(row), next);
    if (Object.keys(diff.after).length === 0) return;
    await tx.update(employees).set(diff.after).where(eq(employees.id, row.id));
    await recordAudit(tx, {
      actor: caller,
      action: 'person.update',
      subject: { type: 'employee', id: row.id },
      ...diff,
      requestId: input.requestId,
    });
  });

/**
 * To another plant the caller also administers. The access token carries the plant, so the employee's sessions
 * are renewed: the epoch goes up (the app's refresh token gets a token of the new plant; nobody signs in again).
 */
/**
 * What the employee may see changed (roles, plant): every instance forgets their access, and their open app re-reads
 * its menus and screens (a lost push only waits for the next read).
 */
const accessChanged = async (deps: PeopleDeps, employeeId: number) => {
  deps.forgetSessions(employeeId);
  await deps.notifier.publish({ employeeIds: [employeeId], kind: 'menus' }).catch(() => {});
};

export const transferPerson = async (
  deps: PeopleDeps,
  caller: Caller,
  input: { id: number; bu: string; deptName: string; teamName: string } & Audit,
) => {
  requirePlantAdmin(caller, input.bu);
  await withTransaction(deps.db, async (tx) => {
    const row = await loadPerson(tx, caller, input.id, { lock: true });
    if (row.bu === input.bu) throw new BusinessError('TRANSFER_SAME_PLANT', { bu: input.bu });
    const next = { bu: input.bu, deptName: input.deptName, teamName: input.teamName };
    await tx
      .update(employees)
      .set({ ...next, sessionEpoch: sql`${employees.sessionEpoch} + 1` })
      .where(eq(employees.id, row.id));
    await recordAudit(tx, {
      actor: caller,
      action: 'person.transfer',
      subject: { type: 'employee', id: row.id },
      before: { bu: row.bu, deptName: row.deptName, teamName: row.teamName },
      after: next,
      requestId: input.requestId,
    });
  });
  await accessChanged(deps, input.id);
};

/** A leaver cannot sign in; every session ends at once, their sockets close and unused reset codes die. */
export const markPersonLeft = async (
  deps: PeopleDeps,
  caller: Caller,
  input: { id: number; leftOn: string } & Audit,
) => {
  if (input.id === caller.id) throw new BusinessError('NOT_YOURSELF');
  await withTransaction(deps.db, async (tx, afterCommit) => {
    const row = await loadPerson(tx, caller, input.id, { lock: true });
    if (row.leftOn) throw new BusinessError('PERSON_LEFT');
    await tx.update(employees).set({ leftOn: input.leftOn }).where(eq(employees.id, row.id));
    await endSessions(tx, row.id, 'left');
    await tx.delete(resetCodes).where(and(eq(resetCodes.employeeId, row.id), isNull(resetCodes.usedAt)));
    await recordAudit(tx, {
      actor: caller,
      action: 'person.leave',
      subject: { type: 'employee', id: row.id },
      before: { leftOn: null },
      after: { leftOn: input.leftOn },
      requestId: input.requestId,
    });
    afterCommit(() =>
      deps.notifier.publish({ employeeIds: [row.id], kind: 'session.ended', payload: { content: SESSION_ENDED_LEFT } }),
    );
  });
  deps.forgetSessions(input.id);
};

/** Undoes 标记离职 (a mistake, a rehire): the employee signs in again with their password. */
export const reinstatePerson = async (deps: PeopleDeps, caller: Caller, input: { id: number } & Audit) => {
  await withTransaction(deps.db, async (tx) => {
    const row = await loadPerson(tx, caller, input.id, { lock: true });
    if (!row.leftOn) throw new BusinessError('PERSON_NOT_LEFT');
    await tx.update(employees).set({ leftOn: null }).where(eq(employees.id, row.id));
    await recordAudit(tx, {
      actor: caller,
      action: 'person.reinstate',
      subject: { type: 'employee', id: row.id },
      before: { leftOn: row.leftOn },
      after: { leftOn: null },
      requestId: input.requestId,
    });
  });
  await accessChanged(deps, input.id);
};

/** The CLI's reset code, issued by the clerk: shown once, valid 24 h, works once. */
export const issuePersonResetCode = async (deps: PeopleDeps, caller: Caller, input: { id: number } & Audit) => {
  const row = await loadPerson(deps.db, caller, input.id);
  const { code, expiresAt } = await createResetCode(deps.db, row.empNo, { actor: caller, requestId: input.requestId });
  return {
    code,
    expiresAt: expiresAt.toISOString(),
    path: `/home/reset-password?code=${encodeURIComponent(code)}`,
    initialPassword: deps.initialPassword,
  };
};

export const unlockPerson = async (deps: PeopleDeps, caller: Caller, input: { id: number } & Audit) =>
  withTransaction(deps.db, async (tx) => {
    const row = await loadPerson(tx, caller, input.id);
    const [removed] = await tx
      .delete(loginFailures)
      .where(eq(loginFailures.account, row.empNo))
      .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
    await recordAudit(tx, {
      actor: caller,
      action: 'person.unlock',
      subject: { type: 'employee', id: row.id },
      before: { failures: removed?.failures ?? 0, lockedUntil: removed?.lockedUntil?.toISOString() ?? null },
      after: { failures: 0, lockedUntil: null },
      requestId: input.requestId,
    });
  });

/**
 * The WeCom or WeChat account bound to an employee removed (a phone handed on, a colleague who signed in on it): the
 * next silent sign-in there asks for a password again and binds whoever signs in.
 */
export const unbindPlatformAccount = async (
  deps: PeopleDeps,
  caller: Caller,
  input: { id: number; platform: 'wecom' | 'wechat' } & Audit,
) =>
  withTransaction(deps.db, async (tx) => {
    const row = await loadPerson(tx, caller, input.id);
    const [removed] = await tx
      .delete(platformAccounts)
      .where(and(eq(platformAccounts.employeeId, row.id), eq(platformAccounts.platform, input.platform)))
      .returning({ accountId: platformAccounts.accountId });
    if (!removed) throw new BusinessError('PLATFORM_ACCOUNT_NOT_BOUND');
    await recordAudit(tx, {
      actor: caller,
      action: 'platform-account.unbind',
      subject: { type: 'employee', id: row.id },
      before: { platform: input.platform, accountId: removed.accountId },
      after: null,
      requestId: input.requestId,
    });
  });

const GRANTABLE = ['HRAdmin', 'AppVerify', 'SysAdmin'];

/** SysAdmin only: the console roles of an employee and, for HRAdmin, the plants they administer. */
export const setPersonRoles = async (
  deps: PeopleDeps,
  caller: Caller,
  input: { id: number; roles: string[]; adminPlants: string[] } & Audit,
) => {
  requireRole(caller, 'SysAdmin');
  const wanted = [...new Set(input.roles)].sort();
  const plants = wanted.includes('HRAdmin') ? [...new Set(input.adminPlants)].sort() : [];
  if (wanted.includes('HRAdmin') && plants.length === 0) throw new BusinessError('ADMIN_PLANTS_MISSING');
  if (input.id === caller.id && !wanted.includes('SysAdmin')) throw new BusinessError('NOT_YOURSELF');
  await withTransaction(deps.db, async (tx) => {
    const row = await loadPerson(tx, caller, input.id, { lock: true });
    const held = await tx
      .select({ name: roles.name })
      .from(employeeRoles)
      .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
      .where(and(eq(employeeRoles.employeeId, row.id), inArray(roles.name, GRANTABLE)));
    const heldPlants = await tx
      .select({ bu: adminPlants.bu })
      .from(adminPlants)
      .where(eq(adminPlants.employeeId, row.id));
    const grantable = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, GRANTABLE));
    await tx.delete(employeeRoles).where(
      and(
        eq(employeeRoles.employeeId, row.id),
        inArray(
          employeeRoles.roleId,
          grantable.map((role) => role.id),
        ),
      ),
    );
    if (wanted.length > 0) {
      const ids = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, wanted));
      await tx.insert(employeeRoles).values(ids.map((role) => ({ employeeId: row.id, roleId: role.id })));
    }
    await tx.delete(adminPlants).where(eq(adminPlants.employeeId, row.id));
    if (plants.length > 0) await tx.insert(adminPlants).values(plants.map((bu) => ({ employeeId: row.id, bu })));
    await recordAudit(tx, {
      actor: caller,
      action: 'person.roles',
      subject: { type: 'employee', id: row.id },
      before: { roles: held.map((role) => role.name).sort(), adminPlants: heldPlants.map((plant) => plant.bu).sort() },
      after: { roles: wanted, adminPlants: plants },
      requestId: input.requestId,
    });
  });
  await accessChanged(deps, input.id);
};

export const getRoleCatalog = async (db: Db, caller: Caller): Promise<RoleCatalog> => {
  requireRole(caller, 'SysAdmin');
  const roleRows = await db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      menuCodes: sql<string[]>`coalesce(array(select m.code from role_menus rm join menus m on m.id = rm.menu_id
                                               where rm.role_id = ${ROLE_ID} order by m.code), '{}')`,
    })
    .from(roles)
    .orderBy(asc(roles.id));
  const menuRows = await db
    .select({ code: menus.code, name: menus.name })
    .from(menus)
    .where(eq(menus.terminalType, 'MOBILE'))
    .orderBy(asc(menus.code));
  return { roles: roleRows, menus: menuRows };
};

/** SysAdmin only: the mobile menus a role holds. Every open session of a holder sees the change at once. */
export const setRoleMenus = async (
  deps: PeopleDeps,
  caller: Caller,
  input: { roleId: number; menuCodes: string[] } & Audit,
) => {
  requireRole(caller, 'SysAdmin');
  const codes = [...new Set(input.menuCodes)].sort();
  const roleName = await withTransaction(deps.db, async (tx) => {
    const [role] = await tx.select().from(roles).where(eq(roles.id, input.roleId)).for('update');
    if (!role) throw new BusinessError('ROLE_NOT_FOUND');
    const found =
      codes.length > 0
        ? await tx
            .select({ id: menus.id, code: menus.code })
            .from(menus)
            .where(and(inArray(menus.code, codes), eq(menus.terminalType, 'MOBILE')))
        : [];
    const unknown = codes.filter((code) => !found.some((menu) => menu.code === code));
    if (unknown.length > 0) throw new BusinessError('MENU_UNKNOWN', { codes: unknown.join('、') });
    const mobile = await tx.select({ id: menus.id }).from(menus).where(eq(menus.terminalType, 'MOBILE'));
    const held = await tx
      .select({ code: menus.code })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(eq(roleMenus.roleId, role.id), eq(menus.terminalType, 'MOBILE')));
    await tx.delete(roleMenus).where(
      and(
        eq(roleMenus.roleId, role.id),
        inArray(
          roleMenus.menuId,
          mobile.map((menu) => menu.id),
        ),
      ),
    );
    if (found.length > 0)
      await tx.insert(roleMenus).values(found.map((menu) => ({ roleId: role.id, menuId: menu.id })));
    await recordAudit(tx, {
      actor: caller,
      action: 'role.menus',
      subject: { type: 'role', id: role.id },
      before: { role: role.name, menuCodes: held.map((menu) => menu.code).sort() },
      after: { role: role.name, menuCodes: codes },
      requestId: input.requestId,
    });
    return role.name;
  });
  deps.forgetRoleHolders(roleName);
};

/** The departments, teams and positions of a plant's employees in service, most used first (at most 300 of each). */
export const getPlantTeams = async (db: Db, caller: Caller, bu: string) => {
  requirePlantAdmin(caller, bu);
  const namesOf = async (
    column: typeof employees.deptName | typeof employees.teamName | typeof employees.titleName,
  ) => {
    const rows = await db
      .select({ name: column })
      .from(employees)
      .where(and(eq(employees.bu, bu), isNull(employees.leftOn), sql`${column} <> ''`))
      .groupBy(column)
      .orderBy(sql`count(*) desc`, column)
      .limit(300);
    return rows.map((row) => row.name);
  };
  const [departments, teams, positions] = await Promise.all([
    namesOf(employees.deptName),
    namesOf(employees.teamName),
    namesOf(employees.titleName),
  ]);
  return { departments, teams, positions };
};
