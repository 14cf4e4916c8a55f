// The HR console's people and accounts (员工与账号) and its audit-log search (操作日志). Every call needs HRAdmin of
// the employee's plant (SysAdmin: every plant); granting roles and menus needs SysAdmin.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, empty, isoDate, optionalFilter, pagingFields, plant, text } from './common';
import { EMP_TYPES } from './salary';

/** Roles the console grants (Employee is every employee's and is kept). */
export const GRANTABLE_ROLES = ['HRAdmin', 'AppVerify', 'SysAdmin'] as const;

export const personRow = z.object({
  id: z.number(),
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
  teamName: z.string(),
  titleName: z.string(),
  empType: z.string(),
  enterDate: z.string().nullable(),
  /** yyyy-MM-dd when marked as left; a leaver cannot sign in. */
  leftOn: z.string().nullable(),
  roles: z.array(z.string()),
  adminPlants: z.array(z.string()),
  /** Locked by wrong passwords right now. */
  isLocked: z.boolean(),
  /** The WeCom user id or WeChat openid bound at their first password sign-in there (silent sign-in uses it). */
  platformAccounts: z.array(z.object({ platform: z.enum(['wecom', 'wechat']), accountId: z.string() })),
});
export type PersonRow = z.infer<typeof personRow>;

const employeeId = z.coerce
  .number({ error: '员工编号无效' })
  .int({ error: '员工编号无效' })
  .positive({ error: '员工编号无效' })
  .max(2_147_483_647, { error: '员工编号无效' });
const optionalText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, { error: `${label}最多 ${max} 字` })
    .default('');
const empNo = text('工号')
  .trim()
  .min(1, { error: '请填写工号' })
  .max(32, { error: '工号最多 32 位' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: '工号只能包含字母、数字、- 和 _' });
const personName = text('姓名').trim().min(1, { error: '请填写姓名' }).max(64, { error: '姓名最多 64 字' });

export const personFields = z.object({
  name: personName,
  deptName: optionalText('部门', 64),
  teamName: optionalText('班组', 64),
  titleName: optionalText('职务', 64),
  empType: z.enum(EMP_TYPES, { error: '工资单类型无效' }).default('PS01'),
  enterDate: isoDate.nullable().optional(),
});

export const resetCode = z.object({
  code: z.string(),
  /** ISO time; valid 24 h, works once. */
  expiresAt: z.string(),
  /** The app's address that takes the code: /home/reset-password?code=… */
  path: z.string(),
  /** What the worker signs in with once the code is used (the plant's initial password; changed at first sign-in). */
  initialPassword: z.string(),
});
export type ResetCode = z.infer<typeof resetCode>;

export const roleWithMenus = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  menuCodes: z.array(z.string()),
});
export const roleCatalog = z.object({
  roles: z.array(roleWithMenus),
  menus: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type RoleCatalog = z.infer<typeof roleCatalog>;

export const auditEntry = z.object({
  id: z.number(),
  /** yyyy-MM-dd HH:mm:ss, China time. */
  at: z.string(),
  actorEmpNo: z.string(),
  actorName: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  /** For an employee subject: their number and name. */
  subjectEmpNo: z.string(),
  subjectName: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const peopleRoutes = {
  searchPeople: defineRoute(ADDRESSES.searchPeople, {
    request: z.object({
      empNo: optionalFilter(text('工号').trim().max(32, { error: '工号最多 32 位' })),
      name: optionalFilter(text('姓名').trim().max(64, { error: '姓名最多 64 字' })),
      bu: optionalFilter(plant),
      deptName: optionalFilter(text('部门').trim().max(64, { error: '部门最多 64 字' })),
      status: z.enum(['active', 'left', 'all'], { error: '状态无效' }).default('all'),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(personRow),
  }),
  /**
   * The departments, teams and positions (职务) the plant's employees hold now: what 新建员工, 调动 and the audience
   * fields of HR's content offer to pick from.
   */
  getPlantTeams: defineRoute(ADDRESSES.getPlantTeams, {
    request: z.object({ bu: plant }),
    data: z.object({ departments: z.array(z.string()), teams: z.array(z.string()), positions: z.array(z.string()) }),
  }),
  createPerson: defineRoute(ADDRESSES.createPerson, {
    request: personFields.extend({ empNo, bu: plant }),
    /** The initial password the new account signs in with, to hand to the new hire (changed at first sign-in). */
    data: z.object({ id: z.number(), initialPassword: z.string() }),
  }),
  updatePerson: defineRoute(ADDRESSES.updatePerson, {
    request: personFields.extend({ id: employeeId }),
    data: z.null(),
  }),
  transferPerson: defineRoute(ADDRESSES.transferPerson, {
    request: z.object({
      id: employeeId,
      bu: plant,
      deptName: optionalText('部门', 64),
      teamName: optionalText('班组', 64),
    }),
    data: z.null(),
  }),
  markPersonLeft: defineRoute(ADDRESSES.markPersonLeft, {
    request: z.object({ id: employeeId, leftOn: isoDate }),
    data: z.null(),
  }),
  reinstatePerson: defineRoute(ADDRESSES.reinstatePerson, {
    request: z.object({ id: employeeId }),
    data: z.null(),
  }),
  issuePersonResetCode: defineRoute(ADDRESSES.issuePersonResetCode, {
    request: z.object({ id: employeeId }),
    data: resetCode,
  }),
  unlockPerson: defineRoute(ADDRESSES.unlockPerson, { request: z.object({ id: employeeId }), data: z.null() }),
  unbindPlatformAccount: defineRoute(ADDRESSES.unbindPlatformAccount, {
    request: z.object({ id: employeeId, platform: z.enum(['wecom', 'wechat'], { error: '账号类型无效' }) }),
    data: z.null(),
  }),
  setPersonRoles: defineRoute(ADDRESSES.setPersonRoles, {
    request: z.object({
      id: employeeId,
      roles: z.array(z.enum(GRANTABLE_ROLES, { error: '角色无效' }), { error: '角色无效' }).max(3),
      adminPlants: z.array(plant, { error: '工厂代码无效' }).max(20).default([]),
    }),
    data: z.null(),
  }),
  getRoleCatalog: defineRoute(ADDRESSES.getRoleCatalog, { request: empty, data: roleCatalog }),
  setRoleMenus: defineRoute(ADDRESSES.setRoleMenus, {
    request: z.object({
      roleId: z.coerce
        .number({ error: '角色无效' })
        .int()
        .positive({ error: '角色无效' })
        .max(2_147_483_647, { error: '角色无效' }),
      menuCodes: z.array(z.string().regex(/^M\d{2}$/, { error: '菜单代码无效' }), { error: '菜单代码无效' }).max(100),
    }),
    data: z.null(),
  }),
  searchAuditLog: defineRoute(ADDRESSES.searchAuditLog, {
    request: z.object({
      actorEmpNo: optionalFilter(text('操作人工号').trim().max(32, { error: '工号最多 32 位' })),
      subjectEmpNo: optionalFilter(text('对象工号').trim().max(32, { error: '工号最多 32 位' })),
      action: optionalFilter(text('操作').trim().max(64, { error: '操作最多 64 字' })),
      from: optionalFilter(isoDate),
      to: optionalFilter(isoDate),
      bu: optionalFilter(plant),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(auditEntry),
  }),
};
