// The audience rule of HR's content (contract audience.ts; columns db/schema/announcements.ts audienceColumns):
// checked, stored and matched. Matching is SQL over an employees row, so one predicate serves a worker's own reads
// (their row) and HR's counts (every row), and the rule is resolved when read: a hire or a transfer into it is in.
import type { AudienceRule } from '@ess/contract/audience';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { employeeRoles, employees, roles } from '../db/schema/index';
import type { Executor } from '../db/transaction';
import type { Caller } from './caller';
import { hasRole } from './caller';
import { BusinessError } from './errors';

/** The rule as stored: plant-qualified group names, employee ids. */
export type StoredAudience = {
  plants: string[];
  departments: string[];
  teams: string[];
  positions: string[];
  roles: string[];
  employeeIds: number[];
};

export type AudienceTable = { [K in keyof StoredAudience]: PgColumn };

const qualified = (group: { bu: string; name: string }) => `${group.bu}/${group.name}`;
const unqualified = (value: string) => {
  const slash = value.indexOf('/');
  return { bu: value.slice(0, slash), name: value.slice(slash + 1) };
};

/**
 * The rule HR gave, checked against the caller's plants and turned into stored columns: an HRAdmin names some of
 * their own plants (the whole company is a SysAdmin's), every group lies within the plants, and every number is an
 * employee of them.
 */
export const storedAudienceOf = async (db: Executor, caller: Caller, rule: AudienceRule): Promise<StoredAudience> => {
  const plants: string[] = [...new Set(rule.plants)].sort();
  if (plants.length === 0 && !hasRole(caller, 'SysAdmin')) throw new BusinessError('AUDIENCE_PLANTS_REQUIRED');
  const outside: string[] = plants.filter((bu) => !caller.adminPlants.has(bu));
  if (outside.length > 0) throw new BusinessError('AUDIENCE_PLANT_NOT_ADMINISTERED', { plants: outside.join('、') });
  const isWithin = (bu: string) => (plants.length === 0 ? caller.adminPlants.has(bu) : plants.includes(bu));
  for (const group of [...rule.departments, ...rule.teams, ...rule.positions]) {
    if (!isWithin(group.bu)) throw new BusinessError('AUDIENCE_GROUP_OUTSIDE', { group: `${group.bu} ${group.name}` });
  }
  const empNos = [...new Set(rule.empNos)];
  let employeeIds: number[] = [];
  if (empNos.length > 0) {
    const found = await db
      .select({ id: employees.id, empNo: employees.empNo, bu: employees.bu })
      .from(employees)
      .where(and(inArray(employees.empNo, empNos), isNull(employees.leftOn)));
    const known = new Map(found.filter((row) => isWithin(row.bu)).map((row) => [row.empNo, row.id]));
    const unknown = empNos.filter((empNo) => !known.has(empNo));
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 5).join('、') + (unknown.length > 5 ? ` 等 ${unknown.length} 个` : '');
      throw new BusinessError('AUDIENCE_EMPLOYEES_UNKNOWN', { empNos: shown });
    }
    employeeIds = [...known.values()].sort((a, b) => a - b);
  }
  return {
    plants,
    departments: [...new Set(rule.departments.map(qualified))].sort(),
    teams: [...new Set(rule.teams.map(qualified))].sort(),
    positions: [...new Set(rule.positions.map(qualified))].sort(),
    roles: [...new Set(rule.roles)].sort(),
    employeeIds,
  };
};

/** The stored rule's columns of `content`, to select beside a row's own; splitAudience takes them off again. */
export const storedAudienceColumns = (content: AudienceTable) => ({
  plants: content.plants,
  departments: content.departments,
  teams: content.teams,
  positions: content.positions,
  roles: content.roles,
  employeeIds: content.employeeIds,
});

/** A row read with storedAudienceColumns as its stored rule and the rest of it. */
export const splitAudience = <Row extends StoredAudience>(row: Row) => {
  const { plants, departments, teams, positions, roles, employeeIds, ...rest } = row;
  return { audience: { plants, departments, teams, positions, roles, employeeIds } as StoredAudience, rest };
};

/** The stored rule back as HR gave it (the numbers of the named employees read again). */
export const audienceRuleOf = async (db: Executor, stored: StoredAudience): Promise<AudienceRule> => {
  const named =
    stored.employeeIds.length === 0
      ? []
      : await db
          .select({ empNo: employees.empNo })
          .from(employees)
          .where(inArray(employees.id, stored.employeeIds))
          .orderBy(employees.empNo);
  return {
    plants: stored.plants as AudienceRule['plants'],
    departments: stored.departments.map(unqualified) as AudienceRule['departments'],
    teams: stored.teams.map(unqualified) as AudienceRule['teams'],
    positions: stored.positions.map(unqualified) as AudienceRule['positions'],
    roles: stored.roles as AudienceRule['roles'],
    empNos: named.map((row) => row.empNo),
  };
};

/**
 * The rule of `content` includes the employee of row `person` (an employees table or alias). Plants bound it; the
 * narrowing parts, when any, must match one.
 */
export const audienceIncludes = (content: AudienceTable, person: typeof employees = employees): SQL => sql`(
  (cardinality(${content.plants}) = 0 or ${person.bu} = any(${content.plants}))
  and (
    cardinality(${content.departments}) + cardinality(${content.teams}) + cardinality(${content.positions})
      + cardinality(${content.roles}) + cardinality(${content.employeeIds}) = 0
    or (${person.bu} || '/' || ${person.deptName}) = any(${content.departments})
    or (${person.bu} || '/' || ${person.teamName}) = any(${content.teams})
    or (${person.bu} || '/' || ${person.titleName}) = any(${content.positions})
    or ${person.id} = any(${content.employeeIds})
    or (cardinality(${content.roles}) > 0 and exists (
      select 1 from ${employeeRoles} er join ${roles} r on r.id = er.role_id
      where er.employee_id = ${person.id} and r.name = any(${content.roles})))
  ))`;

/** The rule of content that a raw statement reads under an alias (`from material_assignments a`), for audienceIncludes. */
export const audienceOfAlias = (alias: string) =>
  ({
    plants: sql.raw(`${alias}.plants`),
    departments: sql.raw(`${alias}.departments`),
    teams: sql.raw(`${alias}.teams`),
    positions: sql.raw(`${alias}.positions`),
    roles: sql.raw(`${alias}.roles`),
    employeeIds: sql.raw(`${alias}.employee_ids`),
  }) as unknown as AudienceTable;

/** What a rule matches an employee on: their row now, and their roles. */
export type AudiencePerson = {
  id: number;
  bu: string;
  deptName: string;
  teamName: string;
  titleName: string;
  roles: readonly string[];
};

/**
 * audienceIncludes for one person in memory, for the worker's home call that matches the few live notices against
 * its caller without a join (modules/announcements/live.ts). The same rule: core/audience.test.ts checks that both
 * answer alike on every kind of rule.
 */
export const audienceIncludesPerson = (rule: StoredAudience, person: AudiencePerson): boolean => {
  if (rule.plants.length > 0 && !rule.plants.includes(person.bu)) return false;
  const narrowings =
    rule.departments.length + rule.teams.length + rule.positions.length + rule.roles.length + rule.employeeIds.length;
  return (
    narrowings === 0 ||
    rule.departments.includes(`${person.bu}/${person.deptName}`) ||
    rule.teams.includes(`${person.bu}/${person.teamName}`) ||
    rule.positions.includes(`${person.bu}/${person.titleName}`) ||
    rule.employeeIds.includes(person.id) ||
    person.roles.some((role) => rule.roles.includes(role))
  );
};

/**
 * The caller may manage `content`: an HRAdmin when its plants are all theirs, the whole company's only a SysAdmin.
 */
export const mayManageAudience = (caller: Caller, plants: readonly string[]) =>
  plants.length === 0 ? hasRole(caller, 'SysAdmin') : plants.every((bu) => caller.adminPlants.has(bu));

/** Content HR published for a period: begun, not ended, not withdrawn. */
export const isLiveNow = (content: { withdrawnAt: PgColumn; startsAt: PgColumn; endsAt: PgColumn }): SQL =>
  sql`(${content.withdrawnAt} is null and ${content.startsAt} <= now()
    and (${content.endsAt} is null or ${content.endsAt} > now()))`;

/** The content the caller may manage, as SQL over its plants column (mayManageAudience for one row). */
export const managedByCaller = (caller: Caller, plantsColumn: PgColumn): SQL => {
  const plants = `{${[...caller.adminPlants].join(',')}}`;
  if (!hasRole(caller, 'HRAdmin') && !hasRole(caller, 'SysAdmin')) return sql`false`;
  return hasRole(caller, 'SysAdmin')
    ? sql`${plantsColumn} <@ ${plants}::text[]`
    : sql`(cardinality(${plantsColumn}) > 0 and ${plantsColumn} <@ ${plants}::text[])`;
};
