// What an employee reads of their own records, and the edit they send for HR's review: nothing is written to the
// records; a change request and its change notice are, with a message to every reviewer, in one write statement.
import type {
  BankCard,
  CerType,
  CertificateRow,
  ChangeNotice,
  EmployeeInfo,
  PendingChange,
} from '@ess/contract/records';
import { CHANGE_KIND_WORDS, isIdCardNumber, MASKED_NUMBER, SUBMITTED_FOR_REVIEW } from '@ess/contract/records';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditInsertFrom } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { answerOfKey, earlierAnswer, rememberKeyInsert } from '../../core/idempotency';
import { announceMessages, roleMessagesInsert } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import type { PersonalDataCipher } from '../../core/personal-data';
import { maskBankNo, maskIdCard } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { refusalOf, refuseOnFirst } from '../../db/refusal';
import { changeRequests, employees, files, notices, plantBanks } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { Executor } from '../../db/transaction';
import { fileRulesOf } from '../files/service';
import {
  BASE_KEYS,
  type BankValues,
  type BaseValues,
  CERTIFICATE_KEYS,
  type CertificateOps,
  type CertificateValues,
  claimSetsInsert,
  type LiveCertificate,
  type LiveRecords,
  loadBank,
  loadBase,
  loadCertificates,
  type Proposal,
  type ProposedNumber,
  readEditState,
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

/** The edit against the live records: what it proposes, whether that changes anything, what it names. */
const proposeChange = ({
  cipher,
  notice,
  live,
  bankOptions,
}: {
  cipher: PersonalDataCipher;
  notice: ChangeNotice;
  live: LiveRecords;
  bankOptions: readonly string[];
}) => {
  const proposal: Proposal = {};
  let hasChanges = false;
  const fileUses: Parameters<typeof fileRulesOf>[0] = [];
  // Dictionary choices of the base data and the education levels, checked together.
  const choices: DictionaryChoice[] = [];
  if ('base' in notice.NoticeBody && notice.NoticeType === 'APP_EDIT_PERSON') {
    const sent = notice.NoticeBody.base;
    for (const { key, stateType, label } of BASE_DICTIONARIES) {
      choices.push({ stateType, label, value: String(sent[key] ?? '') });
    }
    const base = baseProposal(cipher, sent, live.base);
    proposal.base = base.proposal;
    hasChanges ||= !base.isUnchanged;
    fileUses.push({ path: sent.empCardScanUp, upTypes: ['CARD'] }, { path: sent.empCardScanDown, upTypes: ['CARD'] });
  }
  const sentLists: Partial<Record<CerType, (CertificateValues & { id?: number })[]>> = {};
  if ('educations' in notice.NoticeBody) {
    const { educations } = notice.NoticeBody;
    for (const { major } of educations) choices.push({ stateType: 'MAJOR', value: major, label: '学历' });
    sentLists.CER01 = educations.map(({ id, ...record }) => ({ id, ...certificateValuesOf(record) }));
  }
  if (notice.NoticeType === 'APP_EDIT_WORK') {
    sentLists.CER04 = notice.NoticeBody.records.map(({ id, ...record }) => ({ id, ...certificateValuesOf(record) }));
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
    if (!bankOptions.includes(sent.bankName)) throw new BusinessError('BANK_NOT_OFFERED');
    const bank = bankProposal(cipher, sent, live.bank);
    proposal.bank = bank.proposal;
    hasChanges ||= !bank.isUnchanged;
    fileUses.push({ path: sent.filePath, upTypes: ['CARD', 'PHOTO-Mobile'] });
  }
  if (!hasChanges) throw new BusinessError('NOTHING_CHANGED');
  return { proposal, choices, fileRules: fileRulesOf(fileUses) };
};

/** The dictionaries an edit of this kind chooses from. */
const dictionaryTypesOf = (notice: ChangeNotice) => [
  ...(notice.NoticeType === 'APP_EDIT_PERSON' ? BASE_DICTIONARIES.map(({ stateType }) => stateType) : []),
  ...('educations' in notice.NoticeBody ? ['MAJOR'] : []),
];

type SubmitChangeInput = {
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
export const submitChange = async (input: SubmitChangeInput): Promise<Submitted> => {
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
  { deps, caller, idempotencyKey }: SubmitChangeInput,
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
}: SubmitChangeInput) => {
  const kind = notice.NoticeType;
  const sets = RECORD_SETS_OF[kind](notice.NoticeBody as { cerType?: CerType });
  const key = idempotencyKey ?? null;
  const state = await readEditState(db, {
    employeeId: caller.id,
    bu: caller.bu,
    sets,
    dictionaryTypes: dictionaryTypesOf(notice),
    key: idempotencyKey,
  });
  // A repeat of a request (a double tap, a retry after a lost answer) answers what the first one answered.
  const repeat = answerOfKey<Submitted>(state.keyUse, 'change.submit');
  if (repeat) return repeat.answer;
  // One edit of a record at a time.
  if (state.isPending) throw new BusinessError('CHANGE_PENDING');
  const { proposal, choices, fileRules } = proposeChange({
    cipher,
    notice,
    live: state.live,
    bankOptions: state.bankOptions,
  });
  checkDictionaryValues(state.dictionary, choices);

  const word = CHANGE_KIND_WORDS[kind];
  const title = notice.NoticeTitle || `修改${word}信息`;
  const description = notice.NoticeDesc || `修改${word}信息，待审核`;
  const message = { title: '资料审核', body: `员工[${caller.empNo}]修改了${word}信息,待审核` };
  // The change notice, the change request naming it, its files marked as used, a message to every reviewer but the
  // caller (one editing their own records does not review them), the audit row and the idempotency key: one
  // statement, which refuses (and so writes nothing) when a set or a file cannot be claimed or the key is in use.
  const { rows } = await executeNamed<{ id: number; reviewers: number[] }>(
    db,
    sql`
    with claim as (${claimSetsInsert(caller.id, state.versions)}),
    attached as (
      update ${files} set attached_at = coalesce(attached_at, now())
      where id = any(${sql.param(fileRules.map(({ id }) => id))}::uuid[]) and owner_id = ${caller.id}
      returning id, kind
    ), notice as (
      insert into ${notices} (employee_id, bu, notice_type, title, description, body)
      values (${caller.id}, ${caller.bu}, ${kind}, ${title}, ${description}, ${noticeBodyOf(proposal)})
      returning id
    ), request as (
      insert into ${changeRequests} (employee_id, bu, kind, record_sets, base_versions, proposed, notice_id)
      select ${caller.id}, ${caller.bu}, ${kind}, ${sql.param(sets)}::text[], ${JSON.stringify(state.versions)}::jsonb,
             ${JSON.stringify(proposal)}::jsonb, notice.id
      from notice
      returning id, notice_id
    ), sent as (${roleMessagesInsert({ role: 'AppVerify', except: caller.id, ...message })}),
    audit as (${auditInsertFrom({
      actor: caller,
      action: 'change.submit',
      subjectType: 'change_request',
      subjectId: sql`request.id::text`,
      after: sql`jsonb_build_object('kind', ${kind}::text, 'recordSets', ${sql.param(sets)}::text[],
                                    'baseVersions', ${JSON.stringify(state.versions)}::jsonb, 'notice', request.notice_id)`,
      requestId,
      from: 'request',
    })}),
    remembered as (${rememberKeyInsert({
      employeeId: caller.id,
      key,
      action: 'change.submit',
      answer: sql`jsonb_build_object('id', request.id, 'msg', ${SUBMITTED_FOR_REVIEW}::text)`,
      from: 'request',
    })})
    select request.id,
           (select coalesce(array_agg(employee_id), '{}') from sent) as reviewers,
           ${refuseOnFirst([
             [sql`${key}::text is not null and not exists (select 1 from remembered)`, 'KEY_IN_USE'],
             [sql`(select count(*) from claim) < ${sets.length}`, 'SETS_NOT_CLAIMED'],
             [
               sql`exists (select 1 from jsonb_to_recordset(${JSON.stringify(fileRules)}::jsonb) as rule(id uuid, kinds text[])
                           where not exists (select 1 from attached where attached.id = rule.id and attached.kind = any(rule.kinds)))`,
               'FILE_NOT_USABLE',
             ],
           ])} as accepted
    from request`,
  );
  const [request] = rows;
  if (!request) throw new Error('the change request was not stored');
  announceMessages(notifier, { employeeIds: request.reviewers, kind: 'review.submitted', content: message.body });
  return { id: request.id, msg: SUBMITTED_FOR_REVIEW };
};
