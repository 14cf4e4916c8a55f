// The records as they are (live), a change request's proposed records in the form they are stored, and applying
// them to the records. Only this module writes the record tables; every write raises the record set's version.
import {
  bankCard,
  CER_TYPES,
  type CerType,
  certificateRow as certificateAnswer,
  employeeInfo,
} from '@ess/contract/records';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BusinessError } from '../../core/errors';
import { IDEMPOTENCY_KEY_LIFETIME } from '../../core/idempotency';
import type { Db } from '../../db/client';
import { bankCards, certificates, employeeProfiles, recordVersions } from '../../db/schema/index';
import { batcherPerDatabase, createStatementBatcher } from '../../db/statement-batcher';
import type { Executor } from '../../db/transaction';
import { fileIdOf, filePathOf } from '../files/service';
import { BANK_KEYS, BASE_KEYS, CERTIFICATE_KEYS, type RecordSet } from './record-sets';

/** A number as the proposed records keep it: unchanged, or the new one sealed beside its masked form. */
const proposedNumber = z.union([
  z.object({ keep: z.literal(true) }),
  z.object({ sealed: z.string(), masked: z.string() }),
]);
export type ProposedNumber = z.infer<typeof proposedNumber>;

/** The mask of `schema.pick` that keeps these keys. */
const only = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, true])) as { [P in K]: true };

// The values a record holds are those its answer shows (the catalogue's keys), but the sealed numbers.
const baseValues = employeeInfo.pick(only(BASE_KEYS));
export type BaseValues = z.infer<typeof baseValues>;
export type LiveBase = BaseValues & { empCardSealed: string | null; empCardMasked: string };

const certificateValues = certificateAnswer.pick(only(CERTIFICATE_KEYS));
export type CertificateValues = z.infer<typeof certificateValues>;
export type LiveCertificate = CertificateValues & { id: number; cerType: CerType };

const bankValues = bankCard.pick(only(BANK_KEYS));
export type BankValues = z.infer<typeof bankValues>;
export type LiveBank = BankValues & { bankNoSealed: string; bankNoMasked: string };

const certificateOps = z.object({
  add: z.array(certificateValues),
  edit: z.array(certificateValues.extend({ id: z.number() })),
  remove: z.array(z.number()),
});
export type CertificateOps = z.infer<typeof certificateOps>;

/** What a change request stores as `proposed`: only the sets it touches. */
const proposedRecords = z.object({
  base: baseValues.extend({ empCard: proposedNumber }).optional(),
  certificates: z.partialRecord(z.enum(CER_TYPES), certificateOps).optional(),
  bank: bankValues.extend({ bankNo: proposedNumber }).optional(),
});
export type ProposedRecords = z.infer<typeof proposedRecords>;

/** A change request's `proposed` as read from its jsonb column, checked against the shape it is written in. */
export const proposedRecordsOf = (proposed: unknown): ProposedRecords => proposedRecords.parse(proposed);

export type LiveRecords = {
  base: LiveBase | undefined;
  certificates: Partial<Record<CerType, LiveCertificate[]>>;
  bank: LiveBank | undefined;
};

export const sameValues = <T extends object>(keys: readonly (keyof T)[], a: T, b: T) =>
  keys.every((key) => (a[key] ?? null) === (b[key] ?? null));

const pathOf = (id: string | null) => (id ? filePathOf(id) : null);

export const loadBase = async (db: Executor, employeeId: number): Promise<LiveBase | undefined> => {
  const [row] = await db.select().from(employeeProfiles).where(eq(employeeProfiles.employeeId, employeeId));
  return row ? baseOf(row) : undefined;
};

const baseOf = (row: typeof employeeProfiles.$inferSelect): LiveBase => {
  return {
    empTelNo: row.empTelNo,
    address: row.address,
    empCardType: row.empCardType,
    empHeight: row.empHeight,
    empWeight: row.empWeight,
    empEmail: row.empEmail,
    empPolitical: row.empPolitical,
    isMarry: row.isMarry,
    hasBirth: row.hasBirth,
    empCardScanUp: pathOf(row.cardScanUpId),
    empCardScanDown: pathOf(row.cardScanDownId),
    emergencyContactName: row.emergencyContactName,
    emergencyContactRelation: row.emergencyContactRelation,
    emergencyContactTelNo: row.emergencyContactTelNo,
    empCardSealed: row.empCardEnc,
    empCardMasked: row.empCardMasked,
  };
};

export const loadCertificates = async (
  db: Executor,
  employeeId: number,
  cerTypes: readonly CerType[],
): Promise<LiveCertificate[]> => {
  if (cerTypes.length === 0) return [];
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.employeeId, employeeId), inArray(certificates.cerType, [...cerTypes])))
    .orderBy(asc(certificates.id));
  return rows.map(certificateOf);
};

const certificateOf = (row: typeof certificates.$inferSelect): LiveCertificate => ({
  id: row.id,
  cerType: row.cerType as CerType,
  major: row.major,
  title: row.title,
  schoolName: row.schoolName,
  cerStartDate: row.cerStartDate,
  cerEndDate: row.cerEndDate,
  cerEffDate: row.cerEffDate,
  filePath: pathOf(row.fileId),
  quitReason: row.quitReason,
  personalSkill: row.personalSkill,
});

export const loadBank = async (db: Executor, employeeId: number): Promise<LiveBank | undefined> => {
  const [row] = await db.select().from(bankCards).where(eq(bankCards.employeeId, employeeId));
  return row ? bankOf(row) : undefined;
};

const bankOf = (row: typeof bankCards.$inferSelect): LiveBank => ({
  bankName: row.bankName,
  bankAddress: row.bankAddress,
  filePath: pathOf(row.fileId),
  bankNoSealed: row.bankNoEnc,
  bankNoMasked: row.bankNoMasked,
});

/** The live records of the sets given. */
export const loadLiveRecords = async (
  db: Executor,
  employeeId: number,
  sets: readonly string[],
): Promise<LiveRecords> => {
  const cerTypes = CER_TYPES.filter((cerType) => sets.includes(cerType));
  const [base, certificateRows, bank] = await Promise.all([
    sets.includes('base') ? loadBase(db, employeeId) : undefined,
    loadCertificates(db, employeeId, cerTypes),
    sets.includes('bank') ? loadBank(db, employeeId) : undefined,
  ]);
  return liveRecordsOf(cerTypes, base, certificateRows, bank);
};

const liveRecordsOf = (
  cerTypes: readonly CerType[],
  base: LiveBase | undefined,
  certificateRows: LiveCertificate[],
  bank: LiveBank | undefined,
): LiveRecords => {
  const byType: LiveRecords['certificates'] = {};
  for (const cerType of cerTypes) byType[cerType] = certificateRows.filter((row) => row.cerType === cerType);
  return { base, certificates: byType, bank };
};

/** A row as to_jsonb gives it, under the names the schema's TypeScript gives its columns (emp_card_enc: empCardEnc). */
const schemaNamed = <T>(row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase()),
      value,
    ]),
  ) as T;

/** Everything an edit is checked and proposed against, read in one statement (one round trip, one snapshot). */
export type EditState = {
  /** Each set's version (0 for a set never written): the claim of the write starts from them. */
  versions: Record<string, number>;
  /** An edit of one of the sets waits for a review. */
  isPending: boolean;
  live: LiveRecords;
  /** The banks the employee's plant offers. */
  bankOptions: string[];
  /** `stateType:stateId` of every entry of the dictionaries asked for. */
  dictionary: Set<string>;
  /** The request that used the idempotency key, while it lives. */
  keyUse: { action: string; answer: unknown } | null;
};

type EditStateRead = {
  employeeId: number;
  bu: string;
  sets: readonly RecordSet[];
  dictionaryTypes: readonly string[];
  key?: string;
};

type EditStateRow = {
  versions: { recordSet: string; version: number; pending: boolean }[];
  base: Record<string, unknown> | null;
  certificates: Record<string, unknown>[];
  bank: Record<string, unknown> | null;
  bank_options: string[];
  dictionary: string[];
  key_use: EditState['keyUse'];
};

/** Per edit (its index `i`): its sets' versions, the records of those sets, its plant's banks, the dictionaries, its key. */
const READ_EDIT_STATES_SQL = `
select s.i,
  (select coalesce(jsonb_agg(jsonb_build_object('recordSet', record_set, 'version', version, 'pending', pending)), '[]')
   from record_versions where employee_id = s.employee_id and record_set = any(s.sets)) as versions,
  (select to_jsonb(p) from employee_profiles p where 'base' = any(s.sets) and p.employee_id = s.employee_id) as base,
  (select coalesce(jsonb_agg(to_jsonb(c) order by c.id), '[]') from certificates c
   where c.employee_id = s.employee_id and c.cer_type = any(s.sets)) as certificates,
  (select to_jsonb(b) from bank_cards b where 'bank' = any(s.sets) and b.employee_id = s.employee_id) as bank,
  (select coalesce(jsonb_agg(bank_name order by sort, bank_name), '[]') from plant_banks
   where 'bank' = any(s.sets) and bu = s.bu) as bank_options,
  (select coalesce(jsonb_agg(state_type || ':' || state_id), '[]') from dictionary_items
   where state_type = any(s.dictionary_types)) as dictionary,
  (select jsonb_build_object('action', action, 'answer', answer) from idempotency_keys k
   where s.key is not null and k.employee_id = s.employee_id and k.key = s.key
     and k.created_at >= now() - $2::interval) as key_use
from jsonb_to_recordset($1::jsonb) as s(i int, employee_id int, bu text, sets text[], dictionary_types text[], key text)`;

const editStateOf = ({ sets }: EditStateRead, row: EditStateRow): EditState => {
  const cerTypes = CER_TYPES.filter((cerType) => sets.includes(cerType));
  const versions: Record<string, number> = {};
  for (const set of sets) versions[set] = row.versions.find((state) => state.recordSet === set)?.version ?? 0;
  return {
    versions,
    isPending: row.versions.some((state) => state.pending),
    live: liveRecordsOf(
      cerTypes,
      row.base ? baseOf(schemaNamed(row.base)) : undefined,
      row.certificates.map((certificate) => certificateOf(schemaNamed(certificate))),
      row.bank ? bankOf(schemaNamed(row.bank)) : undefined,
    ),
    bankOptions: row.bank_options,
    dictionary: new Set(row.dictionary),
    keyUse: row.key_use,
  };
};

const readEditStates = async (db: Db, reads: readonly EditStateRead[]) => {
  const { rows } = await db.$client.query<EditStateRow & { i: number }>({
    name: 'edit_states_read',
    text: READ_EDIT_STATES_SQL,
    values: [
      JSON.stringify(
        reads.map((read, i) => ({
          i,
          employee_id: read.employeeId,
          bu: read.bu,
          sets: read.sets,
          dictionary_types: read.dictionaryTypes,
          key: read.key ?? null,
        })),
      ),
      IDEMPOTENCY_KEY_LIFETIME,
    ],
  });
  const byIndex = new Map(rows.map((row) => [row.i, row]));
  return reads.map((read, i) => {
    const row = byIndex.get(i);
    if (!row) throw new Error('the edit state was not read');
    return editStateOf(read, row);
  });
};

/**
 * Everything an edit is checked and proposed against, in one statement (one snapshot) with the edits of the same
 * moment (db/statement-batcher.ts).
 */
export const readEditState = batcherPerDatabase((db: Db) =>
  createStatementBatcher<EditStateRead, EditState>({ runBatch: (reads) => readEditStates(db, reads) }),
);

/** The current version of each set (0 for a set never written). */
export const readVersions = async (db: Executor, employeeId: number, sets: readonly string[]) => {
  const rows = await db
    .select({ recordSet: recordVersions.recordSet, version: recordVersions.version })
    .from(recordVersions)
    .where(and(eq(recordVersions.employeeId, employeeId), inArray(recordVersions.recordSet, [...sets])));
  const versions: Record<string, number> = {};
  for (const set of sets) versions[set] = rows.find((row) => row.recordSet === set)?.version ?? 0;
  return versions;
};

/** The review is over (rejected): the sets take edits again. */
export const releaseRecordSets = async (tx: Executor, employeeId: number, sets: readonly string[]) => {
  await tx
    .update(recordVersions)
    .set({ pending: false })
    .where(and(eq(recordVersions.employeeId, employeeId), inArray(recordVersions.recordSet, [...sets])));
};

/**
 * Raises the version of each set and takes edits again, but only from the version given: a set written since then
 * (by HR, by another decision) refuses the change, and the transaction rolls back.
 */
export const raiseVersions = async (tx: Executor, employeeId: number, expected: Record<string, number>) => {
  for (const [recordSet, version] of Object.entries(expected)) {
    const isExpected = sql`${recordVersions.version} = ${version}`;
    const raise = { version: sql`${recordVersions.version} + 1`, pending: false };
    // A set never written has no row: version 0 is its first.
    const raised =
      version === 0
        ? await tx
            .insert(recordVersions)
            .values({ employeeId, recordSet, version: 1 })
            .onConflictDoUpdate({
              target: [recordVersions.employeeId, recordVersions.recordSet],
              set: raise,
              setWhere: isExpected,
            })
            .returning({ version: recordVersions.version })
        : await tx
            .update(recordVersions)
            .set(raise)
            .where(and(eq(recordVersions.employeeId, employeeId), eq(recordVersions.recordSet, recordSet), isExpected))
            .returning({ version: recordVersions.version });
    if (raised.length === 0) throw new BusinessError('CHANGE_STALE');
  }
};

const certificateRow = (values: CertificateValues) => ({
  major: values.major,
  title: values.title,
  schoolName: values.schoolName,
  cerStartDate: values.cerStartDate,
  cerEndDate: values.cerEndDate,
  cerEffDate: values.cerEffDate,
  fileId: fileIdOf(values.filePath) ?? null,
  quitReason: values.quitReason,
  personalSkill: values.personalSkill,
});

/** Writes proposed records into the records (the caller has raised the versions in the same transaction). */
export const applyProposedRecords = async (tx: Executor, employeeId: number, proposed: ProposedRecords) => {
  if (proposed.base) {
    const { empCard, empCardScanUp, empCardScanDown, ...values } = proposed.base;
    const row = {
      ...values,
      cardScanUpId: fileIdOf(empCardScanUp) ?? null,
      cardScanDownId: fileIdOf(empCardScanDown) ?? null,
      ...('sealed' in empCard ? { empCardEnc: empCard.sealed, empCardMasked: empCard.masked } : {}),
      updatedAt: sql`now()`,
    };
    await tx
      .insert(employeeProfiles)
      .values({ employeeId, ...row })
      .onConflictDoUpdate({ target: employeeProfiles.employeeId, set: row });
  }
  for (const [cerType, ops] of Object.entries(proposed.certificates ?? {}) as [CerType, CertificateOps][]) {
    const ofEmployee = and(eq(certificates.employeeId, employeeId), eq(certificates.cerType, cerType));
    if (ops.remove.length > 0) {
      const removed = await tx
        .delete(certificates)
        .where(and(ofEmployee, inArray(certificates.id, ops.remove)))
        .returning({ id: certificates.id });
      if (removed.length !== ops.remove.length) throw new BusinessError('CHANGE_RECORD_GONE');
    }
    for (const { id, ...values } of ops.edit) {
      const edited = await tx
        .update(certificates)
        .set(certificateRow(values))
        .where(and(ofEmployee, eq(certificates.id, id)))
        .returning({ id: certificates.id });
      if (edited.length === 0) throw new BusinessError('CHANGE_RECORD_GONE');
    }
    if (ops.add.length > 0) {
      await tx
        .insert(certificates)
        .values(ops.add.map((values) => ({ employeeId, cerType, ...certificateRow(values) })));
    }
  }
  if (proposed.bank) {
    const { bankNo, filePath, ...values } = proposed.bank;
    const numbers = 'sealed' in bankNo ? { bankNoEnc: bankNo.sealed, bankNoMasked: bankNo.masked } : {};
    const row = { ...values, fileId: fileIdOf(filePath) ?? null, updatedAt: sql`now()`, ...numbers };
    if ('sealed' in bankNo) {
      await tx
        .insert(bankCards)
        .values({ employeeId, ...row, bankNoEnc: bankNo.sealed, bankNoMasked: bankNo.masked })
        .onConflictDoUpdate({ target: bankCards.employeeId, set: row });
    } else {
      const updated = await tx
        .update(bankCards)
        .set(row)
        .where(eq(bankCards.employeeId, employeeId))
        .returning({ id: bankCards.employeeId });
      if (updated.length === 0) throw new BusinessError('CHANGE_RECORD_GONE');
    }
  }
};

/** The record sets proposed records write. */
export const setsOfProposed = (proposed: ProposedRecords): RecordSet[] => [
  ...(proposed.base ? (['base'] as const) : []),
  ...(Object.keys(proposed.certificates ?? {}) as CerType[]),
  ...(proposed.bank ? (['bank'] as const) : []),
];
