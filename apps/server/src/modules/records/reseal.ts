// The sealed ID card and bank card numbers of the records and the change requests. After SECRET_KEY is rotated,
// reseal seals again with the current key every value an older key sealed, so the old key can leave
// PREVIOUS_SECRET_KEYS. Audit rows are history and stay as written: keep an old key while a wrong approval from its
// time may need undoing. At start the server asks which keys the values were sealed with, to refuse a key it lacks.
import { eq, sql } from 'drizzle-orm';
import type { PersonalDataCipher } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { bankCards, changeRequests, employeeProfiles } from '../../db/schema/index';
import { type ProposedNumber, type ProposedRecords, proposedRecordsOf } from './live-records';

const resealNumber = (cipher: PersonalDataCipher, number: ProposedNumber): ProposedNumber =>
  'sealed' in number && cipher.isSealedWithOldKey(number.sealed)
    ? { ...number, sealed: cipher.seal(cipher.open(number.sealed)) }
    : number;

export const resealPersonalData = async (db: Db, cipher: PersonalDataCipher) => {
  let count = 0;
  await db.transaction(async (tx) => {
    for (const row of await tx.select().from(employeeProfiles)) {
      if (!row.empCardEnc || !cipher.isSealedWithOldKey(row.empCardEnc)) continue;
      await tx
        .update(employeeProfiles)
        .set({ empCardEnc: cipher.seal(cipher.open(row.empCardEnc)) })
        .where(eq(employeeProfiles.employeeId, row.employeeId));
      count += 1;
    }
    for (const row of await tx.select().from(bankCards)) {
      if (!cipher.isSealedWithOldKey(row.bankNoEnc)) continue;
      await tx
        .update(bankCards)
        .set({ bankNoEnc: cipher.seal(cipher.open(row.bankNoEnc)) })
        .where(eq(bankCards.employeeId, row.employeeId));
      count += 1;
    }
    for (const row of await tx
      .select({ id: changeRequests.id, proposed: changeRequests.proposed })
      .from(changeRequests)) {
      const proposed = proposedRecordsOf(row.proposed);
      const resealed: ProposedRecords = {
        ...proposed,
        ...(proposed.base ? { base: { ...proposed.base, empCard: resealNumber(cipher, proposed.base.empCard) } } : {}),
        ...(proposed.bank ? { bank: { ...proposed.bank, bankNo: resealNumber(cipher, proposed.bank.bankNo) } } : {}),
      };
      if (JSON.stringify(resealed) === JSON.stringify(proposed)) continue;
      await tx.update(changeRequests).set({ proposed: resealed }).where(eq(changeRequests.id, row.id));
      count += 1;
    }
  });
  return count;
};

/**
 * The ids of the keys the live values were sealed with (`<key id>.<iv>.<tag>.<data>`) that the cipher does not hold:
 * a server with these would fail on every read of such a number. One scan of the sealed columns.
 */
export const findMissingKeyIds = async (db: Db, cipher: PersonalDataCipher) => {
  const { rows } = await db.execute<{ keyId: string }>(sql`
    select distinct split_part(sealed, '.', 1) as "keyId" from (
      select emp_card_enc as sealed from employee_profiles
      union all select bank_no_enc from bank_cards
      union all select proposed #>> '{base,empCard,sealed}' from change_requests
      union all select proposed #>> '{bank,bankNo,sealed}' from change_requests
    ) as values_sealed
    where sealed is not null and sealed <> ''`);
  return rows.map((row) => row.keyId).filter((keyId) => !cipher.keyIds.has(keyId));
};
