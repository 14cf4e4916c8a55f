// 仪表盘, the console's first page: per plant the caller administers, what waits for HR and how this month's work
// stands. Each figure is read the way the page behind it reads it (the batches', handbook's and notices' own
// services), so the dashboard and the list it leads to never disagree.

import type { PlantDashboard } from '@ess/contract/dashboard';
import { FEEDBACK_TYPES } from '@ess/contract/notices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { countWaiting, scopedPlants } from '../../core/submissions';
import type { Db } from '../../db/client';
import { candidates, changeRequests, importJobs, notices, proposals } from '../../db/schema/index';
import { listAnnouncements, receiptSummary } from '../announcements/service';
import { getAcceptance, listVersions } from '../handbook/service';
import { FEEDBACK_ITEM } from '../inbox/service';
import { assignmentProgress, latestLiveAssignment } from '../materials/service';
import { listBatches } from '../payslip-batches/service';
import { PROPOSAL_ITEM } from '../proposals/service';
import { CANDIDATE_ITEM } from '../recruitment/service';
import { departmentFigures, listAuthoredPapers } from '../training/service';

/** The first instant of this month on Shanghai's calendar. */
const MONTH_START = sql`date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;

const importsThisMonth = async (db: Db, bu: string) => {
  const [row] = await db
    .select({
      month: sql<string>`to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM')`,
      jobs: sql<number>`count(${importJobs.id})::int`,
      done: sql<number>`count(*) filter (where ${importJobs.status} = 'done')::int`,
      failed: sql<number>`count(*) filter (where ${importJobs.status} = 'failed')::int`,
      rejectedRows: sql<number>`coalesce(sum(${importJobs.rejectedRows}), 0)::int`,
    })
    .from(importJobs)
    .where(and(eq(importJobs.bu, bu), sql`${importJobs.createdAt} >= ${MONTH_START}`));
  return row ?? { month: '', jobs: 0, done: 0, failed: 0, rejectedRows: 0 };
};

const pendingReviews = async (db: Db, bu: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(changeRequests)
    .where(and(eq(changeRequests.bu, bu), eq(changeRequests.status, 'pending')));
  return row?.n ?? 0;
};

const latestBatch = async (db: Db, caller: Caller, bu: string): Promise<PlantDashboard['payslips']> => {
  const {
    rows: [batch],
  } = await listBatches({ db }, caller, { bu, page: 1, pageSize: 1 });
  if (!batch) return null;
  const { month, status, employees, read, confirmed, disputed } = batch;
  return { month, status, employees, read, confirmed, disputed };
};

const handbookAcceptance = async (db: Db, caller: Caller, bu: string): Promise<PlantDashboard['handbook']> => {
  const current = (await listVersions(db, caller, { kind: 'handbook', bu })).find((version) =>
    version.currentPlants.includes(bu),
  );
  if (!current) return null;
  const { employees, accepted } = await getAcceptance(db, caller, { id: current.id, bu });
  return { label: current.label, employees, accepted };
};

const latestNotice = async (db: Db, caller: Caller, bu: string): Promise<PlantDashboard['notice']> => {
  const {
    rows: [notice],
  } = await listAnnouncements(db, caller, { bu, state: 'live', page: 1, pageSize: 1 });
  if (!notice) return null;
  const receipts = await receiptSummary(db, caller, { id: notice.id, bu });
  return {
    title: notice.title,
    mustAcknowledge: notice.mustAcknowledge,
    audience: receipts.audienceCount,
    read: receipts.readCount,
    acknowledged: receipts.acknowledgedCount,
  };
};

const latestExam = async (db: Db, caller: Caller, bu: string): Promise<PlantDashboard['exam']> => {
  const {
    rows: [exam],
  } = await listAuthoredPapers(db, caller, { bu, examType: 'EXAM', hasOpened: true, page: 1, pageSize: 1 });
  if (!exam) return null;
  // The plant's part of the results' departments: the per-question figures are not read.
  const inPlant = await departmentFigures(db, { id: exam.id, passScore: exam.passScore, bu });
  const sum = (pick: (department: (typeof inPlant)[number]) => number) =>
    inPlant.reduce((total, department) => total + pick(department), 0);
  return {
    id: exam.id,
    title: exam.title,
    isOpen: exam.state === 'open',
    audience: sum((department) => department.audienceCount),
    submitted: sum((department) => department.submittedCount),
    passed: exam.passScore === null ? null : sum((department) => department.passedCount),
  };
};

const latestStudy = async (db: Db, caller: Caller, bu: string): Promise<PlantDashboard['study']> => {
  const assignment = await latestLiveAssignment(db, caller, bu);
  if (!assignment) return null;
  const progress = await assignmentProgress(db, caller, { id: assignment.id, bu });
  return {
    materialId: assignment.materialId,
    title: assignment.trainTheme || assignment.materialName,
    isRequired: assignment.isRequired,
    dueAt: assignment.dueAt ?? '',
    audience: progress.audienceCount,
    done: progress.doneCount,
    overdue: progress.overdueCount,
  };
};

const plantDashboard = async (db: Db, caller: Caller, bu: string, overdueDays: number): Promise<PlantDashboard> => {
  const [reviews, feedback, proposal, candidate, imports, payslips, handbook, notice, exam, study] = await Promise.all([
    pendingReviews(db, bu),
    countWaiting(
      db,
      { table: notices, item: FEEDBACK_ITEM, only: inArray(notices.noticeType, [...FEEDBACK_TYPES]) },
      bu,
      overdueDays,
    ),
    countWaiting(db, { table: proposals, item: PROPOSAL_ITEM }, bu, overdueDays),
    countWaiting(db, { table: candidates, item: CANDIDATE_ITEM }, bu, overdueDays),
    importsThisMonth(db, bu),
    latestBatch(db, caller, bu),
    handbookAcceptance(db, caller, bu),
    latestNotice(db, caller, bu),
    latestExam(db, caller, bu),
    latestStudy(db, caller, bu),
  ]);
  return {
    bu,
    pendingReviews: reviews,
    inbox: { feedback, proposal, candidate },
    imports,
    payslips,
    handbook,
    notice,
    exam,
    study,
  };
};

/** Console/GetDashboard: one plant asked for (when the caller administers it), else each of the caller's. */
export const getDashboard = async (
  { db, overdueDays }: { db: Db; overdueDays: number },
  caller: Caller,
  bu: string | undefined,
): Promise<PlantDashboard[]> => {
  const plants = scopedPlants(caller, bu);
  // One plant after another: a SysAdmin's eight plants at once would take every connection of the pool.
  const dashboards: PlantDashboard[] = [];
  for (const plant of plants) dashboards.push(await plantDashboard(db, caller, plant, overdueDays));
  return dashboards;
};
