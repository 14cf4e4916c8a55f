// Idempotency keys: a repeated request (a double tap, a retry after a dropped answer) with the same key
// answers the first outcome instead of acting again. The key is claimed inside the change's transaction:
// a second request with the same key waits on the first one's row and then reads its answer, so even two
// taps in the same instant act once.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { type AfterCommit, type Executor, type Tx, withTransaction } from '../db/transaction';
import { BusinessError } from './errors';

/** Keys are remembered this long; after that the same key acts again. */
export const IDEMPOTENCY_KEY_LIFETIME = '1 day';
const KEY_LIFETIME = IDEMPOTENCY_KEY_LIFETIME;

export type IdempotencyClaim = { employeeId: number; key: string; action: string };

/** The caller's key while it lives: a condition on idempotency_keys. */
export const isLiveKey = (employeeId: number, key: string) =>
  and(
    eq(idempotencyKeys.employeeId, employeeId),
    eq(idempotencyKeys.key, key),
    sql`${idempotencyKeys.createdAt} >= now() - ${KEY_LIFETIME}::interval`,
  );

/** What the request that used the key answered, if it was this call; a key the caller used for another is refused. */
export const answerOfKey = <T>(used: { action: string; answer: unknown } | null | undefined, action: string) => {
  if (!used) return undefined;
  if (used.action !== action) throw new BusinessError('IDEMPOTENCY_KEY_REUSED');
  return { answer: used.answer as T };
};

/** What a committed request with this key answered, while the key lives (undefined when none used it). */
export const earlierAnswer = async <T>(
  db: Executor,
  { employeeId, key, action }: IdempotencyClaim,
): Promise<{ answer: T } | undefined> => {
  const [used] = await db
    .select({ action: idempotencyKeys.action, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(isLiveKey(employeeId, key));
  return answerOfKey<T>(used, action);
};

/** Answers the earlier outcome when a committed request already used the key, else claims it. */
const claimKey = async <T>(
  tx: Tx,
  claim: IdempotencyClaim,
): Promise<{ isRepeat: true; answer: T } | { isRepeat: false }> => {
  const { employeeId, key, action } = claim;
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ employeeId, key, action })
    .onConflictDoUpdate({
      target: [idempotencyKeys.employeeId, idempotencyKeys.key],
      set: { action, answer: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}::interval`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { isRepeat: false };
  const earlier = await earlierAnswer<T>(tx, claim);
  if (!earlier) throw new BusinessError('IDEMPOTENCY_KEY_REUSED');
  return { isRepeat: true, answer: earlier.answer };
};

/**
 * `withTransaction`, acting at most once per key: with a claim, a repeat answers what the first request
 * answered (its JSON), and the work does not run again. Without one it is a plain transaction.
 */
export const withIdempotentTransaction = <T>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> =>
  withTransaction(db, async (tx, afterCommit) => {
    if (!claim) return work(tx, afterCommit);
    const earlier = await claimKey<T>(tx, claim);
    if (earlier.isRepeat) return earlier.answer;
    const answer = await work(tx, afterCommit);
    await tx
      .update(idempotencyKeys)
      .set({ answer: answer ?? null })
      .where(and(eq(idempotencyKeys.employeeId, claim.employeeId), eq(idempotencyKeys.key, claim.key)));
    return answer;
  });

/** Removes keys past their lifetime (expired keys are ignored meanwhile, so this is only housekeeping). */
export const deleteExpiredIdempotencyKeys = async (db: Executor) => {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${KEY_LIFETIME}::interval`);
};
