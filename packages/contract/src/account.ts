// Sign-in, tokens, password change and reset.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty, text } from './common';
import { currentHandbook } from './handbook';

/** Passwords travel as the lowercase hex SHA-256 of what was typed. */
export const hashedPassword = z.string({ error: '密码不能为空' }).regex(/^[0-9a-f]{64}$/, { error: '密码格式无效' });

export const loginUser = z.object({
  userAccount: z.string(),
  userName: z.string(),
  id: z.number(),
  baseBu: z.string(),
  deptName: z.string(),
  titleName: z.string(),
});
export type LoginUser = z.infer<typeof loginUser>;

/**
 * Whether the employee has accepted the handbook version current for their plant (Y/N), and that version (null: none
 * is published for the plant, and the handbook the app ships is the one read).
 */
export const handbookStatus = z.object({
  appReadStatus: z.enum(['Y', 'N']),
  handbook: currentHandbook.nullable(),
});

export const profile = loginUser.extend({
  empEnterDate: z.string().nullable(),
  ...handbookStatus.shape,
  /** Must change the password before using the app (after a reset). */
  mustChangePassword: z.boolean(),
  /** 长辈版 (large text) on or off; null until it was offered once (the app then offers it). */
  largeText: z.boolean().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const tokens = z.object({ token: z.string(), refreshToken: z.string() });

export const MIN_PASSWORD_LENGTH = 6;
/**
 * The password form as typed (SPEC §5); Account/ChangePwd then carries both passwords hashed, so the
 * length rule can only be checked here, before hashing.
 */
export const passwordChangeForm = z.object({
  oldPwd: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }),
  newPwd: z
    .string({ error: '请输入新密码' })
    .min(1, { error: '请输入新密码' })
    .min(MIN_PASSWORD_LENGTH, { error: `新密码至少 ${MIN_PASSWORD_LENGTH} 位` }),
  confirmPwd: z.string({ error: '请确认新密码' }).min(1, { error: '请确认新密码' }),
});

export const accountRoutes = {
  checkLogin: defineRoute(ADDRESSES.checkLogin, {
    request: z.object({
      userAccount: text('账号', { missing: '请输入账号' })
        .trim()
        .min(1, { error: '请输入账号' })
        .max(32, { error: '账号过长' }),
      password: hashedPassword,
      isRemember: z.boolean().default(true),
    }),
    data: tokens.extend(loginUser.shape).extend(handbookStatus.shape),
  }),
  refreshToken: defineRoute(ADDRESSES.refreshToken, {
    request: z.object({
      refreshToken: text('刷新令牌', { missing: '缺少刷新令牌' })
        .min(1, { error: '缺少刷新令牌' })
        .max(200, { error: '刷新令牌无效' }),
    }),
    data: tokens,
  }),
  checkUserToken: defineRoute(ADDRESSES.checkUserToken, { request: empty, data: profile }),
  /** 长辈版 on or off, kept for the employee (every phone they sign in on follows it). */
  setLargeText: defineRoute(ADDRESSES.setLargeText, {
    request: z.object({ largeText: z.boolean({ error: '“长辈版”应为开或关' }) }),
    data: z.null(),
  }),
  changePwd: defineRoute(ADDRESSES.changePwd, {
    request: z.object({ oldPwd: hashedPassword, newPwd: hashedPassword }),
    data: z.null(),
  }),
  resetPassword: defineRoute(ADDRESSES.resetPassword, {
    request: z.object({
      code: text('重置码', { missing: '重置码不能为空' })
        .trim()
        .min(1, { error: '重置码不能为空' })
        .max(64, { error: '重置码无效' }),
    }),
    /** What to sign in with now: the account and the initial password, which must be changed at sign-in. */
    data: z.object({ empNo: z.string(), initialPassword: z.string() }),
  }),
  logout: defineRoute(ADDRESSES.logout, {
    request: z.object({ refreshToken: text('刷新令牌').max(200, { error: '刷新令牌无效' }).optional() }),
    data: z.null(),
  }),
};
