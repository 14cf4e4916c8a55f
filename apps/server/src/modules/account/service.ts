// Sign-in with lockout, rotating refresh tokens in families, password change and one-time reset codes.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginUser, Profile } from '@ess/contract/account';
import type { AuditAction } from '@ess/contract/audit-labels';
import { PLANTS } from '@ess/contract/plants';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { ACCESS_TOKEN_SECONDS, type Caller, type SessionClaims } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, loginFailures, refreshTokens, resetCodes } from '../../db/schema/index';
import { batcherPerDatabase, createStatementBatcher } from '../../db/statement-batcher';
import { withTransaction } from '../../db/transaction';
import { hashPassword, sha256Hex, spendDecoyVerification, verifyPassword } from '../../lib/passwords';
import { filePathOf } from '../files/service';
import { handbookStatusOf } from '../handbook/service';
import { departmentDisplayName } from '../site/service';

const REFRESH_DAYS_REMEMBERED = 30;
const REFRESH_DAYS_SESSION = 1;
const RESET_CODE_HOURS = 24;
export type AccountDeps = {
  db: Db;
  signAccessToken: (claims: SessionClaims) => Promise<string>;
  /** Tells the token checks of every instance to forget what they remember of the employee. */
  forgetSessions: (employeeId: number) => void;
  settings: { maxFailures: number; lockMinutes: number; initialPassword: string };
};

type EmployeeRow = typeof employees.$inferSelect;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/** The signed-in user as the app shows them: the department by the name the SysAdmin gave it, if any. */
const loginUserOf = async (db: Db, row: EmployeeRow): Promise<LoginUser> => ({
  userAccount: row.empNo,
  userName: row.name,
  id: row.id,
  baseBu: row.bu,
  deptName: await departmentDisplayName(db, row.bu, row.deptName),
  titleName: row.titleName,
});

const issueTokens = async (
  deps: AccountDeps,
  row: EmployeeRow,
  { refreshDays, parent }: { refreshDays: number; parent?: { id: number; familyId: string } },
) => {
  const refreshToken = randomBytes(32).toString('base64url');
  // The family names the session: its access tokens carry it, so that signing out ends exactly this session.
  const familyId = parent?.familyId ?? randomUUID();
  await deps.db.insert(refreshTokens).values({
    employeeId: row.id,
    tokenHash: tokenHash(refreshToken),
    expiresAt: daysFromNow(refreshDays),
    familyId,
    ...(parent ? { parentId: parent.id } : {}),
  });
  const token = await deps.signAccessToken({
    id: row.id,
    empNo: row.empNo,
    bu: row.bu,
    epoch: row.sessionEpoch,
    sessionId: familyId,
  });
  return { token, refreshToken };
};

/** The lock in force on an account name, if any; the failure row exists only after a wrong password. */
const findLoginFailures = async (db: Db, account: string) => {
  const [row] = await db
    .select({ isLocked: sql<boolean>`coalesce(${loginFailures.lockedUntil} > now(), false)` })
    .from(loginFailures)
    .where(eq(loginFailures.account, account));
  return row;
};

/**
 * Counts a wrong password for the account name and answers whether it is now locked. The same for real and
 * unknown accounts; failures older than the lock time are forgotten.
 */
const countLoginFailure = async (db: Db, account: string, { maxFailures, lockMinutes }: AccountDeps['settings']) => {
  const lockFor = sql`make_interval(mins => ${lockMinutes})`;
  const [counted] = await db
    .insert(loginFailures)
    .values({ account, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.account,
      set: {
        failures: sql`case when ${loginFailures.lastFailedAt} < now() - ${lockFor} then 1
                           else ${loginFailures.failures} + 1 end`,
        lastFailedAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures });
  if ((counted?.failures ?? 0) < maxFailures) return false;
  await db
    .update(loginFailures)
    .set({ failures: 0, lockedUntil: sql`now() + ${lockFor}` })
    .where(eq(loginFailures.account, account));
  return true;
};

export const checkLogin = async (
  deps: AccountDeps,
  input: { userAccount: string; password: string; isRemember: boolean },
) => {
  const { db, settings } = deps;
  const account = input.userAccount;
  const locked = new BusinessError('ACCOUNT_LOCKED', { minutes: settings.lockMinutes });
  const failures = await findLoginFailures(db, account);
  if (failures?.isLocked) {
    await spendDecoyVerification(input.password);
    throw locked;
  }
  const [row] = await db.select().from(employees).where(eq(employees.empNo, account));
  // Unknown accounts cost the same argon2 time and count the same failures: the answer never tells.
  const isRightPassword = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await spendDecoyVerification(input.password).then(() => false);
  if (!row || !isRightPassword) {
    throw (await countLoginFailure(db, account, settings)) ? locked : new BusinessError('LOGIN_FAILED');
  }
  if (failures) await db.delete(loginFailures).where(eq(loginFailures.account, account));
  // Said only to whoever knows the password: a guesser learns nothing about leavers.
  if (row.leftOn) throw new BusinessError('ACCOUNT_LEFT');
  // Whether the handbook version current for the plant is accepted: the sign-in screen asks for it before going on.
  const [tokens, user, handbook] = await Promise.all([
    issueTokens(deps, row, { refreshDays: input.isRemember ? REFRESH_DAYS_REMEMBERED : REFRESH_DAYS_SESSION }),
    loginUserOf(db, row),
    handbookStatusOf(db, row),
  ]);
  return { ...tokens, ...user, ...handbook };
};

/**
 * Sign-in by an identity a platform vouched for (WeCom's silent OAuth): the employee of that number, in service,
 * gets the usual tokens, for as long as a remembered password sign-in (the phone is the worker's own WeCom).
 */
export const signInByPlatform = async (deps: AccountDeps, employeeId: number) => {
  const [row] = await deps.db.select().from(employees).where(eq(employees.id, employeeId));
  if (!row) throw new BusinessError('PLATFORM_ACCOUNT_UNKNOWN');
  if (row.leftOn) throw new BusinessError('ACCOUNT_LEFT');
  const [tokens, user, handbook] = await Promise.all([
    issueTokens(deps, row, { refreshDays: REFRESH_DAYS_REMEMBERED }),
    loginUserOf(deps.db, row),
    handbookStatusOf(deps.db, row),
  ]);
  return { ...tokens, user, ...handbook };
};

/**
 * Rotation: a refresh token is exchanged once for a new pair of the same family. A rotated token presented
 * again is judged by its successor: while the successor has never been used, the answer that carried it
 * was lost (a weak network, a page reloaded while it was on its way), so the successor is superseded by a
 * new one; once the successor has been used, or a superseded token comes back, a second
 * copy is in use: the whole family is revoked, the thief's copy and the worker's (who signs in again).
 */
export const refreshSession = async (
  deps: AccountDeps,
  refreshToken: string,
): Promise<{ token: string; refreshToken: string }> => {
  const { db } = deps;
  const sessionOver = new BusinessError('SESSION_OVER');
  const [found] = await db
    .select({
      id: refreshTokens.id,
      employeeId: refreshTokens.employeeId,
      familyId: refreshTokens.familyId,
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      isRotated: sql<boolean>`${refreshTokens.rotatedAt} is not null`,
      revokedReason: refreshTokens.revokedReason,
      isExpired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash(refreshToken)));
  if (!found || found.isExpired) throw sessionOver;
  if (found.revokedReason === 'superseded') {
    await revokeFamily(db, found, 'a superseded refresh token came back');
    throw sessionOver;
  }
  if (found.revokedReason) throw sessionOver;

  if (found.isRotated) {
    // Only the successor that was never used can be superseded; the statement that revokes it decides.
    const [superseded] = await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, revokedReason: 'superseded' })
      .where(
        and(
          eq(refreshTokens.parentId, found.id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (!superseded) {
      await revokeFamily(db, found, 'a rotated refresh token was used again after its successor');
      throw sessionOver;
    }
  } else {
    // Marked in the same statement that checks it, so two requests with the same token rotate it once; the
    // other, at the same instant, is refused (the web app keeps its still valid access token meanwhile).
    const [rotated] = await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, found.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (!rotated) throw sessionOver;
  }
  const [row] = await db.select().from(employees).where(eq(employees.id, found.employeeId));
  if (!row || row.leftOn) throw sessionOver;
  // The new token lives as long as the one it replaces was meant to.
  const lifetimeDays = Math.max(1, Math.round((found.expiresAt.getTime() - found.createdAt.getTime()) / 86_400_000));
  return issueTokens(deps, row, { refreshDays: lifetimeDays, parent: { id: found.id, familyId: found.familyId } });
};

/** A second copy of a token is in use: every token of the family dies, with an audit row saying why. */
const revokeFamily = (db: Db, token: { employeeId: number; familyId: string }, reason: string) =>
  withTransaction(db, async (tx) => {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, revokedReason: 'replayed' })
      .where(and(eq(refreshTokens.familyId, token.familyId), isNull(refreshTokens.revokedAt)));
    await recordAudit(tx, {
      action: 'session.refresh-token-replayed',
      subject: { type: 'employee', id: token.employeeId },
      after: { familyId: token.familyId, reason },
    });
  });

/**
 * Signing out ends the session of that refresh token: every token of its family is revoked, and its access tokens
 * are refused from now on (the access read names the sessions signed out within an access token's lifetime), so
 * the sockets it opened close on every instance. The employee's other sessions (another phone) go on.
 */
export const signOut = async (deps: Pick<AccountDeps, 'db' | 'forgetSessions'>, refreshToken: string) => {
  const { rows } = await deps.db.execute<{ employee_id: number }>(sql`
    update ${refreshTokens} set revoked_at = now(), revoked_reason = 'logout'
    where family_id = (select family_id from ${refreshTokens} where token_hash = ${tokenHash(refreshToken)})
      and revoked_at is null
    returning employee_id`);
  const [ended] = rows;
  if (ended) deps.forgetSessions(ended.employee_id);
};

export const getProfile = async (db: Db, caller: Caller): Promise<Profile> => {
  const [row] = await db.select().from(employees).where(eq(employees.id, caller.id));
  if (!row) throw new BusinessError('EMPLOYEE_NOT_FOUND');
  return {
    ...(await loginUserOf(db, row)),
    empEnterDate: row.enterDate,
    ...(await handbookStatusOf(db, row)),
    mustChangePassword: row.mustChangePassword,
    largeText: row.largeText,
    avatarUrl: row.avatarFileId ? filePathOf(row.avatarFileId) : null,
  };
};

/** 长辈版 on or off for the caller alone: a display preference, kept so that every phone they use follows it. */
export const setLargeText = async (db: Db, caller: Caller, largeText: boolean) => {
  await db.update(employees).set({ largeText }).where(eq(employees.id, caller.id));
};

/**
 * Sets a new password and ends every session of the employee: the session epoch goes up (access tokens of
 * the old epoch are refused) and every refresh token is revoked, in one transaction with its audit row.
 */
const replacePassword = async (
  deps: AccountDeps,
  {
    employeeId,
    clientHash,
    mustChange,
    audit,
  }: { employeeId: number; clientHash: string; mustChange: boolean; audit: { action: AuditAction; actor?: Caller } },
) => {
  const passwordHash = await hashPassword(clientHash);
  await withTransaction(deps.db, async (tx) => {
    const [changed] = await tx
      .update(employees)
      .set({ passwordHash, mustChangePassword: mustChange, sessionEpoch: sql`${employees.sessionEpoch} + 1` })
      .where(eq(employees.id, employeeId))
      .returning({ empNo: employees.empNo });
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, revokedReason: 'password' })
      .where(and(eq(refreshTokens.employeeId, employeeId), isNull(refreshTokens.revokedAt)));
    if (changed) await tx.delete(loginFailures).where(eq(loginFailures.account, changed.empNo));
    // Never the password itself, not even hashed: only that it changed and whether a change is now due.
    await recordAudit(tx, {
      actor: audit.actor,
      action: audit.action,
      subject: { type: 'employee', id: employeeId },
      after: { mustChangePassword: mustChange },
    });
  });
  deps.forgetSessions(employeeId);
};

export const changePassword = async (deps: AccountDeps, caller: Caller, input: { oldPwd: string; newPwd: string }) => {
  const [row] = await deps.db.select().from(employees).where(eq(employees.id, caller.id));
  if (!row) throw new BusinessError('EMPLOYEE_NOT_FOUND');
  if (!(await verifyPassword(row.passwordHash, input.oldPwd))) throw new BusinessError('OLD_PASSWORD_WRONG');
  if (input.oldPwd === input.newPwd) throw new BusinessError('PASSWORD_UNCHANGED');
  await replacePassword(deps, {
    employeeId: row.id,
    clientHash: input.newPwd,
    mustChange: false,
    audit: { action: 'password.change', actor: caller },
  });
};

/**
 * Issued by HR (`npm run ess -- reset-code <empNo>`, or 重置密码 in the console with the clerk as the actor):
 * valid 24 h, works once. A leaver gets none.
 */
export const createResetCode = async (
  db: Db,
  empNo: string,
  by: { actor?: Pick<Caller, 'id' | 'empNo'>; requestId?: string } = {},
) => {
  const [row] = await db
    .select({ id: employees.id, leftOn: employees.leftOn })
    .from(employees)
    .where(eq(employees.empNo, empNo));
  if (!row) throw new BusinessError('EMPLOYEE_NO_UNKNOWN', { empNo });
  if (row.leftOn) throw new BusinessError('PERSON_LEFT');
  const code = randomBytes(9).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_CODE_HOURS * 3_600_000);
  await withTransaction(db, async (tx) => {
    await tx.insert(resetCodes).values({ codeHash: tokenHash(code), employeeId: row.id, expiresAt });
    await recordAudit(tx, {
      actor: by.actor,
      action: 'password.reset-code-issued',
      subject: { type: 'employee', id: row.id },
      after: { expiresAt: expiresAt.toISOString() },
      requestId: by.requestId,
    });
  });
  return { code, expiresAt };
};

export const resetPassword = async (deps: AccountDeps, code: string) => {
  const [used] = await deps.db
    .update(resetCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(resetCodes.codeHash, tokenHash(code)), isNull(resetCodes.usedAt), gt(resetCodes.expiresAt, sql`now()`)),
    )
    .returning({ employeeId: resetCodes.employeeId });
  if (!used) throw new BusinessError('RESET_CODE_INVALID');
  await replacePassword(deps, {
    employeeId: used.employeeId,
    clientHash: sha256Hex(deps.settings.initialPassword),
    mustChange: true,
    audit: { action: 'password.reset' },
  });
  // The holder of the code is told what to sign in with: the plant's initial password is what every new hire
  // gets as well, and it must be changed at the first sign-in.
  const [employee] = await deps.db
    .select({ empNo: employees.empNo })
    .from(employees)
    .where(eq(employees.id, used.employeeId));
  return { empNo: employee?.empNo ?? '', initialPassword: deps.settings.initialPassword };
};

// One read per employee per cache period (http/auth.ts): a named statement, planned once per connection.
// Signed-out sessions are named for as long as one of their access tokens can live.
const CALLER_ACCESS_SQL = `
  select e.session_epoch as "epoch",
         coalesce(array(select rt.family_id::text from refresh_tokens rt
                        where rt.employee_id = e.id and rt.revoked_reason = 'logout'
                          and rt.revoked_at > now() - make_interval(secs => $3)), '{}') as "endedSessions",
         coalesce(array(select r.name from employee_roles er join roles r on r.id = er.role_id
                        where er.employee_id = e.id order by r.name), '{}') as "roles",
         coalesce(array(select distinct m.code from employee_roles er
                          join role_menus rm on rm.role_id = er.role_id
                          join menus m on m.id = rm.menu_id
                        where er.employee_id = e.id and m.terminal_type = 'MOBILE' and m.is_mobile = 'Y'), '{}') as "menus",
         case when exists (select 1 from employee_roles er join roles r on r.id = er.role_id
                           where er.employee_id = e.id and r.name = 'SysAdmin')
              then $2::text[]
              when exists (select 1 from employee_roles er join roles r on r.id = er.role_id
                           where er.employee_id = e.id and r.name = 'HRAdmin')
              then coalesce(array(select ap.bu from admin_plants ap where ap.employee_id = e.id order by ap.bu), '{}')
              else '{}' end as "adminPlants"
         , want.i
  from unnest($1::int[]) with ordinality as want(id, i)
  join employees e on e.id = want.id and e.left_on is null`;

type AccessRow = { epoch: number; endedSessions: string[]; roles: string[]; menus: string[]; adminPlants: string[] };

const loadCallerAccesses = async (db: Db, employeeIds: readonly number[]) => {
  const { rows } = await db.$client.query<AccessRow & { i: string }>({
    name: 'caller_access',
    text: CALLER_ACCESS_SQL,
    values: [employeeIds, PLANTS, ACCESS_TOKEN_SECONDS],
  });
  const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, row]));
  return employeeIds.map((_id, index) => {
    const row = byIndex.get(index);
    return row
      ? {
          epoch: row.epoch,
          endedSessions: new Set(row.endedSessions),
          roles: row.roles,
          menuCodes: new Set(row.menus),
          adminPlants: new Set(row.adminPlants),
        }
      : undefined;
  });
};

/**
 * The session epoch, roles and mobile menu codes of an employee now; undefined when there is no such employee or
 * they have left (every token of a leaver is refused). Read with the other callers' of the same moment in one
 * statement (db/statement-batcher.ts): a shift's first calls miss the cache together.
 */
export const loadCallerAccess = batcherPerDatabase((db: Db) =>
  createStatementBatcher<number, Awaited<ReturnType<typeof loadCallerAccesses>>[number]>({
    runBatch: (employeeIds) => loadCallerAccesses(db, employeeIds),
  }),
);
