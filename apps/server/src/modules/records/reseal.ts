// After SECRET_KEY is rotated: seals again, with the current key, every ID card and bank card number (on the
// records and in change requests) that an older key sealed, so the old key can leave PREVIOUS_SECRET_KEYS. Audit
// rows are history and stay as written: keep an old key while a wrong approval from its time may need undoing.
import { eq } from 'drizzle-orm';
import type { PersonalDataCipher } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { bankCards, changeRequests, employeeProfiles } from '../../db/schema/index';
import type { Proposal, ProposedNumber } from './live-records';

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
      const proposal = row.proposed as Proposal;
      const resealed: Proposal = {
        ...proposal,
        ...(proposal.base ? { base: { ...proposal.base, empCard: resealNumber(cipher, proposal.base.empCard) } } : {}),
        ...(proposal.bank ? { bank: { ...proposal.bank, bankNo: resealNumber(cipher, proposal.bank.bankNo) } } : {}),
      };
      if (JSON.stringify(resealed) === JSON.stringify(proposal)) continue;
      await tx.update(changeRequests).set({ proposed: resealed }).where(eq(changeRequests.id, row.id));
      count += 1;
    }
  });
  return count;
};
