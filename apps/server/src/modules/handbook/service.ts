// 员工手册 and 入职指引 as versions: HR publishes a PDF with a label, an effective date and its plants (none: the whole
// company, a SysAdmin's choice), and may withdraw a version published by mistake, so the one before is current again.
// The current version for an employee is the latest (effective date, then id) whose date has come on China's
// calendar and whose plants include theirs; with none, the handbook the app ships is read and the employee's own flag
// (employees.app_read_status) says whether they confirmed it, as before versions existed. Employees accept each
// handbook version once (one row with its time); HR reads the rate per plant and department, who has not accepted,
// and an .xlsx of every employee's acceptance. Every console call is scoped to the caller's plants: another plant's
// version is as absent as none.
import { createHash } from 'node:crypto';
import {
  type AcceptanceSummary,
  type CurrentHandbook,
  type DocumentKind,
  type HandbookVersion,
  handbookPdfPath,
  MAX_HANDBOOK_PDF_MB,
  type PendingEmployee,
  type VersionState,
} from '@ess/contract/handbook';
import { PLANTS } from '@ess/contract/plants';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../core/audit';
import { type Caller, hasRole, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { recallMessages, sendMessages } from '../../core/messages';
import type { Db } from '../../db/client';
import { employees, handbookAcceptances, handbookFileParts, handbookVersions } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, repeatInTransactions, withTransaction } from '../../db/transaction';
import { MAX_EXPORT_PEOPLE, textWorkbookBase64 } from '../../lib/text-workbook';
import { checkPdf } from './pdf-check';

export const MAX_PDF_BYTES = MAX_HANDBOOK_PDF_MB * 1024 * 1024;
/** A statement per part: between them the event loop answers the other calls (as an import's file). */
const PART_BYTES = 1024 * 1024;

const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;
const v = handbookVersions;

/** Versions of the kind whose date has come and that were not withdrawn, for the plant. */
const liveFor = (kind: DocumentKind, bu: string) =>
  and(
    eq(v.kind, kind),
    isNull(v.withdrawnAt),
    sql`${v.effectiveDate} <= ${TODAY}`,
    sql`(cardinality(${v.plants}) = 0 or ${bu} = any(${v.plants}))`,
  );

/** The current version of a kind for a plant, if any. */
export const currentVersionOf = async (db: Executor, kind: DocumentKind, bu: string) => {
  const [row] = await db
    .select({ id: v.id, label: v.label, effectiveDate: v.effectiveDate })
    .from(v)
    .where(liveFor(kind, bu))
    .orderBy(desc(v.effectiveDate), desc(v.id))
    .limit(1);
  return row;
};

const toCurrent = (row: { id: number; label: string; effectiveDate: string }): CurrentHandbook => ({
  id: row.id,
  label: row.label,
  effectiveDate: row.effectiveDate,
  url: handbookPdfPath(row.id),
});

export type HandbookStatus = { appReadStatus: 'Y' | 'N'; handbook: CurrentHandbook | null };

/**
 * The spec's appReadStatus: Y when the employee has accepted the handbook version current for their plant, with that
 * version; without one, their own flag for the handbook the app ships. One statement (it runs at every sign-in).
 */
export const handbookStatusOf = async (
  db: Executor,
  employee: { id: number; bu: string; appReadStatus: string },
): Promise<HandbookStatus> => {
  const [row] = await db
    .select({
      id: v.id,
      label: v.label,
      effectiveDate: v.effectiveDate,
      isAccepted: sql<boolean>`exists (select 1 from ${handbookAcceptances} a
        where a.version_id = ${v.id} and a.employee_id = ${employee.id})`,
    })
    .from(v)
    .where(liveFor('handbook', employee.bu))
    .orderBy(desc(v.effectiveDate), desc(v.id))
    .limit(1);
  if (!row) return { appReadStatus: employee.appReadStatus === 'Y' ? 'Y' : 'N', handbook: null };
  return { appReadStatus: row.isAccepted ? 'Y' : 'N', handbook: toCurrent(row) };
};

/**
 * Home/ModifyReadStatus: the caller accepts the handbook version current for their plant, once (a second acceptance
 * changes nothing), with an audit row about them. `versionId` is the version their screen showed: when another one is
 * current by now, the acceptance is refused and they are asked to read the new one.
 */
export const acceptHandbook = (
  db: Db,
  caller: Caller,
  { versionId, requestId }: { versionId: number | undefined; requestId: string },
) =>
  withTransaction(db, async (tx) => {
    // The plant as it is now (HR may have transferred the employee since the token was issued).
    const [employee] = await tx
      .select({ bu: employees.bu, appReadStatus: employees.appReadStatus })
      .from(employees)
      .where(eq(employees.id, caller.id));
    if (!employee) throw new BusinessError('EMPLOYEE_NOT_FOUND');
    const current = await currentVersionOf(tx, 'handbook', employee.bu);
    if (versionId !== undefined && versionId !== current?.id) throw new BusinessError('HANDBOOK_CHANGED');
    // The flag stays the record of the shipped handbook, for a plant whose versions are all withdrawn one day.
    if (employee.appReadStatus !== 'Y') {
      await tx.update(employees).set({ appReadStatus: 'Y' }).where(eq(employees.id, caller.id));
    }
    const [accepted] = current
      ? await tx
          .insert(handbookAcceptances)
          .values({ versionId: current.id, employeeId: caller.id })
          .onConflictDoNothing()
          .returning({ acceptedAt: shanghaiTime(handbookAcceptances.acceptedAt) })
      : [];
    if (!accepted && employee.appReadStatus === 'Y') return;
    await recordAudit(tx, {
      actor: caller,
      action: 'handbook.accept',
      subject: { type: 'employee', id: caller.id },
      after: current
        ? { versionId: current.id, label: current.label, effectiveDate: current.effectiveDate, ...accepted }
        : { appReadStatus: 'Y' },
      requestId,
    });
  });

// ——— Publishing ———

const isCalendarDate = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

export type NewVersion = {
  kind: DocumentKind;
  label: string;
  effectiveDate: string;
  /** Empty: the whole company. */
  plants: string[];
  fileName: string;
  bytes: Buffer;
  requestId: string;
};

/**
 * Stores a version, its PDF and its audit row in one transaction, after checking the PDF by its content. The console's
 * upload checks the caller's plants first; the demo seed publishes its first versions through here as the system.
 */
export const publishVersion = async (db: Db, { actor, ...input }: NewVersion & { actor: Caller | undefined }) => {
  const { bytes } = input;
  if (bytes.length > MAX_PDF_BYTES) throw new BusinessError('UPLOAD_TOO_LARGE', { max: MAX_HANDBOOK_PDF_MB });
  checkPdf(bytes);
  if (!isCalendarDate(input.effectiveDate)) throw new BusinessError('INVALID_INPUT', { detail: '生效日期无效' });
  const plants = PLANTS.filter((plant) => input.plants.includes(plant));
  const fileName = input.fileName.slice(0, 255) || `${input.label}.pdf`;
  return withTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(v)
      .values({
        kind: input.kind,
        label: input.label,
        effectiveDate: input.effectiveDate,
        plants,
        fileName,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: actor?.id ?? null,
      })
      .returning({ id: v.id });
    const id = created?.id as number;
    for (let part = 0; part * PART_BYTES < bytes.length; part++) {
      const piece = bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
      await tx.insert(handbookFileParts).values({ versionId: id, part, bytes: piece });
    }
    // In effect today: those it concerns hear of it with the publish; a later date is the background's.
    await announceIfInEffect(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'handbook.publish',
      subject: { type: 'handbook-version', id },
      after: {
        kind: input.kind,
        label: input.label,
        effectiveDate: input.effectiveDate,
        plants,
        fileName,
        size: bytes.length,
      },
      requestId: input.requestId,
    });
    return { id };
  });
};

/** Handbook/UploadVersion: for plants the caller administers, or (a SysAdmin only) for the whole company. */
export const uploadVersion = async (db: Db, caller: Caller, input: NewVersion) => {
  requirePlantAdmin(caller);
  if (input.plants.length === 0 && !hasRole(caller, 'SysAdmin')) throw new BusinessError('HANDBOOK_WHOLE_COMPANY');
  for (const plant of input.plants) requirePlantAdmin(caller, plant);
  return publishVersion(db, { ...input, actor: caller });
};

type VersionRow = typeof handbookVersions.$inferSelect;

/** Whether a version concerns the caller's plants (a company-wide one concerns every plant). */
const concernsCaller = (caller: Caller, row: Pick<VersionRow, 'plants'>) =>
  row.plants.length === 0 ? caller.adminPlants.size > 0 : row.plants.some((plant) => caller.adminPlants.has(plant));

/** The caller may withdraw it: every plant of it is theirs; a company-wide version is a SysAdmin's. */
const mayManage = (caller: Caller, row: Pick<VersionRow, 'plants'>) =>
  row.plants.length === 0 ? hasRole(caller, 'SysAdmin') : row.plants.every((plant) => caller.adminPlants.has(plant));

/** Handbook/WithdrawVersion: the version stops being current at once; acceptances of it are kept. */
export const withdrawVersion = async (
  db: Db,
  caller: Caller,
  { id, reason, requestId }: { id: number; reason: string; requestId: string },
) => {
  requirePlantAdmin(caller);
  await withTransaction(db, async (tx) => {
    const [row] = await tx.select().from(v).where(eq(v.id, id)).for('update');
    if (!row || !concernsCaller(caller, row)) throw new BusinessError('HANDBOOK_VERSION_NOT_FOUND');
    if (!mayManage(caller, row)) throw new BusinessError('FORBIDDEN');
    if (row.withdrawnAt) throw new BusinessError('HANDBOOK_VERSION_WITHDRAWN');
    await tx
      .update(v)
      .set({ withdrawnAt: sql`now()`, withdrawnBy: caller.id, withdrawReason: reason })
      .where(eq(v.id, id));
    await recallMessages(tx, versionEventKey(id));
    await recordAudit(tx, {
      actor: caller,
      action: 'handbook.withdraw',
      subject: { type: 'handbook-version', id },
      before: { kind: row.kind, label: row.label, effectiveDate: row.effectiveDate, plants: row.plants },
      after: { status: 'withdrawn', withdrawReason: reason },
      requestId,
    });
  });
};

// ——— Telling employees of a new version ———

/** The event a version's messages tell of: withdrawing it recalls their WeCom cards. */
const versionEventKey = (id: number) => `handbook-version:${id}`;

/**
 * Messages everyone a handbook version in effect concerns (its plants, leavers left out) for whom it is the current
 * one and who has not accepted it: 请阅读并确认. A guide (入职指引) asks nothing of anyone and tells no one. Kept in
 * 消息 as read: the app asks for the acceptance itself. Answers whether the version was announced now.
 */
const announceIfInEffect = async (tx: Executor, id: number) => {
  const { rows } = await tx.execute<{ id: number; label: string; kind: string }>(sql`
    update ${v} set announced_at = now()
    where id = ${id} and announced_at is null and withdrawn_at is null and effective_date <= ${TODAY}
    returning id, label, kind`);
  const [version] = rows;
  if (!version) return false;
  if (version.kind !== 'handbook') return true;
  await sendMessages(
    { tx },
    {
      to: {
        // For whom a later version (by date, then id) in effect for their plant is current, this one is not.
        query: sql`
          select e.id from ${employees} e join ${v} on ${v.id} = ${id}
          where e.left_on is null and (cardinality(${v.plants}) = 0 or e.bu = any(${v.plants}))
            and not exists (select 1 from ${handbookAcceptances} a where a.version_id = ${id} and a.employee_id = e.id)
            and not exists (
              select 1 from ${v} newer where newer.kind = 'handbook' and newer.withdrawn_at is null
                and newer.effective_date <= ${TODAY} and (cardinality(newer.plants) = 0 or e.bu = any(newer.plants))
                and (newer.effective_date, newer.id) > (${v.effectiveDate}, ${v.id}))`,
      },
      title: `员工手册已更新（${version.label}），请阅读并确认`,
      link: '/train/emp-handbook',
      eventKey: versionEventKey(id),
      isShownInApp: true,
    },
  );
  return true;
};

/** The versions whose effective date has come since they were published, one per transaction (the minute job's). */
export const announceDueVersions = (db: Db) =>
  repeatInTransactions(db, async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      select id from ${v} where announced_at is null and withdrawn_at is null and effective_date <= ${TODAY}
      order by effective_date, id limit 1 for update skip locked`);
    const [due] = rows;
    return due ? announceIfInEffect(tx, due.id) : false;
  });

// ——— The console's lists ———

const uploader = alias(employees, 'uploader');
const withdrawer = alias(employees, 'withdrawer');
const personOf = (name: string | null, empNo: string | null) => (name ? `${name}（${empNo}）` : '');

/**
 * Handbook/GetVersions: every version of the kind that concerns the caller's plants (or the one plant asked), newest
 * first, each with its state as those plants see it.
 */
export const listVersions = async (
  db: Db,
  caller: Caller,
  { kind, bu }: { kind: DocumentKind; bu?: string },
): Promise<HandbookVersion[]> => {
  requirePlantAdmin(caller, bu);
  const plants = bu ? [bu] : [...caller.adminPlants];
  if (plants.length === 0) return [];
  const rows = await db
    .select({
      row: v,
      uploaderName: uploader.name,
      uploaderEmpNo: uploader.empNo,
      withdrawerName: withdrawer.name,
      withdrawerEmpNo: withdrawer.empNo,
      uploadedAt: shanghaiTime(v.uploadedAt),
      withdrawnAt: shanghaiTime(v.withdrawnAt),
      today: sql<string>`to_char(${TODAY}, 'YYYY-MM-DD')`,
    })
    .from(v)
    .leftJoin(uploader, eq(uploader.id, v.uploadedBy))
    .leftJoin(withdrawer, eq(withdrawer.id, v.withdrawnBy))
    .where(
      and(
        eq(v.kind, kind),
        sql`(cardinality(${v.plants}) = 0 or ${v.plants} && array[${sql.join(
          plants.map((plant) => sql`${plant}`),
          sql`, `,
        )}]::text[])`,
      ),
    )
    .orderBy(desc(v.effectiveDate), desc(v.id));
  const today = rows[0]?.today ?? '';
  const isLive = (row: VersionRow) => row.withdrawnAt === null && row.effectiveDate <= today;
  // Rows are newest first: a plant's current version is the first live one that reaches it.
  const currentOf = new Map<string, number>();
  for (const plant of plants) {
    const found = rows.find(({ row }) => isLive(row) && (row.plants.length === 0 || row.plants.includes(plant)));
    if (found) currentOf.set(plant, found.row.id);
  }
  return rows.map(({ row, ...joined }) => {
    const currentPlants = plants.filter((plant) => currentOf.get(plant) === row.id);
    const state: VersionState = row.withdrawnAt
      ? 'withdrawn'
      : row.effectiveDate > today
        ? 'scheduled'
        : currentPlants.length > 0
          ? 'current'
          : 'superseded';
    return {
      id: row.id,
      kind: row.kind as DocumentKind,
      label: row.label,
      effectiveDate: row.effectiveDate,
      plants: row.plants,
      state,
      currentPlants,
      fileName: row.fileName,
      size: row.size,
      url: handbookPdfPath(row.id),
      uploadedBy: row.uploadedBy === null ? '系统' : personOf(joined.uploaderName, joined.uploaderEmpNo),
      uploadedAt: joined.uploadedAt,
      withdrawnBy: row.withdrawnAt ? personOf(joined.withdrawerName, joined.withdrawerEmpNo) : null,
      withdrawnAt: row.withdrawnAt ? joined.withdrawnAt : null,
      withdrawReason: row.withdrawReason,
    };
  });
};

/**
 * A handbook version the caller may read the acceptance of, and the plants counted: the version's (every plant for a
 * company-wide one) that the caller administers, or the one asked for.
 */
const acceptanceScope = async (db: Db, caller: Caller, { id, bu }: { id: number; bu?: string }) => {
  requirePlantAdmin(caller, bu);
  const [row] = await db.select({ kind: v.kind, label: v.label, plants: v.plants }).from(v).where(eq(v.id, id));
  if (!row || !concernsCaller(caller, row)) throw new BusinessError('HANDBOOK_VERSION_NOT_FOUND');
  if (row.kind !== 'handbook') throw new BusinessError('HANDBOOK_GUIDE_NO_ACCEPTANCE');
  const audience: readonly string[] = row.plants.length === 0 ? PLANTS : row.plants;
  if (bu && !audience.includes(bu)) throw new BusinessError('HANDBOOK_PLANT_OUTSIDE', { bu });
  const plants = bu ? [bu] : audience.filter((plant) => caller.adminPlants.has(plant));
  return { label: row.label, plants };
};

/** Employees of the plants who count: those not marked as left. */
const countedEmployees = (plants: string[], deptName?: string): SQL => {
  const conditions = [sql`e.bu in ${plants}`, sql`e.left_on is null`];
  if (deptName !== undefined) conditions.push(sql`e.dept_name = ${deptName}`);
  return sql.join(conditions, sql` and `);
};

/** Handbook/GetAcceptance: accepted N of M, per plant and department. */
export const getAcceptance = async (
  db: Db,
  caller: Caller,
  filter: { id: number; bu?: string },
): Promise<AcceptanceSummary> => {
  const { label, plants } = await acceptanceScope(db, caller, filter);
  const { rows } = await db.execute<{ bu: string; dept_name: string; employees: number; accepted: number }>(sql`
    select e.bu, e.dept_name, count(*)::int as employees, count(a.employee_id)::int as accepted
    from ${employees} e
    left join ${handbookAcceptances} a on a.version_id = ${filter.id} and a.employee_id = e.id
    where ${countedEmployees(plants)}
    group by e.bu, e.dept_name`);
  const order = (plant: string) => PLANTS.indexOf(plant as (typeof PLANTS)[number]);
  const groups = rows
    .map((row) => ({ bu: row.bu, deptName: row.dept_name, employees: row.employees, accepted: row.accepted }))
    .sort((a, b) => order(a.bu) - order(b.bu) || a.deptName.localeCompare(b.deptName, 'zh-CN'));
  return {
    id: filter.id,
    label,
    plants,
    employees: groups.reduce((sum, group) => sum + group.employees, 0),
    accepted: groups.reduce((sum, group) => sum + group.accepted, 0),
    groups,
  };
};

const notAccepted = (id: number) =>
  sql`not exists (select 1 from ${handbookAcceptances} a where a.version_id = ${id} and a.employee_id = e.id)`;

/** Handbook/GetPendingList: who has not accepted yet, by plant, department and number. */
export const listPending = async (
  db: Db,
  caller: Caller,
  filter: { id: number; bu?: string; deptName?: string; page: number; pageSize: number },
): Promise<{ rows: PendingEmployee[]; totalCount: number }> => {
  const { plants } = await acceptanceScope(db, caller, filter);
  const { rows } = await db.execute<PendingEmployee & { total: number }>(sql`
    select e.id, e.emp_no as "empNo", e.name, e.bu, e.dept_name as "deptName", count(*) over ()::int as total
    from ${employees} e
    where ${countedEmployees(plants, filter.deptName)} and ${notAccepted(filter.id)}
    order by e.bu, e.dept_name, e.emp_no
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`);
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 1) {
    const { rows: counted } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${employees} e
      where ${countedEmployees(plants, filter.deptName)} and ${notAccepted(filter.id)}`);
    totalCount = counted[0]?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), totalCount };
};

export const EXPORT_HEADERS = ['工号', '姓名', '厂区', '部门', '是否确认', '确认时间'];

/** Handbook/ExportAcceptance: every counted employee with whether and when they accepted, as a sheet. */
export const exportAcceptance = async (db: Db, caller: Caller, filter: { id: number; bu?: string }) => {
  const { label, plants } = await acceptanceScope(db, caller, filter);
  const { rows } = await db.execute<{
    emp_no: string;
    name: string;
    bu: string;
    dept_name: string;
    accepted_at: string | null;
  }>(sql`
    select e.emp_no, e.name, e.bu, e.dept_name,
           to_char(a.accepted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as accepted_at
    from ${employees} e
    left join ${handbookAcceptances} a on a.version_id = ${filter.id} and a.employee_id = e.id
    where ${countedEmployees(plants)}
    order by e.bu, e.dept_name, e.emp_no
    limit ${MAX_EXPORT_PEOPLE + 1}`);
  // A sheet is built in memory while the request waits: a whole company's is refused, a plant's fits.
  if (rows.length > MAX_EXPORT_PEOPLE) throw new BusinessError('EXPORT_TOO_LARGE', { max: MAX_EXPORT_PEOPLE });
  const aoa = [
    EXPORT_HEADERS,
    ...rows.map((row) => [
      row.emp_no,
      row.name,
      row.bu,
      row.dept_name,
      row.accepted_at ? '是' : '否',
      row.accepted_at ?? '',
    ]),
  ];
  const scope = filter.bu ? `-${filter.bu}` : '';
  return {
    fileName: `员工手册-${label}${scope}-确认情况.xlsx`,
    contentBase64: textWorkbookBase64('确认情况', aoa, [10, 10, 6, 14, 8, 20]),
  };
};

// ——— The PDFs ———

export type ReadablePdf = { id: number; size: number; etag: string };

/**
 * GET /api/handbook/<id>.pdf: to the HR of its plants (every version, in any state), and to the employees of its
 * plants once its date has come, unless withdrawn. Anyone else is told it is not there for them.
 */
export const findReadablePdf = async (db: Db, caller: Caller, id: number): Promise<ReadablePdf> => {
  const [row] = await db
    .select({
      plants: v.plants,
      size: v.size,
      sha256: v.sha256,
      isPublished: sql<boolean>`${v.withdrawnAt} is null and ${v.effectiveDate} <= ${TODAY}`,
      readerBu: sql<string | null>`(select e.bu from ${employees} e where e.id = ${caller.id})`,
    })
    .from(v)
    .where(eq(v.id, id));
  if (!row) throw new BusinessError('HANDBOOK_PDF_NOT_FOUND');
  const isHr = (hasRole(caller, 'HRAdmin') || hasRole(caller, 'SysAdmin')) && concernsCaller(caller, row);
  const isReader =
    row.isPublished && row.readerBu !== null && (row.plants.length === 0 || row.plants.includes(row.readerBu));
  if (!isHr && !isReader) throw new BusinessError('HANDBOOK_PDF_NOT_FOUND');
  return { id, size: row.size, etag: `"${row.sha256.slice(0, 32)}"` };
};

/** The bytes start…end (inclusive) of a version's PDF, a part's slice at a time. */
export async function* readPdfBytes(db: Db, id: number, { start, end }: { start: number; end: number }) {
  for (let part = Math.floor(start / PART_BYTES); part <= Math.floor(end / PART_BYTES); part++) {
    const from = Math.max(start, part * PART_BYTES) - part * PART_BYTES;
    const to = Math.min(end, (part + 1) * PART_BYTES - 1) - part * PART_BYTES;
    const [row] = await db
      .select({ bytes: sql<Buffer>`substring(${handbookFileParts.bytes} from ${from + 1} for ${to - from + 1})` })
      .from(handbookFileParts)
      .where(and(eq(handbookFileParts.versionId, id), eq(handbookFileParts.part, part)));
    if (!row) throw new Error(`part ${part} of handbook version ${id} is missing`);
    yield row.bytes;
  }
}

/** The onboarding guide version current for the caller's plant (as it is now), if HR published one. */
export const currentGuideFor = async (db: Db, caller: Caller) => {
  const [employee] = await db.select({ bu: employees.bu }).from(employees).where(eq(employees.id, caller.id));
  return employee ? currentVersionOf(db, 'guide', employee.bu) : undefined;
};
