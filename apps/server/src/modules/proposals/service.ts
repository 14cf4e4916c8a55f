// Proposals from the two public forms: the departments and teams they offer, each submission (anonymous, or the
// signed-in employee's own) checked against the plant's lists and stored with its plant, status and audit row;
// what the submitter reads back; HR's list, decision and export, scoped to the plants it administers.

import type { improveProposalForm, studyProposalForm } from '@ess/contract/proposals';
import {
  type ImproveProposalForm,
  improveDeptPlantsOf,
  type MyProposal,
  PROPOSAL_KIND_WORDS,
  PROPOSAL_STATUS_WORDS,
  type ProposalKind,
  type ProposalRow,
  type ProposalStatus,
  type StudyProposalForm,
} from '@ess/contract/proposals';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { auditCreated } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Notifier } from '../../core/notifier';
import {
  type InboxItem,
  inboxColumns,
  inboxOrder,
  inboxWhere,
  inboxWorkOf,
  joinAssignee,
  MAX_EXPORT_ROWS,
  type SubmissionFilter,
  setSubmissionStatus,
  toCsv,
} from '../../core/submissions';
import type { Db } from '../../db/client';
import { departments, employees, proposals, teams } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { attachSubmissionFile, filePathOf } from '../files/service';

type ImproveForm = z.output<typeof improveProposalForm>;
type StudyForm = z.output<typeof studyProposalForm>;

export type { ImproveProposalForm, StudyProposalForm };

export const listDepartments = (db: Db, { plants, level }: { plants: readonly string[]; level?: number }) =>
  db
    .select({ deptNo: departments.deptNo, deptName: departments.name, bu: departments.bu })
    .from(departments)
    .where(
      and(
        inArray(departments.bu, [...plants]),
        eq(departments.isActive, true),
        level === undefined ? undefined : eq(departments.level, level),
      ),
    )
    // The plant asked for first, then the others it takes in (NT: GT, NY).
    .orderBy(sql`${departments.bu} <> ${plants[0] ?? ''}`, asc(departments.bu), asc(departments.sort));

export const listTeams = (db: Db, plants: readonly string[]) =>
  db
    .select({ teamNo: teams.teamNo, teamName: teams.name, bu: teams.bu })
    .from(teams)
    .where(and(inArray(teams.bu, [...plants]), eq(teams.isActive, true)))
    .orderBy(sql`${teams.bu} <> ${plants[0] ?? ''}`, asc(teams.bu), asc(teams.sort));

/** Refuses a department or team that is not one the form offered for the plant. */
const requireOffered = async (
  tx: Executor,
  {
    table,
    plants,
    value,
    field,
  }: { table: 'departments' | 'teams'; plants: readonly string[]; value: string; field: string },
) => {
  const found =
    table === 'departments'
      ? await tx
          .select({ key: departments.deptNo })
          .from(departments)
          .where(
            and(eq(departments.deptNo, value), inArray(departments.bu, [...plants]), eq(departments.isActive, true)),
          )
      : await tx
          .select({ key: teams.teamNo })
          .from(teams)
          .where(and(eq(teams.teamNo, value), inArray(teams.bu, [...plants]), eq(teams.isActive, true)));
  if (found.length === 0) throw new BusinessError('DICTIONARY_VALUE_UNKNOWN', { field });
};

type SubmitInput<F> = { db: Db; caller: Caller | undefined; form: F; requestId: string };

const storeProposal = async (
  tx: Executor,
  {
    caller,
    values,
    filePath,
    requestId,
  }: {
    caller: Caller | undefined;
    values: Omit<typeof proposals.$inferInsert, 'submittedBy' | 'fileId'>;
    filePath: string | undefined;
    requestId: string;
  },
) => {
  const fileId = filePath ? await attachSubmissionFile(tx, { path: filePath, upType: 'PROPOSAL', caller }) : null;
  const row = { ...values, submittedBy: caller?.id ?? null, fileId };
  const [created] = await tx.insert(proposals).values(row).returning({ id: proposals.id });
  return auditCreated(tx, created, {
    actor: caller,
    action: 'proposal.submit',
    subjectType: 'proposal',
    after: row,
    requestId,
  });
};

/**
 * TrainMaterial/ModifyProposalImproveDetail. Signed in, the name and number are the caller's own whatever the
 * form said (identity comes from the token); anonymous, they are kept as typed.
 */
export const submitImproveProposal = ({ db, caller, form, requestId }: SubmitInput<ImproveForm>) =>
  withTransaction(db, async (tx) => {
    const plants = improveDeptPlantsOf(form.Bu);
    await requireOffered(tx, { table: 'departments', plants, value: form.ImproveDept, field: '提案部门' });
    await requireOffered(tx, { table: 'teams', plants, value: form.TeamNo, field: '班组' });
    await requireOffered(tx, { table: 'departments', plants, value: form.AssistDept, field: '协助部门' });
    const own = caller
      ? (await tx.select({ name: employees.name }).from(employees).where(eq(employees.id, caller.id)))[0]
      : undefined;
    return storeProposal(tx, {
      caller,
      requestId,
      filePath: form.FilePath,
      values: {
        kind: 'IMPROVE',
        bu: form.Bu,
        title: form.ImproveName,
        deptNo: form.ImproveDept,
        teamNo: form.TeamNo,
        assistDeptNo: form.AssistDept,
        empName: own?.name ?? form.ImproveEmpName,
        empNo: caller?.empNo ?? form.ImproveEmpNo,
        imageNo: form.ImageNo,
        detail: form.ImproveDetail,
        suggestion: form.ImproveSuggest,
      },
    });
  });

/** ToolSysCollection/AddProposalStudy: a rectification names the department it is for; a learning proposal none. */
export const submitStudyProposal = ({ db, caller, form, requestId }: SubmitInput<StudyForm>) =>
  withTransaction(db, async (tx) => {
    const isAdjust = form.ProposalType === 'ADJUST';
    if (isAdjust && form.DeptNo) {
      await requireOffered(tx, { table: 'departments', plants: [form.Bu], value: form.DeptNo, field: '整改部门' });
    }
    return storeProposal(tx, {
      caller,
      requestId,
      filePath: form.FilePath,
      values: {
        kind: form.ProposalType,
        bu: form.Bu,
        deptNo: isAdjust ? (form.DeptNo ?? '') : '',
        classType: form.ClassType,
        empName: form.Presenter,
        empNo: caller?.empNo ?? '',
        workNo: form.WorkNo,
        detail: form.QuestionDesc,
        suggestion: form.SuggestDesc,
      },
    });
  });

const titleOf = sql<string>`case when ${proposals.title} <> '' then ${proposals.title} else left(${proposals.detail}, 30) end`;

/** The signed-in employee's own proposals, newest first (/user/my-option). */
export const getMyProposals = async (
  db: Db,
  caller: Caller,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: MyProposal[]; totalCount: number }> => {
  const mine = eq(proposals.submittedBy, caller.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: proposals.id,
        kind: proposals.kind,
        title: titleOf,
        bu: proposals.bu,
        status: proposals.status,
        createdAt: shanghaiTime(proposals.createdAt),
        answer: proposals.answer,
      })
      .from(proposals)
      .where(mine)
      .orderBy(desc(proposals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(proposals).where(mine),
  ]);
  return { rows: rows as MyProposal[], totalCount: total?.n ?? 0 };
};

const dept = alias(departments, 'dept');
const assistDept = alias(departments, 'assist_dept');
const submitter = alias(employees, 'submitter');

/** A proposal waits until its status first leaves 待处理. */
export const PROPOSAL_ITEM: InboxItem = {
  bu: proposals.bu,
  createdAt: proposals.createdAt,
  assignedTo: proposals.assignedTo,
  isHandled: sql`${proposals.status} <> 'SUBMITTED'`,
  handledAt: proposals.decidedAt,
};

const hrColumns = {
  id: proposals.id,
  kind: proposals.kind,
  bu: proposals.bu,
  status: proposals.status,
  title: titleOf,
  deptName: sql<string>`coalesce(${dept.name}, '')`,
  teamName: sql<string>`coalesce(${teams.name}, '')`,
  assistDeptName: sql<string>`coalesce(${assistDept.name}, '')`,
  empName: proposals.empName,
  empNo: proposals.empNo,
  classType: proposals.classType,
  workNo: proposals.workNo,
  imageNo: proposals.imageNo,
  detail: proposals.detail,
  suggestion: proposals.suggestion,
  fileId: proposals.fileId,
  submittedByEmpNo: sql<string>`coalesce(${submitter.empNo}, '')`,
  createdAt: shanghaiTime(proposals.createdAt),
  answer: proposals.answer,
  ...inboxColumns(PROPOSAL_ITEM),
};

export type ProposalFilter = SubmissionFilter & { kind?: ProposalKind; status?: ProposalStatus; overdueDays: number };

const proposalWhere = (caller: Caller, filter: ProposalFilter): SQL | undefined =>
  and(
    inboxWhere(PROPOSAL_ITEM, caller, filter, filter.overdueDays),
    filter.kind ? eq(proposals.kind, filter.kind) : undefined,
    filter.status ? eq(proposals.status, filter.status) : undefined,
  );

const selectProposals = (db: Db, where: SQL | undefined) =>
  db
    .select(hrColumns)
    .from(proposals)
    .leftJoin(dept, eq(dept.deptNo, proposals.deptNo))
    .leftJoin(assistDept, eq(assistDept.deptNo, proposals.assistDeptNo))
    .leftJoin(teams, eq(teams.teamNo, proposals.teamNo))
    .leftJoin(submitter, eq(submitter.id, proposals.submittedBy))
    .leftJoin(...joinAssignee(PROPOSAL_ITEM))
    .where(where)
    .orderBy(...inboxOrder(PROPOSAL_ITEM, proposals.id))
    .$dynamic();

type SelectedProposal = Awaited<ReturnType<typeof selectProposals>>[number];

const rowOf = ({ fileId, ...row }: SelectedProposal, overdueDays: number): ProposalRow =>
  inboxWorkOf(
    {
      ...row,
      kind: row.kind as ProposalKind,
      status: row.status as ProposalStatus,
      filePath: fileId ? filePathOf(fileId) : null,
    },
    overdueDays,
  );

/** HR's list (Proposal/GetProposalList). */
export const listProposals = async (
  db: Db,
  caller: Caller,
  filter: ProposalFilter & { page: number; pageSize: number },
): Promise<{ rows: ProposalRow[]; totalCount: number }> => {
  const where = proposalWhere(caller, filter);
  const [rows, [total]] = await Promise.all([
    selectProposals(db, where)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(proposals).where(where),
  ]);
  return { rows: rows.map((row) => rowOf(row, filter.overdueDays)), totalCount: total?.n ?? 0 };
};

/** HR's decision on a proposal of a plant it administers; its signed-in submitter is told. */
export const setProposalStatus = (
  deps: { db: Db; notifier: Notifier },
  caller: Caller,
  change: { id: number; status: ProposalStatus; answer?: string; requestId: string },
) =>
  setSubmissionStatus(
    deps,
    caller,
    {
      table: proposals,
      subject: 'proposal',
      worker: proposals.submittedBy,
      title: '您的提案有了答复',
      statusWords: PROPOSAL_STATUS_WORDS,
      link: '/user/my-option?tab=proposals',
    },
    change,
  );

const PROPOSAL_CSV_HEADERS = [
  '编号',
  '类型',
  '工厂',
  '状态',
  '提交时间',
  '提案名称',
  '部门',
  '班组',
  '协助部门',
  '姓名',
  '工号',
  '类别',
  '工序',
  '图片编号',
  '内容',
  '建议',
  '附件',
  '提交账号',
  '等待天数',
  '处理人',
  '答复',
];

/** The filtered proposals as CSV (Excel-ready), at most MAX_EXPORT_ROWS. */
export const exportProposalsCsv = async (db: Db, caller: Caller, filter: ProposalFilter, origin: string) => {
  const where = proposalWhere(caller, filter);
  const rows = (await selectProposals(db, where).limit(MAX_EXPORT_ROWS)).map((row) => rowOf(row, filter.overdueDays));
  return toCsv(
    PROPOSAL_CSV_HEADERS,
    rows.map((row) => [
      row.id,
      PROPOSAL_KIND_WORDS[row.kind],
      row.bu,
      PROPOSAL_STATUS_WORDS[row.status],
      row.createdAt,
      row.title,
      row.deptName,
      row.teamName,
      row.assistDeptName,
      row.empName,
      row.empNo,
      row.classType,
      row.workNo,
      row.imageNo,
      row.detail,
      row.suggestion,
      row.filePath ? `${origin}${row.filePath}` : '',
      row.submittedByEmpNo,
      row.waitedDays,
      row.assigneeName ?? '',
      row.answer,
    ]),
  );
};
