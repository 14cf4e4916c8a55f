// The worker's own choice of which reminders reach their WeCom (the in-app message stays either way): read and saved
// for the caller alone. Payslips, record decisions and answers always go.
import type { MessageCategory, MessageSettings } from '@ess/contract/wechat';
import { eq, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../db/client';
import { messageSettings } from '../../db/schema/index';

export const getMessageSettings = async (
  db: Db,
  caller: Caller,
  isWecomConfigured: boolean,
): Promise<MessageSettings> => {
  const [row] = await db
    .select({ muted: messageSettings.muted })
    .from(messageSettings)
    .where(eq(messageSettings.employeeId, caller.id));
  return { isWecomConfigured, muted: (row?.muted ?? []) as MessageCategory[] };
};

export const saveMessageSettings = async (db: Db, caller: Caller, muted: readonly MessageCategory[]) => {
  const kept = [...new Set(muted)].sort();
  await db
    .insert(messageSettings)
    .values({ employeeId: caller.id, muted: kept })
    .onConflictDoUpdate({ target: messageSettings.employeeId, set: { muted: kept, updatedAt: sql`now()` } });
};
