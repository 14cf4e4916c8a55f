// The audience rule has two forms: SQL over employees rows (HR's counts, the worker's 消息) and in memory for one
// person (the home call against the live notices). Both must answer alike for every kind of rule.
import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { announcements, employees } from '../db/schema/index';
import { type AudiencePerson, audienceIncludes, audienceIncludesPerson, type StoredAudience } from './audience';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the audience rule in SQL and in memory', () => {
  it('includes the same people for every kind of rule', async () => {
    const made = [
      { plant: 'NT', dept: '总装车间', team: '一班', title: '操作工', roles: ['Employee'] },
      { plant: 'NT', dept: '仓库', team: '', title: '班长', roles: ['Employee', 'AppVerify'] },
      { plant: 'HZ', dept: '总装车间', team: '一班', title: '班长', roles: ['Employee'] },
      { plant: 'HZ', dept: '仓库', team: '二班', title: '', roles: ['Employee', 'HRAdmin'] },
    ];
    const people: AudiencePerson[] = [];
    for (const person of made) {
      const { id } = await makeEmployee(t.database, person);
      people.push({
        id,
        bu: person.plant,
        deptName: person.dept,
        teamName: person.team,
        titleName: person.title,
        roles: person.roles,
      });
    }
    const [first] = people as [AudiencePerson];
    const rule = (parts: Partial<StoredAudience>): StoredAudience => ({
      plants: [],
      departments: [],
      teams: [],
      positions: [],
      roles: [],
      employeeIds: [],
      ...parts,
    });
    const rules = [
      rule({}),
      rule({ plants: ['NT'] }),
      rule({ plants: ['HZ', 'NT'] }),
      rule({ departments: ['NT/总装车间'] }),
      rule({ plants: ['HZ'], departments: ['HZ/总装车间', 'NT/仓库'] }),
      rule({ teams: ['NT/一班'] }),
      rule({ teams: ['NT/'] }),
      rule({ positions: ['NT/班长'] }),
      rule({ positions: ['HZ/班长', 'NT/操作工'] }),
      rule({ plants: ['HZ'], positions: ['HZ/'] }),
      rule({ teams: ['NT/一班'], positions: ['HZ/班长'] }),
      rule({ roles: ['AppVerify'] }),
      rule({ plants: ['HZ'], roles: ['HRAdmin'] }),
      rule({ plants: ['NT'], roles: ['HRAdmin'] }),
      rule({ employeeIds: [first.id] }),
      rule({ plants: ['HZ'], employeeIds: [first.id] }),
      rule({ departments: ['NT/仓库'], teams: ['HZ/一班'], employeeIds: [first.id] }),
    ];
    const ids: number[] = [];
    for (const [index, stored] of rules.entries()) {
      const [row] = await t.database.db
        .insert(announcements)
        .values({ title: `规则${index}`, body: '<p>x</p>', ...stored })
        .returning({ id: announcements.id });
      ids.push(row?.id as number);
    }

    const inSql = await t.database.db
      .select({ announcement: announcements.id, employee: employees.id })
      .from(announcements)
      .innerJoin(
        employees,
        and(
          audienceIncludes(announcements),
          inArray(
            employees.id,
            people.map((person) => person.id),
          ),
        ),
      )
      .where(inArray(announcements.id, ids));
    const key = (announcement: number, employee: number) =>
      `${ids.indexOf(announcement)}:${people.findIndex((person) => person.id === employee)}`;
    const expected = inSql.map((pair) => key(pair.announcement, pair.employee)).sort();
    const inMemory = rules
      .flatMap((stored, index) =>
        people
          .filter((person) => audienceIncludesPerson(stored, person))
          .map((person) => key(ids[index] as number, person.id)),
      )
      .sort();
    expect(inMemory).toEqual(expected);
    // Not a vacuous agreement: some rules include some people and leave out others.
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(rules.length * people.length);
  });
});
