// Referral recruitment: a candidate registers through an employee's link (public; the plant is the referrer's),
// the referrer sees their candidates with the name masked, HR lists, decides and exports them for its plants.
import {
  CANDIDATE_STATUS_WORDS,
  type CandidateRow,
  type CandidateStatus,
  type MyReferral,
  type registerForm,
} from '@ess/contract/recruitment';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
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
import { candidates, employees } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { withTransaction } from '../../db/transaction';
import { attachSubmissionFile, filePathOf } from '../files/service';

type RegisterForm = z.output<typeof registerForm>;

/** 张* / 欧阳** : the first character and a star for each of the others. */
export const maskName = (name: string) => {
  const characters = Array.from(name);
  return characters.length <= 1 ? `${characters[0] ?? ''}*` : `${characters[0]}${'*'.repeat(characters.length - 1)}`;
};

/** RecruitmentRegister/InsertRecruitmentRegister. */
export const registerCandidate = ({
  db,
  caller,
  form,
  requestId,
}: {
  db: Db;
  caller: Caller | undefined;
  form: RegisterForm;
  requestId: string;
}) =>
  withTransaction(db, async (tx) => {
    const [referrer] = await tx
      .select({ id: employees.id, bu: employees.bu })
      .from(employees)
      .where(eq(employees.empNo, form.ReferrerEmp));
    if (!referrer) throw new BusinessError('REFERRER_UNKNOWN');
    const fileId = await attachSubmissionFile(tx, { path: form.FilePath, upType: 'RESUME', caller });
    const row = {
      referrerId: referrer.id,
      bu: referrer.bu,
      name: form.UserName,
      age: form.UserAge,
      positionApply: form.PositionApply,
      fileId,
    };
    const [created] = await tx.insert(candidates).values(row).returning({ id: candidates.id });
    return auditCreated(tx, created, {
      actor: caller,
      action: 'candidate.register',
      subjectType: 'candidate',
      after: row,
      requestId,
    });
  });

/** The candidates registered through the caller's link, newest first (the share page). */
export const getMyReferrals = async (db: Db, caller: Caller): Promise<MyReferral[]> => {
  const rows = await db
    .select({
      id: candidates.id,
      name: candidates.name,
      positionApply: candidates.positionApply,
      createdAt: sql<string>`to_char(${candidates.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
      status: candidates.status,
      answer: candidates.answer,
    })
    .from(candidates)
    .where(eq(candidates.referrerId, caller.id))
    .orderBy(desc(candidates.id))
    .limit(100);
  return rows.map(({ name, ...row }) => ({
    ...row,
    maskedName: maskName(name),
    status: row.status as CandidateStatus,
  }));
};

const referrers = employees;

/** A candidate waits until HR first changes its status from 已登记. */
export const CANDIDATE_ITEM: InboxItem = {
  bu: candidates.bu,
  createdAt: candidates.createdAt,
  assignedTo: candidates.assignedTo,
  isHandled: sql`${candidates.status} <> 'REGISTERED'`,
  handledAt: candidates.decidedAt,
};

export type CandidateFilter = SubmissionFilter & { status?: CandidateStatus; overdueDays: number };

const candidateWhere = (caller: Caller, filter: CandidateFilter) =>
  and(
    inboxWhere(CANDIDATE_ITEM, caller, filter, filter.overdueDays),
    filter.status ? eq(candidates.status, filter.status) : undefined,
  );

const selectCandidates = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: candidates.id,
      bu: candidates.bu,
      userName: candidates.name,
      userAge: candidates.age,
      positionApply: candidates.positionApply,
      fileId: candidates.fileId,
      referrerEmpNo: referrers.empNo,
      referrerName: referrers.name,
      status: candidates.status,
      createdAt: shanghaiTime(candidates.createdAt),
      answer: candidates.answer,
      ...inboxColumns(CANDIDATE_ITEM),
    })
    .from(candidates)
    .innerJoin(referrers, eq(referrers.id, candidates.referrerId))
    .leftJoin(...joinAssignee(CANDIDATE_ITEM))
    .where(where)
    .orderBy(...inboxOrder(CANDIDATE_ITEM, candidates.id))
    .$dynamic();

type SelectedCandidate = Awaited<ReturnType<typeof selectCandidates>>[number];

const rowOf = ({ fileId, ...row }: SelectedCandidate, overdueDays: number): CandidateRow =>
  inboxWorkOf({ ...row, status: row.status as CandidateStatus, filePath: filePathOf(fileId) }, overdueDays);

export const listCandidates = async (
  db: Db,
  caller: Caller,
  filter: CandidateFilter & { page: number; pageSize: number },
): Promise<{ rows: CandidateRow[]; totalCount: number }> => {
  const where = candidateWhere(caller, filter);
  const [rows, [total]] = await Promise.all([
    selectCandidates(db, where)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(candidates).where(where),
  ]);
  return { rows: rows.map((row) => rowOf(row, filter.overdueDays)), totalCount: total?.n ?? 0 };
};

/** HR's decision on a candidate of a plant it administers; the referrer is told. */
export const setCandidateStatus = (
  deps: { db: Db; notifier: Notifier },
  caller: Caller,
  change: { id: number; status: CandidateStatus; answer?: string; requestId: string },
) =>
  setSubmissionStatus(
    deps,
    caller,
    {
      table: candidates,
      subject: 'candidate',
      worker: candidates.referrerId,
      title: '您推荐的人选有了新进展',
      statusWords: CANDIDATE_STATUS_WORDS,
      link: '/home/recruitment-share',
    },
    change,
  );

export const exportCandidatesCsv = async (db: Db, caller: Caller, filter: CandidateFilter, origin: string) => {
  const rows = (await selectCandidates(db, candidateWhere(caller, filter)).limit(MAX_EXPORT_ROWS)).map((row) =>
    rowOf(row, filter.overdueDays),
  );
  return toCsv(
    [
      '编号',
      '工厂',
      '状态',
      '登记时间',
      '姓名',
      '年龄',
      '应聘岗位',
      '推荐人工号',
      '推荐人',
      '简历',
      '等待天数',
      '处理人',
      '答复',
    ],
    rows.map((row) => [
      row.id,
      row.bu,
      CANDIDATE_STATUS_WORDS[row.status],
      row.createdAt,
      row.userName,
      row.userAge,
      row.positionApply,
      row.referrerEmpNo,
      row.referrerName,
      `${origin}${row.filePath}`,
      row.waitedDays,
      row.assigneeName ?? '',
      row.answer,
    ]),
  );
};
