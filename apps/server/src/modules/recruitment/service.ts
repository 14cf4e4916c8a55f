// Referral recruitment: a candidate registers through an employee's link (public; the plant is the referrer's),
// the referrer sees their candidates with the name masked, HR lists, decides and exports them for its plants.
import {
  CANDIDATE_STATUS_WORDS,
  type CandidateRow,
  type CandidateStatus,
  type MyReferral,
  type registerForm,
} from '@ess/contract/recruitment';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditCreated } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import {
  MAX_EXPORT_ROWS,
  type SubmissionFilter,
  scopedPlants,
  setSubmissionStatus,
  submissionWhere,
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

const selectCandidates = (db: Db, caller: Caller, filter: SubmissionFilter) =>
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
    })
    .from(candidates)
    .innerJoin(referrers, eq(referrers.id, candidates.referrerId))
    .where(submissionWhere(candidates, scopedPlants(caller, filter.bu), filter.month))
    .orderBy(desc(candidates.createdAt), desc(candidates.id))
    .$dynamic();

const rowOf = ({ fileId, ...row }: Omit<CandidateRow, 'filePath' | 'status'> & { fileId: string; status: string }) =>
  ({ ...row, status: row.status as CandidateStatus, filePath: filePathOf(fileId) }) satisfies CandidateRow;

export const listCandidates = async (
  db: Db,
  caller: Caller,
  filter: SubmissionFilter & { page: number; pageSize: number },
): Promise<{ rows: CandidateRow[]; totalCount: number }> => {
  const where = submissionWhere(candidates, scopedPlants(caller, filter.bu), filter.month);
  const [rows, [total]] = await Promise.all([
    selectCandidates(db, caller, filter)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(candidates).where(where),
  ]);
  return { rows: rows.map(rowOf), totalCount: total?.n ?? 0 };
};

/** HR's decision on a candidate of a plant it administers. */
export const setCandidateStatus = (
  db: Db,
  caller: Caller,
  change: { id: number; status: CandidateStatus; requestId: string },
) => setSubmissionStatus(db, caller, { table: candidates, subject: 'candidate' }, change);

export const exportCandidatesCsv = async (db: Db, caller: Caller, filter: SubmissionFilter, origin: string) => {
  const rows = (await selectCandidates(db, caller, filter).limit(MAX_EXPORT_ROWS)).map(rowOf);
  return toCsv(
    ['编号', '工厂', '状态', '登记时间', '姓名', '年龄', '应聘岗位', '推荐人工号', '推荐人', '简历'],
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
    ]),
  );
};
