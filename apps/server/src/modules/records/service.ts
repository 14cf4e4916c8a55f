// What an employee reads of their own records, and the edit they send for HR's review: nothing is written to the
// records; a change request and its change notice are, with a message to every reviewer, in one transaction.
import type {
  BankCard,
  CerType,
  CertificateRow,
  ChangeNotice,
  EmployeeInfo,
  PendingChange,
} from '@ess/contract/records';
import { CHANGE_KIND_WORDS, isIdCardNumber, MASKED_NUMBER, SUBMITTED_FOR_REVIEW } from '@ess/contract/records';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { withIdempotentTransaction } from '../../core/idempotency';
import type { Notifier } from '../../core/notifier';
import type { PersonalDataCipher } from '../../core/personal-data';
import { maskBankNo, maskIdCard } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { changeRequests, dictionaryItems, employees, notices, plantBanks } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { Executor } from '../../db/transaction';
import { attachFiles } from '../files/service';
import { sendMessages } from '../notices/messages';
import {
  BASE_KEYS,
  type BankValues,
  type BaseValues,
  CERTIFICATE_KEYS,
  type CertificateOps,
  type CertificateValues,
  claimRecordSets,
  type LiveCertificate,
  type LiveRecords,
  loadBank,
  loadBase,
  loadCertificates,
  loadLiveRecords,
  type Proposal,
  type ProposedNumber,
  sameValues,
} from './live-records';
import { BASE_DICTIONARIES, RECORD_SETS_OF, type RecordSet } from './record-sets';

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

const pendingOf = (row: { id: number; kind: string; submittedAt: string } | undefined): PendingChange | null =>
  row ? { id: row.id, kind: row.kind as PendingChange['kind'], submittedAt: row.submittedAt } : null;

export const getEmployeeInfo = async ({ db }: Pick<RecordsDeps, 'db'>, caller: Caller): Promise<EmployeeInfo> => {
  const [[employee], base, [pending]] = await Promise.all([
    db
      .select({
        empNo: employees.empNo,
        empName: employees.name,
        empEnterDate: employees.enterDate,
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
    appReadStatus: employee.appReadStatus === 'Y' ? 'Y' : 'N',
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
    pendingChange: pendingOf(pending),
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
    const proposal = request.proposed as Proposal;
    for (const cerType of cerTypes) {
      const ops = proposal.certificates?.[cerType];
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
  const proposed = (pending?.proposed as Proposal | undefined)?.bank;
  const pendingCard: BankCard | undefined = proposed
    ? bankCardOf(proposed, 'masked' in proposed.bankNo ? proposed.bankNo.masked : (bank?.bankNoMasked ?? ''))
    : undefined;
  return {
    bankCard: bank ? bankCardOf(bank, bank.bankNoMasked) : null,
    bankOptions,
    pendingChange: pending && pendingCard ? { ...(pendingOf(pending) as PendingChange), bankCard: pendingCard } : null,
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

/** Dictionary values must be entries of their dictionary (a stale screen, or a forged request). */
const checkDictionaryValues = async (db: Executor, choices: { stateType: string; value: string; label: string }[]) => {
  const given = choices.filter(({ value }) => value !== '');
  if (given.length === 0) return;
  const known = await db
    .select({ stateType: dictionaryItems.stateType, stateId: dictionaryItems.stateId })
    .from(dictionaryItems)
    .where(inArray(dictionaryItems.stateType, [...new Set(given.map(({ stateType }) => stateType))]));
  for (const { stateType, value, label } of given) {
    if (!known.some((entry) => entry.stateType === stateType && entry.stateId === value)) {
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

type SentBase = Extract<ChangeNotice, { NoticeType: 'APP_EDIT_PERSON' }>['NoticeBody']['base'];
type SentBank = Extract<ChangeNotice, { NoticeType: 'APP_EDIT_BANK' }>['NoticeBody']['bank'];

const baseProposal = (cipher: PersonalDataCipher, sent: SentBase, live: LiveRecords['base']) => {
  const empCard = sealNumber(cipher, sent.empCard, maskIdCard);
  if ('keep' in empCard && !live?.empCardSealed) throw new BusinessError('ID_CARD_REQUIRED');
  if (sent.empCard && !MASKED_NUMBER.test(sent.empCard) && !isIdCardNumber(sent.empCard)) {
    throw new BusinessError('INVALID_INPUT', { detail: '请填写正确的身份证号码' });
  }
  const values: BaseValues = {
    empTelNo: sent.empTelNo,
    address: sent.address,
    empCardType: sent.empCardType,
    empHeight: sent.empHeight,
    empWeight: sent.empWeight,
    empEmail: sent.empEmail,
    empPolitical: sent.empPolitical,
    isMarry: sent.isMarry,
    // Birth status belongs to the married (SPEC §5: shown only when married).
    hasBirth: sent.isMarry === 'Y' ? (sent.hasBirth ?? '') : '',
    empCardScanUp: sent.empCardScanUp,
    empCardScanDown: sent.empCardScanDown,
    emergencyContactName: sent.emergencyContactName,
    emergencyContactRelation: sent.emergencyContactRelation ?? '',
    emergencyContactTelNo: sent.emergencyContactTelNo,
  };
  const isUnchanged = 'keep' in empCard && live !== undefined && sameValues(BASE_KEYS, live, values);
  return { proposal: { ...values, empCard }, isUnchanged };
};

const bankProposal = (cipher: PersonalDataCipher, sent: SentBank, live: LiveRecords['bank']) => {
  const digits = sent.bankNo.replace(/ /g, '');
  const bankNo = sealNumber(cipher, MASKED_NUMBER.test(sent.bankNo) ? sent.bankNo : digits, maskBankNo);
  if ('keep' in bankNo && !live) throw new BusinessError('INVALID_INPUT', { detail: '请填写银行卡号' });
  const values = { bankName: sent.bankName, bankAddress: sent.bankAddress, filePath: sent.filePath };
  const isUnchanged =
    'keep' in bankNo &&
    live !== undefined &&
    sameValues<BankValues>(['bankName', 'bankAddress', 'filePath'], live, values);
  return { proposal: { ...values, bankNo }, isUnchanged };
};

/** What the change notice shows as its body: the new record, numbers masked. */
const noticeBodyOf = (proposal: Proposal) =>
  JSON.stringify({
    ...(proposal.base
      ? {
          base: {
            ...proposal.base,
            empCard: 'masked' in proposal.base.empCard ? proposal.base.empCard.masked : undefined,
          },
        }
      : {}),
    ...(proposal.certificates ? { certificates: proposal.certificates } : {}),
    ...(proposal.bank
      ? {
          bank: {
            ...proposal.bank,
            bankNo: 'masked' in proposal.bank.bankNo ? proposal.bank.bankNo.masked : undefined,
          },
        }
      : {}),
  });

/**
 * SystemNotice/ModifyNotice with an APP_EDIT_* type: the edit becomes a change request for HR's review and a
 * change notice of the employee's. One edit at a time per record: a second one while the first waits is refused.
 */
export const submitChange = ({
  deps: { db, cipher, notifier },
  caller,
  notice,
  requestId,
  idempotencyKey,
}: {
  deps: RecordsDeps;
  caller: Caller;
  notice: ChangeNotice;
  requestId: string;
  idempotencyKey?: string;
}) =>
  withIdempotentTransaction(
    db,
    idempotencyKey ? { employeeId: caller.id, key: idempotencyKey, action: 'change.submit' } : undefined,
    async (tx, afterCommit) => {
      const kind = notice.NoticeType;
      const body = notice.NoticeBody as { cerType?: CerType };
      const sets = RECORD_SETS_OF[kind](body);
      // One edit of a record at a time: refused here (and rolled back) when one is already waiting.
      const baseVersions = await claimRecordSets(tx, caller.id, sets);

      const live = await loadLiveRecords(tx, caller.id, sets);
      const proposal: Proposal = {};
      let hasChanges = false;
      const fileUses: Parameters<typeof attachFiles>[2] = [];

      // Dictionary choices of the base data and the education levels, checked together.
      const choices: Parameters<typeof checkDictionaryValues>[1] = [];
      if ('base' in notice.NoticeBody && notice.NoticeType === 'APP_EDIT_PERSON') {
        const sent = notice.NoticeBody.base;
        for (const { key, stateType, label } of BASE_DICTIONARIES) {
          choices.push({ stateType, label, value: String(sent[key] ?? '') });
        }
        const base = baseProposal(cipher, sent, live.base);
        proposal.base = base.proposal;
        hasChanges ||= !base.isUnchanged;
        fileUses.push(
          { path: sent.empCardScanUp, upTypes: ['CARD'] },
          { path: sent.empCardScanDown, upTypes: ['CARD'] },
        );
      }
      const sentLists: Partial<Record<CerType, (CertificateValues & { id?: number })[]>> = {};
      if ('educations' in notice.NoticeBody) {
        const { educations } = notice.NoticeBody;
        for (const { major } of educations) choices.push({ stateType: 'MAJOR', value: major, label: '学历' });
        sentLists.CER01 = educations.map(({ id, ...record }) => ({ id, ...certificateValuesOf(record) }));
      }
      if (notice.NoticeType === 'APP_EDIT_WORK') {
        sentLists.CER04 = notice.NoticeBody.records.map(({ id, ...record }) => ({
          id,
          ...certificateValuesOf(record),
        }));
      }
      if (notice.NoticeType === 'APP_EDIT_TITLE') {
        const { cerType, records } = notice.NoticeBody;
        sentLists[cerType] = records.map(({ id, ...record }) => ({ id, ...certificateValuesOf(record) }));
      }
      for (const [cerType, sent] of Object.entries(sentLists) as [CerType, (CertificateValues & { id?: number })[]][]) {
        const ops = certificateOps(live.certificates[cerType] ?? [], sent);
        proposal.certificates = { ...proposal.certificates, [cerType]: ops };
        hasChanges ||= hasCertificateChanges(ops);
        const upTypes = cerType === 'CER01' ? (['SCHOOL', 'TITLE'] as const) : (['TITLE', 'SCHOOL'] as const);
        for (const record of [...ops.add, ...ops.edit]) fileUses.push({ path: record.filePath ?? undefined, upTypes });
      }
      if (notice.NoticeType === 'APP_EDIT_BANK') {
        const sent = notice.NoticeBody.bank;
        if (!(await bankOptionsOf(tx, caller.bu)).includes(sent.bankName)) throw new BusinessError('BANK_NOT_OFFERED');
        const bank = bankProposal(cipher, sent, live.bank);
        proposal.bank = bank.proposal;
        hasChanges ||= !bank.isUnchanged;
        fileUses.push({ path: sent.filePath, upTypes: ['CARD', 'PHOTO-Mobile'] });
      }
      if (!hasChanges) throw new BusinessError('NOTHING_CHANGED');
      await checkDictionaryValues(tx, choices);
      await attachFiles(tx, caller, fileUses);

      const word = CHANGE_KIND_WORDS[kind];
      // The change notice and the change request naming it, in one statement.
      const noticeValues = {
        title: notice.NoticeTitle || `修改${word}信息`,
        description: notice.NoticeDesc || `修改${word}信息，待审核`,
        body: noticeBodyOf(proposal),
      };
      const { rows } = await tx.execute<{ id: number; notice_id: number }>(sql`
        with notice as (
          insert into ${notices} (employee_id, bu, notice_type, title, description, body)
          values (${caller.id}, ${caller.bu}, ${kind}, ${noticeValues.title}, ${noticeValues.description}, ${noticeValues.body})
          returning id)
        insert into ${changeRequests} (employee_id, bu, kind, record_sets, base_versions, proposed, notice_id)
        select ${caller.id}, ${caller.bu}, ${kind}, ${sql.param(sets)}::text[], ${JSON.stringify(baseVersions)}::jsonb,
               ${JSON.stringify(proposal)}::jsonb, notice.id
        from notice
        returning id, notice_id`);
      const [request] = rows;
      if (!request) throw new Error('the change request was not stored');
      // Every reviewer hears of it; one editing their own records does not review them: the others do.
      await sendMessages(
        { tx, afterCommit, notifier },
        {
          to: { role: 'AppVerify', except: caller.id },
          title: '资料审核',
          body: `员工[${caller.empNo}]修改了${word}信息,待审核`,
          kind: 'review.submitted',
        },
      );
      await recordAudit(tx, {
        actor: caller,
        action: 'change.submit',
        subject: { type: 'change_request', id: request.id },
        after: { kind, recordSets: sets, baseVersions, notice: request.notice_id },
        requestId,
      });
      return { id: request.id, msg: SUBMITTED_FOR_REVIEW };
    },
  );
