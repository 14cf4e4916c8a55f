// The audit log: who changed what, when, with the values before and after. Written inside the change's
// own transaction, so a change and its audit row commit or roll back together.

import { auditLog } from '../db/schema/index';
import type { Executor } from '../db/transaction';
import type { Caller } from './caller';

export type AuditEntry = {
  /** The employee who acted; undefined for the system itself (jobs, the command line). */
  actor?: Pick<Caller, 'id' | 'empNo'>;
  /** e.g. `notice.submit`, `password.change`. */
  action: string;
  subject: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  requestId?: string;
};

export const recordAudit = async (tx: Executor, entry: AuditEntry) => {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmpNo: entry.actor?.empNo ?? '',
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: String(entry.subject.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? '',
  });
};
