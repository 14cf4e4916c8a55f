// A material assigned by HR to an audience (the notices' rule, resolved when read) under a training theme, with a due
// date and 必修/选修. A worker it includes gets the study item when they next open 学习 (the training module's study
// list makes it), so someone hired into the audience later is included too. HR follows, per
// assignment, who of the audience finished (the server-kept coverage of a video, the time of a document), who has not
// and who is overdue, per department; exports it; reminds those not finished once; withdraws it.
import { describeAudience } from '@ess/contract/audience';
import type {
  AssignmentDraft,
  AssignmentProgress,
  AssignmentRow,
  ProgressPerson,
  StudyStanding,
} from '@ess/contract/materials';
import { STUDY_STANDING_LABELS } from '@ess/contract/materials';
import { STUDIED_COVERAGE } from '@ess/contract/training';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  audienceIncludes,
  audienceOfAlias,
  audienceRuleOf,
  splitAudience,
  storedAudienceColumns,
  storedAudienceOf,
} from '../../core/audience';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import { announceMessages, sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import { totalOver } from '../../db/paging';
import { employees, materialAssignments, trainingMaterials } from '../../db/schema/index';
import { SHANGHAI_TOMORROW, shanghaiInput, shanghaiTime } from '../../db/shanghai-time';
import { withTransaction } from '../../db/transaction';
import { MAX_EXPORT_PEOPLE, textWorkbookBase64 } from '../../lib/text-workbook';
import { managedBy, mayManageMaterial } from './scope';

/** Where a worker's study messages lead. */
const STUDY_PAGE = '/train/learn-list';

/** The assignment and its material, when the caller manages the material. */
const findManaged = async (db: Db, caller: Caller, id: number) => {
  requirePlantAdmin(caller);
  const [found] = await db
    .select({
      id: materialAssignments.id,
      materialId: materialAssignments.materialId,
      materialName: trainingMaterials.name,
      bu: trainingMaterials.bu,
      trainTheme: materialAssignments.trainTheme,
      dueAt: shanghaiTime(materialAssignments.dueAt),
      withdrawnAt: materialAssignments.withdrawnAt,
      remindedAt: materialAssignments.remindedAt,
    })
    .from(materialAssignments)
    .innerJoin(trainingMaterials, eq(trainingMaterials.id, materialAssignments.materialId))
    .where(eq(materialAssignments.id, id));
  if (!found || !mayManageMaterial(caller, found.bu)) throw new BusinessError('ASSIGNMENT_NOT_FOUND');
  return found;
};

export const assignMaterial = async (
  db: Db,
  caller: Caller,
  { draft, requestId, idempotencyKey }: { draft: AssignmentDraft; requestId: string; idempotencyKey?: string },
): Promise<{ id: number }> => {
  requirePlantAdmin(caller);
  return withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'material.assign' } : undefined,
    async (tx) => {
      const [material] = await tx
        .select({
          id: trainingMaterials.id,
          name: trainingMaterials.name,
          bu: trainingMaterials.bu,
          state: trainingMaterials.state,
        })
        .from(trainingMaterials)
        .where(eq(trainingMaterials.id, draft.materialId));
      if (!material || !mayManageMaterial(caller, material.bu)) throw new BusinessError('MATERIAL_NOT_FOUND');
      if (material.state !== 'ready') throw new BusinessError('MATERIAL_NOT_READY');
      const audience = await storedAudienceOf(tx, caller, draft.audience);
      // A plant's material is for that plant's workers.
      if (material.bu && (audience.plants.length !== 1 || audience.plants[0] !== material.bu)) {
        throw new BusinessError('MATERIAL_AUDIENCE_PLANT', { plant: material.bu });
      }
      const [created] = await tx
        .insert(materialAssignments)
        .values({
          materialId: material.id,
          trainTheme: draft.trainTheme,
          ...audience,
          dueAt: draft.dueAt ? shanghaiInput(draft.dueAt) : null,
          isRequired: draft.isRequired,
          createdBy: caller.id,
        })
        .returning({ id: materialAssignments.id });
      if (!created) throw new Error('the assignment was not stored');
      // A message to each worker it reaches today (the app's 消息, and their WeCom where it is connected).
      const required = draft.isRequired ? '必修' : '选修';
      await sendMessages(
        { tx },
        {
          to: { query: sql`select id from ${peopleOf(created.id)}` },
          title: `新的学习任务：${draft.trainTheme}`,
          body: `${material.name}（${required}）${draft.dueAt ? `，请在 ${draft.dueAt} 前完成` : ''}。`,
          link: STUDY_PAGE,
          category: 'training',
        },
      );
      await recordAudit(tx, {
        actor: caller,
        action: 'material.assign',
        subject: { type: 'material', id: material.id },
        after: {
          name: material.name,
          trainTheme: draft.trainTheme,
          audience: describeAudience(draft.audience),
          dueAt: draft.dueAt ?? null,
          isRequired: draft.isRequired,
        },
        requestId,
      });
      return created;
    },
  );
};

/**
 * Whether an employee (row `employees`) finished the material of assignment row `a` (`m` its material, `sa` their
 * study item): a video of known length by the share watched, anything else by time studied (training's rule).
 */
const FINISHED = sql`(sa.id is not null and case
  when m.kind = 'video' and coalesce(m.duration_seconds, 0) > 0
    then sa.covered_seconds >= ${STUDIED_COVERAGE} * m.duration_seconds
  else sa.studied_ms >= 1000 end)`;

/** The audience of assignment `id` today with each one's standing, as rows of a subquery named `people`. */
const peopleOf = (id: number, bu?: string) => sql`(
  select ${employees.id} as id, ${employees.empNo} as emp_no, ${employees.name} as name, ${employees.bu} as bu,
         ${employees.deptName} as dept_name, ${employees.teamName} as team_name,
         coalesce(sa.studied_ms, 0) as studied_ms,
         case when m.kind = 'video' and coalesce(m.duration_seconds, 0) > 0
              then least(1, coalesce(sa.covered_seconds, 0) / m.duration_seconds) end as coverage,
         case when ${FINISHED} then 'done'
              when a.due_at is not null and a.due_at < now() then 'overdue'
              else 'pending' end as standing
  from ${materialAssignments} a
  join ${trainingMaterials} m on m.id = a.material_id
  join ${employees} on ${employees.leftOn} is null and ${audienceIncludes(audienceOfAlias('a'))}
  left join study_assignments sa on sa.employee_id = ${employees.id} and sa.material_id = a.material_id
  where a.id = ${id} ${bu ? sql`and ${employees.bu} = ${bu}` : sql``}
) people`;

/** The ids of an assignment's audience who have not finished it: whom a reminder goes to. */
const notFinishedOf = (id: number) => sql`select id from ${peopleOf(id)} where standing <> 'done'`;

const author = alias(employees, 'author');

export const listAssignments = async (
  db: Db,
  caller: Caller,
  filter: { materialId?: number; page: number; pageSize: number },
): Promise<{ rows: AssignmentRow[]; totalCount: number }> => {
  requirePlantAdmin(caller);
  if (filter.materialId !== undefined) {
    const [material] = await db
      .select({ bu: trainingMaterials.bu })
      .from(trainingMaterials)
      .where(eq(trainingMaterials.id, filter.materialId));
    if (!material || !mayManageMaterial(caller, material.bu)) throw new BusinessError('MATERIAL_NOT_FOUND');
  }
  const rows = await db
    .select({
      id: materialAssignments.id,
      materialId: materialAssignments.materialId,
      materialName: trainingMaterials.name,
      trainTheme: materialAssignments.trainTheme,
      ...storedAudienceColumns(materialAssignments),
      dueAt: shanghaiTime(materialAssignments.dueAt),
      isRequired: materialAssignments.isRequired,
      isWithdrawn: sql<boolean>`${materialAssignments.withdrawnAt} is not null`,
      authorName: sql<string>`coalesce(${author.name}, '')`,
      createdAt: shanghaiTime(materialAssignments.createdAt),
      remindedAt: shanghaiTime(materialAssignments.remindedAt),
      total: totalOver(),
    })
    .from(materialAssignments)
    .innerJoin(trainingMaterials, eq(trainingMaterials.id, materialAssignments.materialId))
    .leftJoin(author, eq(author.id, materialAssignments.createdBy))
    .where(
      and(
        managedBy(caller),
        filter.materialId === undefined ? undefined : eq(materialAssignments.materialId, filter.materialId),
      ),
    )
    .orderBy(desc(materialAssignments.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const listed: AssignmentRow[] = [];
  for (const { total: _total, ...selected } of rows) {
    const { audience, rest: row } = splitAudience(selected);
    const [counts] = (
      await db.execute(sql`
        select count(*)::int as audience, count(*) filter (where standing = 'done')::int as done,
               count(*) filter (where standing = 'overdue')::int as overdue
        from ${peopleOf(row.id)}`)
    ).rows as { audience: number; done: number; overdue: number }[];
    listed.push({
      ...row,
      audience: describeAudience(await audienceRuleOf(db, audience)),
      audienceCount: counts?.audience ?? 0,
      doneCount: counts?.done ?? 0,
      overdueCount: counts?.overdue ?? 0,
    });
  }
  return { rows: listed, totalCount: rows[0]?.total ?? 0 };
};

/** The newest assignment of a plant's materials not withdrawn, as the dashboard names it; undefined when none. */
export const latestLiveAssignment = async (db: Db, caller: Caller, bu: string) => {
  requirePlantAdmin(caller, bu);
  const [row] = await db
    .select({
      id: materialAssignments.id,
      materialId: materialAssignments.materialId,
      materialName: trainingMaterials.name,
      trainTheme: materialAssignments.trainTheme,
      isRequired: materialAssignments.isRequired,
      dueAt: shanghaiTime(materialAssignments.dueAt),
    })
    .from(materialAssignments)
    .innerJoin(trainingMaterials, eq(trainingMaterials.id, materialAssignments.materialId))
    .where(and(eq(trainingMaterials.bu, bu), isNull(materialAssignments.withdrawnAt)))
    .orderBy(desc(materialAssignments.id))
    .limit(1);
  return row;
};

export const assignmentProgress = async (
  db: Db,
  caller: Caller,
  { id, bu }: { id: number; bu?: string },
): Promise<AssignmentProgress> => {
  requirePlantAdmin(caller, bu);
  await findManaged(db, caller, id);
  const groups = (
    await db.execute(sql`
      select bu, dept_name as "deptName", count(*)::int as "audienceCount",
             count(*) filter (where standing = 'done')::int as "doneCount",
             count(*) filter (where standing = 'overdue')::int as "overdueCount"
      from ${peopleOf(id, bu)} group by bu, dept_name order by bu, dept_name`)
  ).rows as AssignmentProgress['groups'];
  return {
    audienceCount: groups.reduce((sum, group) => sum + group.audienceCount, 0),
    doneCount: groups.reduce((sum, group) => sum + group.doneCount, 0),
    overdueCount: groups.reduce((sum, group) => sum + group.overdueCount, 0),
    groups,
  };
};

type PersonRow = {
  emp_no: string;
  name: string;
  bu: string;
  dept_name: string;
  team_name: string;
  standing: StudyStanding;
  studied_ms: string | number;
  coverage: string | number | null;
  total: number;
};

const personOf = (row: PersonRow): ProgressPerson => ({
  empNo: row.emp_no,
  name: row.name,
  bu: row.bu,
  deptName: row.dept_name,
  teamName: row.team_name,
  standing: row.standing,
  studiedMinutes: Math.floor(Number(row.studied_ms) / 60_000),
  coverage: row.coverage === null ? null : Math.round(Number(row.coverage) * 1000) / 1000,
});

export const assignmentPeople = async (
  db: Db,
  caller: Caller,
  filter: { id: number; bu?: string; standing: StudyStanding; page: number; pageSize: number },
): Promise<{ rows: ProgressPerson[]; totalCount: number }> => {
  requirePlantAdmin(caller, filter.bu);
  await findManaged(db, caller, filter.id);
  const rows = (
    await db.execute(sql`
      select *, count(*) over ()::int as total from ${peopleOf(filter.id, filter.bu)}
      where standing = ${filter.standing}
      order by bu, dept_name, emp_no
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`)
  ).rows as PersonRow[];
  return { rows: rows.map(personOf), totalCount: rows[0]?.total ?? 0 };
};

export const exportAssignmentProgress = async (db: Db, caller: Caller, { id, bu }: { id: number; bu?: string }) => {
  requirePlantAdmin(caller, bu);
  const assignment = await findManaged(db, caller, id);
  const rows = (
    await db.execute(sql`
      select *, 0 as total from ${peopleOf(id, bu)} order by bu, dept_name, emp_no limit ${MAX_EXPORT_PEOPLE + 1}`)
  ).rows as PersonRow[];
  if (rows.length > MAX_EXPORT_PEOPLE) throw new BusinessError('EXPORT_TOO_LARGE', { max: MAX_EXPORT_PEOPLE });
  const people = rows.map(personOf);
  return {
    fileName: `学习情况-${assignment.materialName}${bu ? `-${bu}` : ''}.xlsx`,
    contentBase64: textWorkbookBase64('学习情况', [
      ['工号', '姓名', '厂区', '部门', '班组', '状态', '已学习（分钟）', '视频完成度'],
      ...people.map((person) => [
        person.empNo,
        person.name,
        person.bu,
        person.deptName,
        person.teamName,
        STUDY_STANDING_LABELS[person.standing],
        String(person.studiedMinutes),
        person.coverage === null ? '' : `${Math.round(person.coverage * 100)}%`,
      ]),
    ]),
  };
};

/** The one reminder: a message to each of the audience who has not finished, written with the assignment's mark. */
export const remindAssignment = async (
  { db, notifier }: { db: Db; notifier: Notifier },
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  const assignment = await findManaged(db, caller, id);
  if (assignment.withdrawnAt) throw new BusinessError('ASSIGNMENT_NOT_FOUND');
  if (assignment.remindedAt) throw new BusinessError('ASSIGNMENT_ALREADY_REMINDED');
  const title = `请完成学习：${assignment.materialName}`;
  const body = `培训主题：${assignment.trainTheme}${assignment.dueAt ? `，请于 ${assignment.dueAt} 前完成` : ''}。`;
  const reminded = await withTransaction(db, async (tx, afterCommit) => {
    const [marked] = await tx
      .update(materialAssignments)
      .set({ remindedAt: sql`now()` })
      .where(and(eq(materialAssignments.id, id), sql`${materialAssignments.remindedAt} is null`))
      .returning({ id: materialAssignments.id });
    if (!marked) throw new BusinessError('ASSIGNMENT_ALREADY_REMINDED');
    const employeeIds = await sendMessages(
      { tx },
      { to: { query: notFinishedOf(id) }, title, body, link: STUDY_PAGE, category: 'training' },
    );
    await recordAudit(tx, {
      actor: caller,
      action: 'material.remind',
      subject: { type: 'material', id: assignment.materialId },
      after: { trainTheme: assignment.trainTheme, employees: employeeIds.length },
      requestId,
    });
    afterCommit(() => announceMessages(notifier, { employeeIds, kind: 'messages', content: title }), 'announce');
    return employeeIds.length;
  });
  return reminded;
};

export const withdrawAssignment = async (
  db: Db,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  const assignment = await findManaged(db, caller, id);
  await withTransaction(db, async (tx) => {
    await tx
      .update(materialAssignments)
      .set({ withdrawnAt: sql`coalesce(${materialAssignments.withdrawnAt}, now())` })
      .where(eq(materialAssignments.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'material.unassign',
      subject: { type: 'material', id: assignment.materialId },
      before: { trainTheme: assignment.trainTheme },
      requestId,
    });
  });
};

/**
 * The day before an assignment is due: a message to each of its audience who has not finished, once (the job
 * training-reminders, every morning). Answers how many were told.
 */
export const remindDueTomorrow = async (db: Db) => {
  const { rows: due } = await db.execute<{ id: number; theme: string; due: string }>(sql`
    update ${materialAssignments} set due_reminded_at = now()
    where withdrawn_at is null and due_reminded_at is null
      and due_at >= ${SHANGHAI_TOMORROW.from} and due_at < ${SHANGHAI_TOMORROW.to}
    returning id, train_theme as theme, ${shanghaiTime(materialAssignments.dueAt)} as due`);
  let told = 0;
  for (const assignment of due) {
    const reached = await sendMessages(
      { tx: db },
      {
        to: { query: notFinishedOf(assignment.id) },
        title: `学习任务明天截止：${assignment.theme}`,
        body: `请在 ${assignment.due} 前完成。`,
        link: STUDY_PAGE,
        category: 'training',
      },
    );
    told += reached.length;
  }
  return told;
};
