// Payslip distribution. A batch is a plant's imported month (the imports module makes it as a draft); publishing it
// shows its payslips in the app and sends each employee a message, withdrawing takes them away again with a reason,
// and publishing again raises the version, so reading and confirming count anew. The employee confirms a payslip
// or asks about one line; HR answers, and the answer reaches the employee as a message. Every console call is an
// HRAdmin's of the batch's plant, every change audited in its own transaction.

import {
  BATCH_STATUS_LABELS,
  type BatchStatus,
  type PayslipBatch,
  type PayslipDispute,
  type PayslipView,
} from '@ess/contract/payslip-batches';
import { type DisputeStatus, PAY_ITEMS } from '@ess/contract/salary';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import { recallMessages, sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import type { Db } from '../../db/client';
import {
  employees,
  keptPayslips,
  payslipBatches,
  payslipDisputes,
  payslipReceipts,
  payslips,
  payslipViews,
} from '../../db/schema/index';
import { shanghaiTime as shanghai } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { textWorkbookBase64 } from '../../lib/text-workbook';
import { payslipOf, type ReceiptReader } from '../salary/service';

/** Where a worker's payslip messages lead (WeCom's card opens it). */
const PAYSLIP_PAGE = '/salary/my-salary';
/** What names a published version's messages, for the recall at its withdrawal. */
const payslipEventKey = (batchId: number, version: number) => `payslip-batch:${batchId}:v${version}`;

export type BatchDeps = { db: Db; notifier: Notifier };

// Qualified by hand: inside a subquery drizzle names a column without its table, which the inner table would capture.
const BATCH_ID = sql.raw('payslip_batches.id');
const BATCH_VERSION = sql.raw('payslip_batches.version');
const ITEM_LABELS = new Map<string, string>(PAY_ITEMS.map((item) => [item.key, item.label]));
const monthWords = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;

const claimOf = (caller: Caller, key: string | undefined, action: string) =>
  key ? { employeeId: caller.id, key, action } : undefined;

const loadBatch = async (db: Executor, caller: Caller, id: number, { lock = false } = {}) => {
  requirePlantAdmin(caller);
  const query = db.select().from(payslipBatches).where(eq(payslipBatches.id, id));
  const [batch] = lock ? await query.for('update') : await query;
  // Another plant's batch is as absent as one that does not exist.
  if (!batch || !caller.adminPlants.has(batch.bu)) throw new BusinessError('BATCH_NOT_FOUND');
  return batch;
};

const stateRefusal = (status: string) =>
  new BusinessError('BATCH_STATE', { state: BATCH_STATUS_LABELS[status as BatchStatus] ?? status });

export const listBatches = async (
  { db }: Pick<BatchDeps, 'db'>,
  caller: Caller,
  filter: { bu?: string; page: number; pageSize: number },
) => {
  requirePlantAdmin(caller, filter.bu);
  const plants = filter.bu ? [filter.bu] : [...caller.adminPlants];
  const where = inArray(payslipBatches.bu, plants.length > 0 ? plants : ['']);
  const rows = await db
    .select({
      id: payslipBatches.id,
      bu: payslipBatches.bu,
      month: payslipBatches.yearMonth,
      status: payslipBatches.status,
      version: payslipBatches.version,
      publishedAt: sql<
        string | null
      >`case when ${payslipBatches.publishedAt} is null then null else ${shanghai(payslipBatches.publishedAt)} end`,
      withdrawnAt: sql<
        string | null
      >`case when ${payslipBatches.withdrawnAt} is null then null else ${shanghai(payslipBatches.withdrawnAt)} end`,
      withdrawReason: payslipBatches.withdrawReason,
      employees: sql<number>`(select count(*)::int from payslips p where p.batch_id = ${BATCH_ID})`,
      read: sql<number>`(select count(*)::int from payslip_receipts r where r.batch_id = ${BATCH_ID} and r.version = ${BATCH_VERSION})`,
      confirmed: sql<number>`(select count(*)::int from payslip_receipts r where r.batch_id = ${BATCH_ID} and r.version = ${BATCH_VERSION} and r.confirmed_at is not null)`,
      disputed: sql<number>`(select count(distinct d.employee_id)::int from payslip_disputes d where d.batch_id = ${BATCH_ID} and d.version = ${BATCH_VERSION})`,
      openDisputes: sql<number>`(select count(*)::int from payslip_disputes d where d.batch_id = ${BATCH_ID} and d.status = 'open')`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(payslipBatches)
    .where(where)
    .orderBy(desc(payslipBatches.yearMonth), asc(payslipBatches.bu))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    rows: rows.map(({ total: _total, ...row }) => row as PayslipBatch),
    totalCount: rows[0]?.total ?? 0,
  };
};

const employeesOfBatch = async (tx: Executor, batchId: number) =>
  (await tx.select({ id: payslips.employeeId }).from(payslips).where(eq(payslips.batchId, batchId))).map(
    (row) => row.id,
  );

export const publishBatch = async (
  deps: BatchDeps,
  caller: Caller,
  { id, requestId, idempotencyKey }: { id: number; requestId: string; idempotencyKey?: string },
) =>
  withIdempotentTransaction(
    deps.db,
    claimOf(caller, idempotencyKey, 'payslip-batch.publish'),
    async (tx, afterCommit) => {
      const batch = await loadBatch(tx, caller, id, { lock: true });
      if (batch.status === 'published') throw stateRefusal(batch.status);
      const recipients = await employeesOfBatch(tx, id);
      if (recipients.length === 0) throw new BusinessError('BATCH_EMPTY');
      const version = batch.version + 1;
      await tx
        .update(payslipBatches)
        .set({ status: 'published', version, publishedAt: sql`now()`, publishedBy: caller.id, withdrawReason: '' })
        .where(eq(payslipBatches.id, id));
      // The new version replaces what each employee was shown meanwhile.
      await tx
        .delete(keptPayslips)
        .where(and(eq(keptPayslips.yearMonth, batch.yearMonth), inArray(keptPayslips.employeeId, recipients)));
      const again = batch.version > 0 ? '（已更新）' : '';
      await sendMessages(
        { tx, afterCommit, notifier: deps.notifier },
        {
          to: { employeeIds: recipients },
          title: `${monthWords(batch.yearMonth)}工资单已发布${again}`,
          body: `您的${monthWords(batch.yearMonth)}工资单已可查询，请核对后点击“确认无误”；如有疑问，可在对应项目上点击“有疑问”。`,
          link: PAYSLIP_PAGE,
          eventKey: payslipEventKey(id, version),
        },
      );
      await recordAudit(tx, {
        actor: caller,
        action: 'payslip-batch.publish',
        subject: { type: 'payslip-batch', id },
        before: { status: batch.status, version: batch.version },
        after: { status: 'published', version, employees: recipients.length },
        requestId,
      });
    },
  );

export const withdrawBatch = async (
  deps: BatchDeps,
  caller: Caller,
  { id, reason, requestId, idempotencyKey }: { id: number; reason: string; requestId: string; idempotencyKey?: string },
) =>
  withIdempotentTransaction(
    deps.db,
    claimOf(caller, idempotencyKey, 'payslip-batch.withdraw'),
    async (tx, afterCommit) => {
      const batch = await loadBatch(tx, caller, id, { lock: true });
      if (batch.status !== 'published') throw stateRefusal(batch.status);
      await tx
        .update(payslipBatches)
        .set({ status: 'withdrawn', withdrawnAt: sql`now()`, withdrawReason: reason })
        .where(eq(payslipBatches.id, id));
      // The published version's WeCom cards are taken back where WeCom still allows it; the withdrawal's own message
      // below says why.
      await recallMessages(tx, payslipEventKey(id, batch.version));
      await sendMessages(
        { tx, afterCommit, notifier: deps.notifier },
        {
          to: { employeeIds: await employeesOfBatch(tx, id) },
          title: `${monthWords(batch.yearMonth)}工资单已撤回`,
          body: `撤回原因：${reason}。更正后将重新发布，请以重新发布的工资单为准。`,
          link: PAYSLIP_PAGE,
        },
      );
      await recordAudit(tx, {
        actor: caller,
        action: 'payslip-batch.withdraw',
        subject: { type: 'payslip-batch', id },
        before: { status: batch.status, version: batch.version },
        after: { status: 'withdrawn', reason },
        requestId,
      });
    },
  );

export const previewPayslip = async (
  { db }: Pick<BatchDeps, 'db'>,
  caller: Caller,
  { id, empNo }: { id: number; empNo: string },
) => {
  const batch = await loadBatch(db, caller, id);
  const [row] = await db
    .select({ empType: payslips.empType, items: payslips.items })
    .from(payslips)
    .innerJoin(employees, eq(employees.id, payslips.employeeId))
    .where(and(eq(payslips.batchId, id), eq(employees.empNo, empNo)));
  if (!row) throw new BusinessError('BATCH_PAYSLIP_NOT_FOUND', { empNo });
  return JSON.stringify(payslipOf(batch.yearMonth, row));
};

export const listDisputes = async (
  { db }: Pick<BatchDeps, 'db'>,
  caller: Caller,
  id: number,
): Promise<PayslipDispute[]> => {
  await loadBatch(db, caller, id);
  const rows = await db
    .select({
      id: payslipDisputes.id,
      empNo: employees.empNo,
      empName: employees.name,
      version: payslipDisputes.version,
      itemKey: payslipDisputes.itemKey,
      question: payslipDisputes.question,
      status: payslipDisputes.status,
      answer: payslipDisputes.answer,
      createdAt: shanghai(payslipDisputes.createdAt),
    })
    .from(payslipDisputes)
    .innerJoin(employees, eq(employees.id, payslipDisputes.employeeId))
    .where(eq(payslipDisputes.batchId, id))
    .orderBy(desc(sql`${payslipDisputes.status} = 'open'`), asc(payslipDisputes.id));
  return rows.map((row) => ({
    ...row,
    status: row.status as PayslipDispute['status'],
    itemLabel: ITEM_LABELS.get(row.itemKey) ?? row.itemKey,
  }));
};

/** PayslipBatch/GetViews: every time one of the batch's payslips was sent to its employee, newest first. */
export const listViews = async (
  { db }: Pick<BatchDeps, 'db'>,
  caller: Caller,
  { id, empNo, page, pageSize }: { id: number; empNo?: string; page: number; pageSize: number },
) => {
  await loadBatch(db, caller, id);
  const rows = await db
    .select({
      id: payslipViews.id,
      empNo: employees.empNo,
      empName: employees.name,
      version: payslipViews.version,
      viewedAt: shanghai(payslipViews.viewedAt),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(payslipViews)
    .innerJoin(employees, eq(employees.id, payslipViews.employeeId))
    .where(and(eq(payslipViews.batchId, id), empNo ? eq(employees.empNo, empNo) : undefined))
    .orderBy(desc(payslipViews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(({ total: _total, ...row }): PayslipView => row),
    totalCount: rows[0]?.total ?? 0,
  };
};

export const answerDispute = async (
  deps: BatchDeps,
  caller: Caller,
  { id, answer, requestId, idempotencyKey }: { id: number; answer: string; requestId: string; idempotencyKey?: string },
) =>
  withIdempotentTransaction(
    deps.db,
    claimOf(caller, idempotencyKey, 'payslip-dispute.answer'),
    async (tx, afterCommit) => {
      requirePlantAdmin(caller);
      const [dispute] = await tx.select().from(payslipDisputes).where(eq(payslipDisputes.id, id)).for('update');
      if (!dispute) throw new BusinessError('DISPUTE_NOT_FOUND');
      const batch = await loadBatch(tx, caller, dispute.batchId).catch(() => {
        throw new BusinessError('DISPUTE_NOT_FOUND');
      });
      if (dispute.status === 'settled') throw new BusinessError('DISPUTE_SETTLED');
      if (dispute.status !== 'open') throw new BusinessError('DISPUTE_ANSWERED');
      await tx
        .update(payslipDisputes)
        .set({ status: 'answered', answer, answeredBy: caller.id, answeredAt: sql`now()` })
        .where(eq(payslipDisputes.id, id));
      const label = ITEM_LABELS.get(dispute.itemKey) ?? dispute.itemKey;
      await sendMessages(
        { tx, afterCommit, notifier: deps.notifier },
        {
          to: { employeeIds: [dispute.employeeId] },
          title: `工资疑问已答复：${monthWords(batch.yearMonth)}${label}`,
          body: answer,
          link: PAYSLIP_PAGE,
        },
      );
      await recordAudit(tx, {
        actor: caller,
        action: 'payslip-dispute.answer',
        subject: { type: 'payslip-dispute', id },
        before: { status: 'open' },
        after: { status: 'answered', answer },
        requestId,
      });
    },
  );

export const exportBatch = async ({ db }: Pick<BatchDeps, 'db'>, caller: Caller, id: number) => {
  const batch = await loadBatch(db, caller, id);
  const rows = await db.execute<{
    emp_no: string;
    name: string;
    net: string | null;
    read_at: string | null;
    confirmed_at: string | null;
    questions: number;
  }>(sql`
    select e.emp_no, e.name, p.items->>'NET_PAY' as net,
           to_char(r.first_read_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as read_at,
           to_char(r.confirmed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as confirmed_at,
           (select count(*)::int from payslip_disputes d where d.batch_id = p.batch_id and d.employee_id = p.employee_id
              and d.version = ${batch.version}) as questions
    from payslips p join employees e on e.id = p.employee_id
    left join payslip_receipts r on r.batch_id = p.batch_id and r.employee_id = p.employee_id and r.version = ${batch.version}
    where p.batch_id = ${id} order by e.emp_no`);
  const aoa = [
    ['工号', '姓名', '实发工资', '首次查看', '确认时间', '疑问数'],
    ...rows.rows.map((row) => [
      row.emp_no,
      row.name,
      row.net ?? '',
      row.read_at ?? '未查看',
      row.confirmed_at ?? '未确认',
      String(row.questions),
    ]),
  ];
  return {
    fileName: `${batch.bu}-${batch.yearMonth}-工资单发放情况-第${batch.version}版.xlsx`,
    contentBase64: textWorkbookBase64('发放情况', aoa),
  };
};

// ——— The employee's side ———

/** The published batch of the caller's payslip of a month, or a refusal. */
const publishedBatchOf = async (tx: Executor, employeeId: number, month: string) => {
  const [row] = await tx
    .select({ batchId: payslipBatches.id, version: payslipBatches.version, items: payslips.items })
    .from(payslips)
    .innerJoin(payslipBatches, eq(payslipBatches.id, payslips.batchId))
    .where(
      and(eq(payslips.employeeId, employeeId), eq(payslips.yearMonth, month), eq(payslipBatches.status, 'published')),
    );
  if (!row) throw new BusinessError('PAYSLIP_NOT_CONFIRMABLE');
  return row;
};

export const readReceipt =
  (db: Db): ReceiptReader =>
  async ({ batchId, version, employeeId }) => {
    // The first read is kept once; every view is logged (HR sees who opened it when, on which version).
    await Promise.all([
      db.insert(payslipReceipts).values({ batchId, version, employeeId }).onConflictDoNothing(),
      db.insert(payslipViews).values({ batchId, version, employeeId }),
    ]);
    const [[receipt], disputes] = await Promise.all([
      db
        .select({ confirmedAt: shanghai(payslipReceipts.confirmedAt) })
        .from(payslipReceipts)
        .where(
          and(
            eq(payslipReceipts.batchId, batchId),
            eq(payslipReceipts.version, version),
            eq(payslipReceipts.employeeId, employeeId),
          ),
        ),
      db
        .select({
          ITEM_KEY: payslipDisputes.itemKey,
          QUESTION: payslipDisputes.question,
          ANSWER: payslipDisputes.answer,
          STATUS: payslipDisputes.status,
        })
        .from(payslipDisputes)
        .where(
          and(
            eq(payslipDisputes.batchId, batchId),
            eq(payslipDisputes.version, version),
            eq(payslipDisputes.employeeId, employeeId),
          ),
        )
        .orderBy(asc(payslipDisputes.id)),
    ]);
    return {
      CONFIRMED_AT: receipt?.confirmedAt ?? null,
      DISPUTES: disputes.map((dispute) => ({ ...dispute, STATUS: dispute.STATUS as DisputeStatus })),
    };
  };

export const confirmPayslip = async (
  { db }: Pick<BatchDeps, 'db'>,
  caller: Caller,
  { month, settlesQuestions, requestId }: { month: string; settlesQuestions: boolean; requestId: string },
) =>
  withTransaction(db, async (tx) => {
    const { batchId, version } = await publishedBatchOf(tx, caller.id, month);
    // A question still waiting for HR: the employee confirms only once they say it is settled, which closes it.
    const ownOpen = and(
      eq(payslipDisputes.batchId, batchId),
      eq(payslipDisputes.version, version),
      eq(payslipDisputes.employeeId, caller.id),
      eq(payslipDisputes.status, 'open'),
    );
    const settled = settlesQuestions
      ? await tx.update(payslipDisputes).set({ status: 'settled' }).where(ownOpen).returning({ id: payslipDisputes.id })
      : [];
    if (!settlesQuestions) {
      const [open] = await tx.select({ id: payslipDisputes.id }).from(payslipDisputes).where(ownOpen).limit(1);
      if (open) throw new BusinessError('PAYSLIP_QUESTION_OPEN');
    }
    await tx
      .insert(payslipReceipts)
      .values({ batchId, version, employeeId: caller.id, confirmedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [payslipReceipts.batchId, payslipReceipts.version, payslipReceipts.employeeId],
        set: { confirmedAt: sql`coalesce(${payslipReceipts.confirmedAt}, now())` },
      });
    await recordAudit(tx, {
      actor: caller,
      action: 'payslip.confirm',
      subject: { type: 'payslip-batch', id: batchId },
      after: { version, ...(settled.length > 0 && { settledQuestions: settled.map((row) => row.id) }) },
      requestId,
    });
  });

export const disputeLine = async (
  deps: BatchDeps,
  caller: Caller,
  {
    month,
    itemKey,
    question,
    requestId,
    idempotencyKey,
  }: { month: string; itemKey: string; question: string; requestId: string; idempotencyKey?: string },
) =>
  withIdempotentTransaction(deps.db, claimOf(caller, idempotencyKey, 'payslip.dispute'), async (tx) => {
    const { batchId, version, items } = await publishedBatchOf(tx, caller.id, month);
    if (!ITEM_LABELS.has(itemKey) || !Object.hasOwn(items, itemKey)) throw new BusinessError('PAYSLIP_ITEM_UNKNOWN');
    const [created] = await tx
      .insert(payslipDisputes)
      .values({ batchId, version, employeeId: caller.id, itemKey, question })
      .returning({ id: payslipDisputes.id });
    await recordAudit(tx, {
      actor: caller,
      action: 'payslip-dispute.open',
      subject: { type: 'payslip-dispute', id: created?.id ?? 0 },
      after: { batchId, version, itemKey, question },
      requestId,
    });
  });
