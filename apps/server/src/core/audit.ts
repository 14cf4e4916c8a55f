// The audit log: who changed what, when, with the values before and after. Written inside the change's
// own transaction, so a change and its audit row commit or roll back together.

import type { AuditAction } from '@ess/contract/audit-labels';
import { auditLog } from '../db/schema/index';
import type { Executor } from '../db/transaction';
import type { Caller } from './caller';

export type AuditEntry = {
  /** The employee who acted; undefined for the system itself (jobs, the command line). */
  actor?: Pick<Caller, 'id' | 'empNo'>;
  /** e.g. `change.submit`, `password.change`: one of the actions the console names (contract/audit-labels.ts). */
  action: AuditAction;
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

/**
 * The audit row of a row just inserted (`after` is what was inserted), returning its id; the insert's `returning`
 * gave no row only if the database refused it silently, which must not pass as a success.
 */
export const auditCreated = async (
  tx: Executor,
  created: { id: number } | undefined,
  { subjectType, ...entry }: Omit<AuditEntry, 'subject' | 'before'> & { subjectType: string },
): Promise<{ id: number }> => {
  if (!created) throw new Error(`the ${subjectType} was not stored`);
  await recordAudit(tx, { ...entry, subject: { type: subjectType, id: created.id } });
  return { id: created.id };
};
