// Sign-in with lockout, rotating refresh tokens, password change and one-time reset codes.
import { createHash, randomBytes } from 'node:crypto';
import type { LoginUser, Profile } from '@ess/contract/account';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, refreshTokens, resetCodes } from '../../db/schema/index';
import type { Caller } from '../../http/auth';
import { BusinessError } from '../../http/envelope';
import { hashPassword, sha256Hex, spendDecoyVerification, verifyPassword } from '../../http/passwords';
import type { RateLimiter } from '../../http/rate-limit';

export const LOGIN_FAILED = '账号或密码错误';
const REFRESH_DAYS_REMEMBERED = 30;
const REFRESH_DAYS_SESSION = 1;
const RESET_CODE_HOURS = 24;

export type AccountDeps = {
  db: Db;
  limiter: RateLimiter;
  signAccessToken: (caller: Caller) => Promise<string>;
  forgetSessions: (employeeId: number) => void;
  settings: { loginRateLimit: number; maxFailures: number; lockMinutes: number; initialPassword: string };
};

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

const loginUserOf = (row: typeof employees.$inferSelect): LoginUser => ({
  userAccount: row.empNo,
  userName: row.name,
  id: row.id,
  baseBu: row.bu,
  deptName: row.deptName,
  titleName: row.titleName,
});

const issueTokens = async (deps: AccountDeps, row: typeof employees.$inferSelect, refreshDays: number) => {
  const refreshToken = randomBytes(32).toString('base64url');
  await deps.db.insert(refreshTokens).values({
    employeeId: row.id,
    tokenHash: tokenHash(refreshToken),
    expiresAt: daysFromNow(refreshDays),
  });
  const token = await deps.signAccessToken({ id: row.id, empNo: row.empNo, bu: row.bu });
  return { token, refreshToken };
};

export const checkLogin = async (
  deps: AccountDeps,
  input: { userAccount: string; password: string; isRemember: boolean; ip: string },
) => {
  const { settings } = deps;
  if (!(await deps.limiter.hit(`login:ip:${input.ip}`, settings.loginRateLimit, 60_000))) {
    throw new BusinessError('登录尝试过于频繁,请稍后再试');
  }
  const lockedText = `密码错误次数过多,账号已锁定,请 ${settings.lockMinutes} 分钟后再试`;
  const [row] = await deps.db.select().from(employees).where(eq(employees.empNo, input.userAccount));
  if (!row) {
    // Unknown accounts lock the same way as real ones, so the answer never tells which exist.
    const isUnderLimit = await deps.limiter.hit(
      `login:unknown:${input.userAccount}`,
      settings.maxFailures,
      settings.lockMinutes * 60_000,
    );
    await spendDecoyVerification(input.password);
    throw new BusinessError(isUnderLimit ? LOGIN_FAILED : lockedText);
  }
  if (row.lockedUntil && row.lockedUntil > new Date()) {
    await spendDecoyVerification(input.password);
    throw new BusinessError(lockedText);
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) {
    const failures = row.failedLogins + 1;
    const isLocking = failures >= settings.maxFailures;
    await deps.db
      .update(employees)
      .set(
        isLocking
          ? { failedLogins: 0, lockedUntil: new Date(Date.now() + settings.lockMinutes * 60_000) }
          : { failedLogins: failures },
      )
      .where(eq(employees.id, row.id));
    throw new BusinessError(isLocking ? lockedText : LOGIN_FAILED);
  }
  if (row.failedLogins > 0 || row.lockedUntil) {
    await deps.db.update(employees).set({ failedLogins: 0, lockedUntil: null }).where(eq(employees.id, row.id));
  }
  const tokens = await issueTokens(deps, row, input.isRemember ? REFRESH_DAYS_REMEMBERED : REFRESH_DAYS_SESSION);
  return { ...tokens, ...loginUserOf(row) };
};

/** Rotation: the presented token is revoked in the same statement that checks it, so it works once. */
export const refreshSession = async (deps: AccountDeps, refreshToken: string) => {
  const [used] = await deps.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({
      employeeId: refreshTokens.employeeId,
      expiresAt: refreshTokens.expiresAt,
      createdAt: refreshTokens.createdAt,
    });
  if (!used) throw new BusinessError('登录已过期,请重新登录');
  const [row] = await deps.db.select().from(employees).where(eq(employees.id, used.employeeId));
  if (!row) throw new BusinessError('登录已过期,请重新登录');
  // The new token lives as long as the one it replaces was meant to.
  const lifetimeDays = Math.max(1, Math.round((used.expiresAt.getTime() - used.createdAt.getTime()) / 86_400_000));
  return issueTokens(deps, row, lifetimeDays);
};

export const revokeRefreshToken = async (deps: AccountDeps, refreshToken: string) => {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash(refreshToken)), isNull(refreshTokens.revokedAt)));
};

export const getProfile = async (db: Db, caller: Caller): Promise<Profile> => {
  const [row] = await db.select().from(employees).where(eq(employees.id, caller.id));
  if (!row) throw new BusinessError('用户不存在');
  return {
    ...loginUserOf(row),
    empEnterDate: row.enterDate,
    appReadStatus: row.appReadStatus === 'Y' ? 'Y' : 'N',
    mustChangePassword: row.mustChangePassword,
    avatarUrl: null,
  };
};

/** Sets a new password and ends every session of the employee (refresh tokens and older access tokens). */
const replacePassword = async (
  deps: AccountDeps,
  employeeId: number,
  clientHash: string,
  { mustChange }: { mustChange: boolean },
) => {
  const passwordHash = await hashPassword(clientHash);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(employees)
      .set({
        passwordHash,
        mustChangePassword: mustChange,
        failedLogins: 0,
        lockedUntil: null,
        // JWT iat has one-second resolution: sessions from this second on stay valid.
        sessionsValidFrom: sql`date_trunc('second', now())`,
      })
      .where(eq(employees.id, employeeId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.employeeId, employeeId), isNull(refreshTokens.revokedAt)));
  });
  deps.forgetSessions(employeeId);
};

export const changePassword = async (deps: AccountDeps, caller: Caller, input: { oldPwd: string; newPwd: string }) => {
  const [row] = await deps.db.select().from(employees).where(eq(employees.id, caller.id));
  if (!row) throw new BusinessError('用户不存在');
  if (!(await verifyPassword(row.passwordHash, input.oldPwd))) throw new BusinessError('原密码错误');
  if (input.oldPwd === input.newPwd) throw new BusinessError('新密码不能与原密码相同');
  await replacePassword(deps, row.id, input.newPwd, { mustChange: false });
};

/** Issued by HR (`npm run ess -- reset-code <empNo>`): valid 24 h, works once. */
export const createResetCode = async (db: Db, empNo: string) => {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.empNo, empNo));
  if (!row) throw new BusinessError(`工号 ${empNo} 不存在`);
  const code = randomBytes(9).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_CODE_HOURS * 3_600_000);
  await db.insert(resetCodes).values({ codeHash: tokenHash(code), employeeId: row.id, expiresAt });
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
  if (!used) throw new BusinessError('重置链接无效或已过期,请联系人事重新获取');
  await replacePassword(deps, used.employeeId, sha256Hex(deps.settings.initialPassword), { mustChange: true });
};

export const loadSessionsValidFrom = async (db: Db, employeeId: number) => {
  const [row] = await db
    .select({ validFrom: employees.sessionsValidFrom })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row?.validFrom;
};
