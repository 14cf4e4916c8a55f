// A material HR assigns to one department with a due date: its workers find it in 学习 with the date and 必修, others
// do not; HR sees who finished (a saved study session of a document), who has not and who is overdue, per
// department; exports it; reminds those not finished once; and withdraws it, after which it leaves the workers' list.
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { routes } from '@ess/contract';
import type { AssignmentProgress, AssignmentRow, ProgressPerson } from '@ess/contract/materials';
import type { StudyItem } from '@ess/contract/training';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk, makeStudyMaterial } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
let clerk: string;
beforeAll(async () => {
  t = await createTestContext();
  clerk = await t.login((await makeHrClerk(t.database, { plant: 'NT' })).empNo, FACTORY_PASSWORD_HASH);
});
afterAll(() => t.close());

const unique = () => randomBytes(3).toString('hex');

/** A ready PDF of NT, as an upload leaves it. */
const ntDocument = async () => {
  const material = await makeStudyMaterial(t.database, [], {
    name: `冲压安全规程${unique()}`,
    fileName: 'safety-rules.pdf',
  });
  await t.database.db.execute(
    sql`update training_materials set bu = 'NT', kind = 'document', state = 'ready' where id = ${material.id}`,
  );
  return material.id;
};

const worker = async (dept: string, title = '操作工') => {
  const employee = await makeEmployee(t.database, { plant: 'NT', dept, title });
  return { ...employee, token: await t.login(employee.empNo, FACTORY_PASSWORD_HASH) };
};
const itemsOf = async (token: string) => (await t.call(routes.getTrainNotify, {}, token)).body.data as StudyItem[];

describe('assigning a material', () => {
  it('reaches its department with the due date, counts who finished, reminds once, and is withdrawn', async () => {
    const dept = `冲压${unique()}`;
    const materialId = await ntDocument();
    const [a, b, c] = [await worker(dept), await worker(dept), await worker(dept)];
    const outside = await worker('焊装车间');
    const assigned = await t.call(
      routes.assignMaterial,
      {
        materialId,
        trainTheme: '冲压岗位安全',
        audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
        dueAt: '2099-12-31 18:00',
        isRequired: true,
      },
      clerk,
    );
    expect(assigned.body).toMatchObject({ result: true, msg: '已分配' });
    const assignmentId = (assigned.body.data as { id: number }).id;

    const [item] = (await itemsOf(a.token)).filter((row) => row.materialId === materialId);
    expect(item).toMatchObject({
      trainTheme: '冲压岗位安全',
      dueAt: '2099-12-31 18:00',
      isRequired: true,
      isStudied: false,
    });
    expect((await itemsOf(outside.token)).map((row) => row.materialId)).not.toContain(materialId);
    // A is studying it now: a session of a minute, saved.
    const saved = await t.call(
      routes.modifyTrainStudyDetail,
      {
        modify: JSON.stringify({
          StudyId: item?.id,
          MaterialId: materialId,
          StudyStartDate: '2026-11-28 09:00:00',
          StudyEndDate: '2026-11-28 09:01:00',
        }),
      },
      a.token,
    );
    expect(saved.body.result).toBe(true);

    const progress = (await t.call(routes.getAssignmentProgress, { id: assignmentId }, clerk)).body
      .data as AssignmentProgress;
    expect(progress).toEqual({
      audienceCount: 3,
      doneCount: 1,
      overdueCount: 0,
      groups: [{ bu: 'NT', deptName: dept, audienceCount: 3, doneCount: 1, overdueCount: 0 }],
    });
    const pending = (await t.call(routes.getAssignmentPeople, { id: assignmentId, standing: 'pending' }, clerk)).body
      .data as ProgressPerson[];
    expect(pending.map((person) => person.empNo).sort()).toEqual([b.empNo, c.empNo].sort());

    // Past its due date, those not finished are overdue.
    await t.database.db.execute(
      sql`update material_assignments set due_at = now() - interval '1 day' where id = ${assignmentId}`,
    );
    const listed = (await t.call(routes.getMaterialAssignments, { materialId }, clerk)).body.data as AssignmentRow[];
    expect(listed).toMatchObject([{ id: assignmentId, audienceCount: 3, doneCount: 1, overdueCount: 2 }]);
    const exported = (await t.call(routes.exportAssignmentProgress, { id: assignmentId }, clerk)).body.data as {
      contentBase64: string;
    };
    const book = XLSX.read(Buffer.from(exported.contentBase64, 'base64'));
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] as string] as never, { header: 1 });
    expect(
      rows
        .slice(1)
        .map((row) => [row[0], row[5]])
        .sort(),
    ).toEqual(
      [
        [a.empNo, '已完成'],
        [b.empNo, '已逾期'],
        [c.empNo, '已逾期'],
      ].sort(),
    );

    // One reminder, to the two not finished.
    expect((await t.call(routes.remindAssignment, { id: assignmentId }, clerk)).body).toMatchObject({
      result: true,
      msg: '已提醒 2 名未完成的员工',
    });
    expect((await t.call(routes.remindAssignment, { id: assignmentId }, clerk)).body).toMatchObject({
      result: false,
      msg: '已经提醒过一次，不能重复提醒',
    });
    const { rows: messages } = await t.database.pool.query(
      'select employee_id from messages where title like $1 order by employee_id',
      [`请完成学习：%`],
    );
    expect(messages.map((row) => row.employee_id)).toEqual(expect.arrayContaining([b.id, c.id]));
    expect(messages.map((row) => row.employee_id)).not.toContain(a.id);

    await t.call(routes.withdrawAssignment, { id: assignmentId }, clerk);
    expect((await itemsOf(b.token)).map((row) => row.materialId)).not.toContain(materialId);
  });

  it('reaches the holders of a position (职务) in any department, and no one else', async () => {
    const materialId = await ntDocument();
    const title = `班长${unique()}`;
    const [leader, otherLeader, operator] = [
      await worker('冲压车间', title),
      await worker('焊装车间', title),
      await worker('冲压车间'),
    ];
    const assigned = await t.call(
      routes.assignMaterial,
      {
        materialId,
        trainTheme: '班组长管理',
        audience: { plants: ['NT'], positions: [{ bu: 'NT', name: title }] },
        isRequired: false,
      },
      clerk,
    );
    expect(assigned.body).toMatchObject({ result: true });
    for (const holder of [leader, otherLeader]) {
      expect((await itemsOf(holder.token)).find((row) => row.materialId === materialId)).toMatchObject({
        isRequired: false,
      });
    }
    expect((await itemsOf(operator.token)).map((row) => row.materialId)).not.toContain(materialId);
    const listed = await t.call(routes.getMaterialAssignments, { materialId, page: 1, pageSize: 20 }, clerk);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ audience: `NT · 职务：NT ${title}`, audienceCount: 2 }),
    ]);
    // A position named in another plant than the rule's is refused, as a department would be.
    const outside = await t.call(
      routes.assignMaterial,
      { materialId, trainTheme: '班组长管理', audience: { plants: ['NT'], positions: [{ bu: 'HZ', name: title }] } },
      clerk,
    );
    expect(outside.body).toMatchObject({ result: false, msg: `HZ ${title} 不在所选厂区内` });
  });

  it('refuses a material not yet ready, and an audience outside the material’s plant, storing nothing', async () => {
    const materialId = await ntDocument();
    const before = await t.database.pool.query('select count(*)::int as n from material_assignments');
    await t.database.db.execute(sql`update training_materials set state = 'converting' where id = ${materialId}`);
    const draft = { materialId, trainTheme: '主题', audience: { plants: ['NT'] } };
    expect((await t.call(routes.assignMaterial, draft, clerk)).body).toMatchObject({
      result: false,
      msg: '资料还未就绪（上传、检查或转换中），就绪后才能分配',
    });
    await t.database.db.execute(sql`update training_materials set state = 'ready' where id = ${materialId}`);
    const everyone = await makeHrClerk(t.database, { plants: ['NT', 'HZ'] });
    const token = await t.login(everyone.empNo, FACTORY_PASSWORD_HASH);
    expect((await t.call(routes.assignMaterial, { ...draft, audience: { plants: ['HZ'] } }, token)).body).toMatchObject(
      {
        result: false,
        msg: '该资料属于 NT 厂，只能分配给 NT 的员工',
      },
    );
    const after = await t.database.pool.query('select count(*)::int as n from material_assignments');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
