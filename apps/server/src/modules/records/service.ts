// What an employee reads of their own records, and the edit they send for HR's review: nothing is written to the
// records; a change request and its change notice are, with a message to every reviewer, in one write statement.
import type {
  BankCard,
  CerType,
  CertificateRow,
  ChangeBody,
  ChangeKind,
  ChangeNotice,
  EmployeeInfo,
  PendingChangeRequest,
} from '@ess/contract/records';
import { changeWordOf, MASKED_NUMBER, SUBMITTED_FOR_REVIEW } from '@ess/contract/records';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { answerOfKey, earlierAnswer } from '../../core/idempotency';
import { announceMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import type { PersonalDataCipher } from '../../core/personal-data';
import { maskBankNo, maskIdCard } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { refusalOf } from '../../db/refusal';
import { changeRequests, employees, plantBanks } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { Executor } from '../../db/transaction';
import { fileRulesOf } from '../files/service';
import { handbookStatusOf } from '../handbook/service';
import { writeChange } from './change-writes';
import {
  type BankValues,
  type BaseValues,
  type CertificateOps,
  type CertificateValues,
  type LiveCertificate,
  type LiveRecords,
  loadBank,
  loadBase,
  loadCertificates,
  type ProposedNumber,
  type ProposedRecords,
  proposedRecordsOf,
  readEditState,
  sameValues,
} from './live-records';
import {
  BANK_KEYS,
  BASE_KEYS,
  CERTIFICATE_KEYS,
  dictionaryFieldsOf,
  fileFieldsOf,
  type RecordSet,
} from './record-sets';

export type RecordsDeps = { db: Db; cipher: PersonalDataCipher; notifier: Notifier };

/** The pending change requests of an employee that touch any of the sets. */
const pendingRequests = (db: Executor, employeeId: number, sets: readonly RecordSet[]) =>
  db
    .select({
      id: changeRequests.id,
      kind: changeRequests.kind,
      proposed: changeRequests.proposed,
      submittedAt: shanghaiTime(changeRequests.createdAt),
    })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.employeeId, employeeId),
        eq(changeRequests.status, 'pending'),
        sql`${changeRequests.recordSets} && ${sql.param([...sets])}::text[]`,
      ),
    )
    .orderBy(asc(changeRequests.id));

const pendingOf = (row: { id: number; kind: string; submittedAt: string } | undefined): PendingChangeRequest | null =>
  row ? { id: row.id, kind: row.kind as PendingChangeRequest['kind'], submittedAt: row.submittedAt } : null;

/** The change request each of these notices carries (a record edit's notice; feedback carries none), by notice. */
export const changeRequestsOfNotices = async (db: Executor, noticeIds: readonly number[]) => {
  if (noticeIds.length === 0) return new Map<number, { id: number; status: string }>();
  const rows = await db
    .select({ noticeId: changeRequests.noticeId, id: changeRequests.id, status: changeRequests.status })
    .from(changeRequests)
    .where(inArray(changeRequests.noticeId, [...noticeIds]));
  return new Map(rows.map(({ noticeId, ...request }) => [noticeId as number, request]));
};

export const getEmployeeInfo = async ({ db }: Pick<RecordsDeps, 'db'>, caller: Caller): Promise<EmployeeInfo> => {
  const [[employee], base, [pending]] = await Promise.all([
    db
      .select({
        empNo: employees.empNo,
        empName: employees.name,
        empEnterDate: employees.enterDate,
        bu: employees.bu,
        appReadStatus: employees.appReadStatus,
      })
      .from(employees)
      .where(eq(employees.id, caller.id)),
    loadBase(db, caller.id),
    pendingRequests(db, caller.id, ['base', 'CER01']),
  ]);
  if (!employee) throw new BusinessError('EMPLOYEE_NOT_FOUND');
  return {
    empNo: employee.empNo,
    empName: employee.empName,
    empEnterDate: employee.empEnterDate,
    appReadStatus: (await handbookStatusOf(db, { id: caller.id, ...employee })).appReadStatus,
    empCard: base?.empCardMasked ?? '',
    empTelNo: base?.empTelNo ?? '',
    address: base?.address ?? '',
    empCardType: base?.empCardType ?? '',
    empHeight: base?.empHeight ?? null,
    empWeight: base?.empWeight ?? null,
    empEmail: base?.empEmail ?? '',
    empPolitical: base?.empPolitical ?? '',
    isMarry: base?.isMarry ?? '',
    hasBirth: base?.hasBirth ?? '',
    empCardScanUp: base?.empCardScanUp ?? null,
    empCardScanDown: base?.empCardScanDown ?? null,
    emergencyContactName: base?.emergencyContactName ?? '',
    emergencyContactRelation: base?.emergencyContactRelation ?? '',
    emergencyContactTelNo: base?.emergencyContactTelNo ?? '',
    pendingChangeRequest: pendingOf(pending),
  };
};

const certificateRowOf = (
  caller: Caller,
  cerType: CerType,
  values: CertificateValues,
  extra: Pick<CertificateRow, 'id' | 'pendingAction' | 'replacesId'>,
): CertificateRow => ({ cerType, empNo: caller.empNo, empId: caller.id, ...values, ...extra });

/**
 * TitleCerFile/GetTitleCer (approved only) and GetTitleCerWithUnVerify (approved, then the records of pending
 * edits without an id: each says whether it is added, edited or deleted, and which approved record it is about).
 */
export const getCertificates = async (
  { db }: Pick<RecordsDeps, 'db'>,
  caller: Caller,
  { cerTypes, withPending }: { cerTypes: readonly CerType[]; withPending: boolean },
): Promise<CertificateRow[]> => {
  const live = await loadCertificates(db, caller.id, cerTypes);
  const rows = live.map(({ id, cerType, ...values }) => certificateRowOf(caller, cerType, values, { id }));
  if (!withPending) return rows;
  const liveById = new Map(live.map((record) => [record.id, record]));
  for (const request of await pendingRequests(db, caller.id, cerTypes)) {
    const proposed = proposedRecordsOf(request.proposed);
    for (const cerType of cerTypes) {
      const ops = proposed.certificates?.[cerType];
      if (!ops) continue;
      for (const values of ops.add) rows.push(certificateRowOf(caller, cerType, values, { pendingAction: 'add' }));
      for (const { id, ...values } of ops.edit) {
        rows.push(certificateRowOf(caller, cerType, values, { pendingAction: 'edit', replacesId: id }));
      }
      for (const id of ops.remove) {
        const record = liveById.get(id);
        if (!record) continue;
        const { id: _id, cerType: _type, ...values } = record;
        rows.push(certificateRowOf(caller, cerType, values, { pendingAction: 'delete', replacesId: id }));
      }
    }
  }
  return rows;
};

const bankCardOf = (values: { bankName: string; bankAddress: string; filePath: string | null }, masked: string) => ({
  bankName: values.bankName,
  bankAddress: values.bankAddress,
  bankNo: masked,
  filePath: values.filePath,
});

export const bankOptionsOf = async (db: Executor, bu: string) =>
  (
    await db
      .select({ bankName: plantBanks.bankName })
      .from(plantBanks)
      .where(eq(plantBanks.bu, bu))
      .orderBy(asc(plantBanks.sort), asc(plantBanks.bankName))
  ).map(({ bankName }) => bankName);

export const getBankCard = async ({ db }: Pick<RecordsDeps, 'db'>, caller: Caller) => {
  const [bank, bankOptions, [pending]] = await Promise.all([
    loadBank(db, caller.id),
    bankOptionsOf(db, caller.bu),
    pendingRequests(db, caller.id, ['bank']),
  ]);
  const proposed = pending ? proposedRecordsOf(pending.proposed).bank : undefined;
  const pendingCard: BankCard | undefined = proposed
    ? bankCardOf(proposed, 'masked' in proposed.bankNo ? proposed.bankNo.masked : (bank?.bankNoMasked ?? ''))
    : undefined;
  return {
    bankCard: bank ? bankCardOf(bank, bank.bankNoMasked) : null,
    bankOptions,
    pendingChangeRequest:
      pending && pendingCard ? { ...(pendingOf(pending) as PendingChangeRequest), bankCard: pendingCard } : null,
  };
};

// ——— Sending an edit for review ———

/** The list as sent against the list as it is: what to add, what to change (only what differs), what to remove. */
const certificateOps = (live: LiveCertificate[], sent: (CertificateValues & { id?: number })[]): CertificateOps => {
  const liveById = new Map(live.map((record) => [record.id, record]));
  const keptIds = new Set<number>();
  const ops: CertificateOps = { add: [], edit: [], remove: [] };
  for (const { id, ...values } of sent) {
    if (id === undefined) {
      ops.add.push(values);
      continue;
    }
    const record = liveById.get(id);
    if (!record || keptIds.has(id)) throw new BusinessError('RECORD_NOT_FOUND');
    keptIds.add(id);
    if (!sameValues(CERTIFICATE_KEYS, record, values)) ops.edit.push({ id, ...values });
  }
  ops.remove = live.filter((record) => !keptIds.has(record.id)).map((record) => record.id);
  return ops;
};

const hasCertificateChanges = (ops: CertificateOps) => ops.add.length + ops.edit.length + ops.remove.length > 0;

/** A certificate as the form sends it, with every field the table has. */
const certificateValuesOf = (record: Partial<Record<keyof CertificateValues, string>>): CertificateValues => ({
  major: record.major ?? '',
  title: record.title ?? '',
  schoolName: record.schoolName ?? '',
  cerStartDate: record.cerStartDate ?? null,
  cerEndDate: record.cerEndDate ?? null,
  cerEffDate: record.cerEffDate ?? null,
  filePath: record.filePath ?? null,
  quitReason: record.quitReason ?? '',
  personalSkill: record.personalSkill ?? '',
});

type DictionaryChoice = { stateType: string; value: string; label: string };

/** Dictionary values must be entries of their dictionary (a stale screen, or a forged request). */
const checkDictionaryValues = (known: Set<string>, choices: DictionaryChoice[]) => {
  for (const { stateType, value, label } of choices) {
    if (value !== '' && !known.has(`${stateType}:${value}`)) {
      throw new BusinessError('DICTIONARY_VALUE_UNKNOWN', { field: label });
    }
  }
};

const sealNumber = (
  cipher: PersonalDataCipher,
  sent: string | undefined,
  mask: (value: string) => string,
): ProposedNumber =>
  !sent || MASKED_NUMBER.test(sent) ? { keep: true } : { sealed: cipher.seal(sent), masked: mask(sent) };

type SentBase = ChangeBody<'APP_EDIT_PERSON'>['base'];
type SentBank = ChangeBody<'APP_EDIT_BANK'>['bank'];
type SentCertificate = Partial<Record<keyof CertificateValues, string>> & { id?: number };

/** What an edit sends, by the record sets it touches: the base data, whole certificate lists, the card. */
type SentRecords = {
  base?: SentBase;
  certificates?: Partial<Record<CerType, SentCertificate[]>>;
  bank?: SentBank;
};

/**
 * The change-request kinds: what each one's body sends, by record set. The sets it claims, the proposed records,
 * the files it uses and the dictionaries it is checked against all follow from the sets and their catalogues.
 */
const CHANGE_REQUEST_KINDS: { [K in ChangeKind]: (body: ChangeBody<K>) => SentRecords } = {
  APP_EDIT_PERSON: ({ base, educations }) => ({ base, certificates: { CER01: educations } }),
  APP_EDIT_EDU: ({ educations }) => ({ certificates: { CER01: educations } }),
  APP_EDIT_WORK: ({ records }) => ({ certificates: { CER04: records } }),
  APP_EDIT_TITLE: ({ cerType, records }) => ({ certificates: { [cerType]: records } }),
  APP_EDIT_BANK: ({ bank }) => ({ bank }),
};

const sentRecordsOf = (notice: ChangeNotice): SentRecords =>
  (CHANGE_REQUEST_KINDS[notice.NoticeType] as (body: ChangeNotice['NoticeBody']) => SentRecords)(notice.NoticeBody);

const certificateListsOf = (sent: SentRecords) =>
  Object.entries(sent.certificates ?? {}) as [CerType, SentCertificate[]][];

/** The record sets an edit touches. */
const setsOfSent = (sent: SentRecords): RecordSet[] => [
  ...(sent.base ? (['base'] as const) : []),
  ...certificateListsOf(sent).map(([cerType]) => cerType),
  ...(sent.bank ? (['bank'] as const) : []),
];

/** Every dictionary value an edit sends, with the dictionary and the field's label. */
const dictionaryChoicesOf = (sent: SentRecords): DictionaryChoice[] => {
  const recordsBySet: [RecordSet, Record<string, unknown>[]][] = certificateListsOf(sent);
  if (sent.base) recordsBySet.unshift(['base', [sent.base]]);
  return recordsBySet.flatMap(([set, records]) =>
    dictionaryFieldsOf(set).flatMap(({ key, label, stateType }) =>
      records.map((record) => ({ stateType, label, value: String(record[key] ?? '') })),
    ),
  );
};

/** The files the records use, with the upload types each field takes. */
const fileUsesOf = (set: RecordSet, records: Record<string, unknown>[]) =>
  fileFieldsOf(set).flatMap(({ key, upTypes }) =>
    records.map((record) => ({ path: (record[key] as string | null | undefined) ?? undefined, upTypes })),
  );

const baseProposed = (cipher: PersonalDataCipher, sent: SentBase, live: LiveRecords['base']) => {
  const empCard = sealNumber(cipher, sent.empCard, maskIdCard);
  if ('keep' in empCard && !live?.empCardSealed) throw new BusinessError('ID_CARD_REQUIRED');
  const values: BaseValues = {
    empTelNo: sent.empTelNo,
    address: sent.address,
    empCardType: sent.empCardType,
    empHeight: sent.empHeight,
    empWeight: sent.empWeight,
    empEmail: sent.empEmail,
    empPolitical: sent.empPolitical,
    isMarry: sent.isMarry,
    hasBirth: sent.hasBirth ?? '',
    empCardScanUp: sent.empCardScanUp,
    empCardScanDown: sent.empCardScanDown,
    emergencyContactName: sent.emergencyContactName,
    emergencyContactRelation: sent.emergencyContactRelation ?? '',
    emergencyContactTelNo: sent.emergencyContactTelNo,
  };
  const isUnchanged = 'keep' in empCard && live !== undefined && sameValues(BASE_KEYS, live, values);
  return { proposed: { ...values, empCard }, isUnchanged };
};

const bankProposed = (cipher: PersonalDataCipher, sent: SentBank, live: LiveRecords['bank']) => {
  const digits = sent.bankNo.replace(/ /g, '');
  const bankNo = sealNumber(cipher, MASKED_NUMBER.test(sent.bankNo) ? sent.bankNo : digits, maskBankNo);
  if ('keep' in bankNo && !live) throw new BusinessError('INVALID_INPUT', { detail: '请填写银行卡号' });
  const values: BankValues = { bankName: sent.bankName, bankAddress: sent.bankAddress, filePath: sent.filePath };
  const isUnchanged = 'keep' in bankNo && live !== undefined && sameValues(BANK_KEYS, live, values);
  return { proposed: { ...values, bankNo }, isUnchanged };
};

/** What the change notice shows as its body: the new records, numbers masked. */
const noticeBodyOf = (proposed: ProposedRecords) =>
  JSON.stringify({
    ...(proposed.base
      ? {
          base: {
            ...proposed.base,
            empCard: 'masked' in proposed.base.empCard ? proposed.base.empCard.masked : undefined,
          },
        }
      : {}),
    ...(proposed.certificates ? { certificates: proposed.certificates } : {}),
    ...(proposed.bank
      ? {
          bank: {
            ...proposed.bank,
            bankNo: 'masked' in proposed.bank.bankNo ? proposed.bank.bankNo.masked : undefined,
          },
        }
      : {}),
  });

/** The edit against the live records: the records it proposes (refused when nothing changes), the files it uses. */
const proposeChange = ({
  cipher,
  sent,
  live,
  bankOptions,
}: {
  cipher: PersonalDataCipher;
  sent: SentRecords;
  live: LiveRecords;
  bankOptions: readonly string[];
}) => {
  const proposed: ProposedRecords = {};
  let hasChanges = false;
  const fileUses: Parameters<typeof fileRulesOf>[0] = [];
  if (sent.base) {
    const base = baseProposed(cipher, sent.base, live.base);
    proposed.base = base.proposed;
    hasChanges ||= !base.isUnchanged;
    fileUses.push(...fileUsesOf('base', [sent.base]));
  }
  for (const [cerType, records] of certificateListsOf(sent)) {
    const ops = certificateOps(
      live.certificates[cerType] ?? [],
      records.map(({ id, ...record }) => ({ id, ...certificateValuesOf(record) })),
    );
    proposed.certificates = { ...proposed.certificates, [cerType]: ops };
    hasChanges ||= hasCertificateChanges(ops);
    // Only the records the edit adds or changes take their files.
    fileUses.push(...fileUsesOf(cerType, [...ops.add, ...ops.edit]));
  }
  if (sent.bank) {
    if (!bankOptions.includes(sent.bank.bankName)) throw new BusinessError('BANK_NOT_OFFERED');
    const bank = bankProposed(cipher, sent.bank, live.bank);
    proposed.bank = bank.proposed;
    hasChanges ||= !bank.isUnchanged;
    fileUses.push(...fileUsesOf('bank', [sent.bank]));
  }
  if (!hasChanges) throw new BusinessError('NOTHING_CHANGED');
  return { proposed, fileRules: fileRulesOf(fileUses) };
};

type SubmitChangeRequestInput = {
  deps: RecordsDeps;
  caller: Caller;
  notice: ChangeNotice;
  requestId: string;
  idempotencyKey?: string;
};

/** What a submission answers, and what a repeat of its idempotency key answers. */
type Submitted = { id: number; msg: string };

/** An edit that lost a race between its reads and its write is read and sent again, this many times at most. */
const SUBMIT_ATTEMPTS = 3;

/**
 * SystemNotice/ModifyNotice with an APP_EDIT_* type: the edit becomes a change request for HR's review and a
 * change notice of the employee's. One edit at a time per record: a second one while the first waits is refused.
 */
export const submitChangeRequest = async (input: SubmitChangeRequestInput): Promise<Submitted> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await submitOnce(input);
    } catch (error) {
      // A decision on the sets, or an edit of another tab, came between the reads and the write: read again.
      if (refusalOf(error) === 'SETS_NOT_CLAIMED' && attempt < SUBMIT_ATTEMPTS) continue;
      const refusal = await submitRefusal(input, error);
      if ('answer' in refusal) return refusal.answer;
      throw refusal.error;
    }
  }
};

/** The refusal a write statement raised, as the caller hears it (a repeated key answers what it answered first). */
const submitRefusal = async (
  { deps, caller, idempotencyKey }: SubmitChangeRequestInput,
  error: unknown,
): Promise<{ answer: Submitted } | { error: unknown }> => {
  const reason = refusalOf(error);
  if (reason === 'KEY_IN_USE' && idempotencyKey) {
    const earlier = await earlierAnswer<Submitted>(deps.db, {
      employeeId: caller.id,
      key: idempotencyKey,
      action: 'change.submit',
    });
    return earlier ? { answer: earlier.answer } : { error: new BusinessError('IDEMPOTENCY_KEY_REUSED') };
  }
  if (reason === 'SETS_NOT_CLAIMED') return { error: new BusinessError('CHANGE_PENDING') };
  if (reason === 'FILE_NOT_USABLE') return { error: new BusinessError('FILE_NOT_USABLE') };
  return { error };
};

/**
 * One read statement, then one write statement: two round trips, and no transaction held open while Node works.
 * The records and their sets' versions are read in one snapshot, and the write claims the sets only at those
 * versions, so a record written in between (a decision) makes the write refuse instead of proposing against stale
 * records.
 */
const submitOnce = async ({
  deps: { db, cipher, notifier },
  caller,
  notice,
  requestId,
  idempotencyKey,
}: SubmitChangeRequestInput) => {
  const kind = notice.NoticeType;
  const sent = sentRecordsOf(notice);
  const sets = setsOfSent(sent);
  const key = idempotencyKey ?? null;
  const state = await readEditState(db, {
    employeeId: caller.id,
    bu: caller.bu,
    sets,
    dictionaryTypes: [...new Set(sets.flatMap((set) => dictionaryFieldsOf(set).map(({ stateType }) => stateType)))],
    key: idempotencyKey,
  });
  // A repeat of a request (a double tap, a retry after a lost answer) answers what the first one answered.
  const repeat = answerOfKey<Submitted>(state.keyUse, 'change.submit');
  if (repeat) return repeat.answer;
  // One edit of a record at a time.
  if (state.isPending) throw new BusinessError('CHANGE_PENDING');
  const { proposed, fileRules } = proposeChange({ cipher, sent, live: state.live, bankOptions: state.bankOptions });
  checkDictionaryValues(state.dictionary, dictionaryChoicesOf(sent));

  const word = changeWordOf(kind, sets);
  const title = notice.NoticeTitle || `修改${word}信息`;
  const description = notice.NoticeDesc || `修改${word}信息，待审核`;
  const message = { title: '资料审核', body: `员工[${caller.empNo}]修改了${word}信息,待审核` };
  // One statement with the submissions of the same moment (change-writes.ts), which refuses (and so writes nothing)
  // when a set or a file cannot be claimed or the key is in use.
  const request = await writeChange(db, {
    employeeId: caller.id,
    empNo: caller.empNo,
    bu: caller.bu,
    kind,
    sets,
    versions: state.versions,
    proposed,
    title,
    description,
    noticeBody: noticeBodyOf(proposed),
    files: fileRules,
    key,
    requestId,
    message,
    answerText: SUBMITTED_FOR_REVIEW,
  });
  announceMessages(notifier, {
    employeeIds: request.reviewers,
    kind: 'change-request.submitted',
    content: message.body,
  });
  return { id: request.id, msg: SUBMITTED_FOR_REVIEW };
};
