// Messages to employees (they pop up once on home): written in the caller's transaction, announced after
// it commits, so a crash never loses one and a rolled-back change never announces one.
import type { Notifier } from '../../core/notifier';
import { messages } from '../../db/schema/index';
import type { AfterCommit, Tx } from '../../db/transaction';

export const sendMessages = async (
  { tx, afterCommit, notifier }: { tx: Tx; afterCommit: AfterCommit; notifier: Notifier },
  { employeeIds, title, body = '' }: { employeeIds: readonly number[]; title: string; body?: string },
) => {
  if (employeeIds.length === 0) return;
  await tx.insert(messages).values(employeeIds.map((employeeId) => ({ employeeId, title, body })));
  afterCommit(() => notifier.publish({ employeeIds, kind: 'message', payload: { title } }));
};
