// Who a piece of HR's content is for (DESIGN §11): a rule kept with the content and resolved when a worker reads, so
// someone hired or transferred into it while the content is live sees it, and someone transferred out stops seeing
// it. Plants bound the rule (none named: the whole company, a SysAdmin's choice); departments, teams, positions (职务),
// roles and named employees narrow it within them — an employee matching any of the narrowing parts is in.
import { z } from 'zod';
import { ROLE_NAMES } from './addresses';
import { plant } from './common';
import { PLANTS } from './plants';

const groupName = (label: string) =>
  z
    .string({ error: `${label}无效` })
    .trim()
    .min(1, { error: `${label}无效` })
    .max(64, { error: `${label}最多 64 字` });

/** The most employees one rule names: a pasted list of numbers, not the company. */
export const MAX_NAMED_EMPLOYEES = 5000;

export const audienceRule = z.object(
  {
    plants: z.array(plant).max(PLANTS.length).default([]),
    departments: z
      .array(z.object({ bu: plant, name: groupName('部门') }))
      .max(300, { error: '部门最多选 300 个' })
      .default([]),
    teams: z
      .array(z.object({ bu: plant, name: groupName('班组') }))
      .max(300, { error: '班组最多选 300 个' })
      .default([]),
    /** 职务: the title HR's roster gives an employee (操作工, 班长…), per plant as the roster's names differ. */
    positions: z
      .array(z.object({ bu: plant, name: groupName('职务') }))
      .max(300, { error: '职务最多选 300 个' })
      .default([]),
    roles: z.array(z.enum(ROLE_NAMES, { error: '角色无效' })).default([]),
    /** Employee numbers, picked or pasted. */
    empNos: z
      .array(z.string({ error: '工号无效' }).trim().min(1, { error: '工号无效' }).max(32, { error: '工号无效' }))
      .max(MAX_NAMED_EMPLOYEES, { error: `指定员工最多 ${MAX_NAMED_EMPLOYEES} 人` })
      .default([]),
  },
  { error: '发布范围无效' },
);
export type AudienceRule = z.output<typeof audienceRule>;

export const ROLE_LABELS: Record<(typeof ROLE_NAMES)[number], string> = {
  Employee: '普通员工',
  AppVerify: '资料审核员',
  HRAdmin: '人事管理员',
  SysAdmin: '系统管理员',
};

/** Names in a list, the first few and how many in all when there are many. */
const namesOf = (groups: readonly { bu: string; name: string }[]) => {
  const shown = groups
    .slice(0, 4)
    .map((group) => `${group.bu} ${group.name}`)
    .join('、');
  return groups.length > 4 ? `${shown} 等 ${groups.length} 个` : shown;
};

/** The rule in words, for lists and logs: 全公司 / NT、HZ · 部门：… · 指定员工 12 人. */
export const describeAudience = (rule: AudienceRule) => {
  const parts = [rule.plants.length === 0 ? '全公司' : rule.plants.join('、')];
  if (rule.departments.length > 0) parts.push(`部门：${namesOf(rule.departments)}`);
  if (rule.teams.length > 0) parts.push(`班组：${namesOf(rule.teams)}`);
  if (rule.positions.length > 0) parts.push(`职务：${namesOf(rule.positions)}`);
  if (rule.roles.length > 0) parts.push(`角色：${rule.roles.map((role) => ROLE_LABELS[role]).join('、')}`);
  if (rule.empNos.length > 0) parts.push(`指定员工 ${rule.empNos.length} 人`);
  return parts.join(' · ');
};
