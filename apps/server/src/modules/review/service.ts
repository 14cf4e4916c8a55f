// The reviewer's work (role AppVerify): the change requests waiting, each one's differences against the records as
// they are now, and the decision. Approving applies the change in one transaction, only from the record versions
// the reviewer saw; two reviewers deciding at once: one wins, the other is told. The diff decided on is frozen
// into the audit row, so the history reads true after later edits and a wrong approval can be undone from it.

import { type CerType, type ChangeKind, changeWordOf } from '@ess/contract/records';
import type {
  ChangeField,
  ChangeGroup,
  ChangeRequestDetail,
  ChangeRequestListItem,
  MyChangeRequest,
  ReviewStatus,
} from '@ess/contract/review';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../core/audit';
import { type Caller, requireRole } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import { sendMessages } from '../../core/messages';
import type { Notifier } from '../../core/notifier';
import { groupBankNo, maskBankNo, maskIdCard, type PersonalDataCipher } from '../../core/personal-data';
import type { Db } from '../../db/client';
import { changeRequests, dictionaryItems, employees, notices } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import {
  applyProposedRecords,
  type CertificateOps,
  type LiveRecords,
  loadLiveRecords,
  type ProposedNumber,
  type ProposedRecords,
  proposedRecordsOf,
  raiseVersions,
  readVersions,
  releaseRecordSets,
} from '../records/live-records';
import {
  CERTIFICATE_NAMES,
  dictionaryFieldsOf,
  type FieldSpec,
  fieldSpecsOf,
  RECORD_SETS,
} from '../records/record-sets';

export type ReviewDeps = { db: Db; cipher: PersonalDataCipher; notifier: Notifier };

const deciders = alias(employees, 'deciders');

const listColumns = {
  id: changeRequests.id,
  empNo: employees.empNo,
  empName: employees.name,
  bu: changeRequests.bu,
  deptName: employees.deptName,
  kind: changeRequests.kind,
  status: changeRequests.status,
  submittedAt: shanghaiTime(changeRequests.createdAt),
  decidedAt: sql<
    string | null
  >`case when ${changeRequests.decidedAt} is null then null else ${shanghaiTime(changeRequests.decidedAt)} end`,
};

type ListRow = { [K in keyof typeof listColumns]: unknown };
/** Only the list's columns: the detail's row also holds the proposed records, which are not an answer's. */
const listItemOf = (row: ListRow): ChangeRequestListItem =>
  Object.fromEntries(Object.keys(listColumns).map((key) => [key, row[key as keyof ListRow]])) as ChangeRequestListItem;

/** Nobody decides their own change: a reviewer's own requests wait for the other reviewers, not for them. */
const othersPending = (caller: Caller) =>
  and(eq(changeRequests.status, 'pending'), ne(changeRequests.employeeId, caller.id)) as SQL;

/**
 * Pending requests oldest first (the first to wait is the first served), the caller's own left out; decided ones
 * newest first, the caller's own included (history).
 */
export const listChangeRequests = async (
  { db }: Pick<ReviewDeps, 'db'>,
  caller: Caller,
  filter: { bu?: string; kind?: ChangeKind; status: ReviewStatus; page: number; pageSize: number },
) => {
  requireRole(caller, 'AppVerify');
  const conditions: SQL[] = [
    filter.status === 'pending' ? othersPending(caller) : eq(changeRequests.status, filter.status),
  ];
  if (filter.bu) conditions.push(eq(changeRequests.bu, filter.bu));
  if (filter.kind) conditions.push(eq(changeRequests.kind, filter.kind));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(changeRequests)
      .innerJoin(employees, eq(employees.id, changeRequests.employeeId))
      .where(where)
      .orderBy(filter.status === 'pending' ? asc(changeRequests.id) : desc(changeRequests.decidedAt))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(changeRequests).where(where),
  ]);
  return { rows: rows.map(listItemOf), totalCount: total?.n ?? 0 };
};

export const countPendingChangeRequests = async ({ db }: Pick<ReviewDeps, 'db'>, caller: Caller) => {
  requireRole(caller, 'AppVerify');
  const [row] = await db.select({ n: count() }).from(changeRequests).where(othersPending(caller));
  return { count: row?.n ?? 0 };
};

// ——— The differences ———

type Dictionaries = Map<string, string>;

/** Every dictionary a reviewed field draws from. */
const REVIEWED_DICTIONARIES = [
  ...new Set(RECORD_SETS.flatMap((set) => dictionaryFieldsOf(set).map(({ stateType }) => stateType))),
];

const loadDictionaries = async (db: Executor): Promise<Dictionaries> => {
  const rows = await db
    .select({
      stateType: dictionaryItems.stateType,
      stateId: dictionaryItems.stateId,
      stateDescr: dictionaryItems.stateDescr,
    })
    .from(dictionaryItems)
    .where(inArray(dictionaryItems.stateType, REVIEWED_DICTIONARIES));
  return new Map(rows.map((row) => [`${row.stateType}:${row.stateId}`, row.stateDescr]));
};

const display = (spec: FieldSpec, value: unknown, dictionaries: Dictionaries): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  switch (spec.format.kind) {
    case 'dictionary':
      return dictionaries.get(`${spec.format.stateType}:${text}`) ?? text;
    case 'choice':
      return spec.format.options[text] ?? text;
    default:
      return text;
  }
};

const fieldsOf = (
  specs: FieldSpec[],
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  dictionaries: Dictionaries,
): ChangeField[] =>
  specs.map((spec) => {
    const beforeText = before ? display(spec, before[spec.key], dictionaries) : null;
    const afterText = after ? display(spec, after[spec.key], dictionaries) : null;
    return {
      label: spec.label,
      before: beforeText,
      after: afterText,
      isChanged: beforeText !== afterText,
      isFile: spec.format.kind === 'file',
    };
  });

const groupOf = (
  title: string,
  specs: FieldSpec[],
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  dictionaries: Dictionaries,
): ChangeGroup => {
  const fields = fieldsOf(specs, before, after, dictionaries);
  const change = !before
    ? 'added'
    : !after
      ? 'removed'
      : fields.some((field) => field.isChanged)
        ? 'changed'
        : 'unchanged';
  return { title, change, fields };
};

/** The whole number for the reviewer: the proposed new one, else the one on file. */
const openNumber = (cipher: PersonalDataCipher, proposed: ProposedNumber, liveSealed: string | null | undefined) => {
  if ('sealed' in proposed) return cipher.open(proposed.sealed);
  return liveSealed ? cipher.open(liveSealed) : '';
};

/** How a diff shows the ID card and bank card numbers: whole to a reviewer, masked to the employee. */
type NumberView = { idCard: (whole: string) => string; bankNo: (digits: string) => string };
const WHOLE_NUMBERS: NumberView = { idCard: (whole) => whole, bankNo: groupBankNo };
const MASKED_NUMBERS: NumberView = {
  idCard: (whole) => (whole ? maskIdCard(whole) : ''),
  bankNo: (digits) => (digits ? maskBankNo(digits) : ''),
};

/**
 * The groups of a request against the live records: the base data, each certificate added, edited or removed,
 * the bank card. Numbers are whole for the reviewer (who compares them with the scans), masked for the employee.
 */
const diffOf = (
  cipher: PersonalDataCipher,
  proposed: ProposedRecords,
  live: LiveRecords,
  dictionaries: Dictionaries,
  numbers: NumberView = WHOLE_NUMBERS,
) => {
  const groups: ChangeGroup[] = [];
  if (proposed.base) {
    const before = live.base && {
      ...live.base,
      empCard: numbers.idCard(live.base.empCardSealed ? cipher.open(live.base.empCardSealed) : ''),
    };
    const after = {
      ...proposed.base,
      empCard: numbers.idCard(openNumber(cipher, proposed.base.empCard, live.base?.empCardSealed)),
    };
    groups.push(groupOf('基本信息', fieldSpecsOf('base'), before, after, dictionaries));
  }
  for (const [cerType, ops] of Object.entries(proposed.certificates ?? {}) as [CerType, CertificateOps][]) {
    const name = CERTIFICATE_NAMES[cerType];
    const specs = fieldSpecsOf(cerType);
    const liveById = new Map((live.certificates[cerType] ?? []).map((record) => [record.id, record]));
    for (const { id, ...after } of ops.edit) {
      const before = liveById.get(id);
      groups.push(
        before
          ? groupOf(`修改${name}`, specs, before, after, dictionaries)
          : goneGroup(name, specs, after, dictionaries),
      );
    }
    for (const id of ops.remove) {
      const before = liveById.get(id);
      if (before) groups.push(groupOf(`删除${name}`, specs, before, undefined, dictionaries));
      else groups.push({ title: `删除${name}（该记录已不存在）`, change: 'unchanged', fields: [] });
    }
    for (const after of ops.add) groups.push(groupOf(`新增${name}`, specs, undefined, after, dictionaries));
  }
  if (proposed.bank) {
    const before = live.bank && { ...live.bank, bankNo: numbers.bankNo(cipher.open(live.bank.bankNoSealed)) };
    const after = {
      ...proposed.bank,
      bankNo: numbers.bankNo(openNumber(cipher, proposed.bank.bankNo, live.bank?.bankNoSealed)),
    };
    groups.push(groupOf('银行卡', fieldSpecsOf('bank'), before, after, dictionaries));
  }
  return groups;
};

/** An edit of a record HR deleted meanwhile: shown, and it blocks approval. */
const goneGroup = (
  name: string,
  specs: FieldSpec[],
  after: Record<string, unknown>,
  dictionaries: Dictionaries,
): ChangeGroup => ({
  title: `修改${name}（原记录已被删除）`,
  change: 'removed',
  fields: fieldsOf(specs, undefined, after, dictionaries),
});

/** The newest request meeting `condition`, with what a detail and a decision read of it; undefined when none does. */
const findRequest = async (db: Executor, condition: SQL | undefined) => {
  const [row] = await db
    .select({
      ...listColumns,
      employeeId: changeRequests.employeeId,
      recordSets: changeRequests.recordSets,
      baseVersions: changeRequests.baseVersions,
      proposed: changeRequests.proposed,
      noticeId: changeRequests.noticeId,
      reason: changeRequests.reason,
      decidedByName: deciders.name,
    })
    .from(changeRequests)
    .innerJoin(employees, eq(employees.id, changeRequests.employeeId))
    .leftJoin(deciders, eq(deciders.id, changeRequests.decidedBy))
    .where(condition)
    .orderBy(desc(changeRequests.id))
    .limit(1);
  return row;
};

const loadRequest = async (db: Executor, id: number) => {
  const row = await findRequest(db, eq(changeRequests.id, id));
  if (!row) throw new BusinessError('CHANGE_NOT_FOUND');
  return row;
};

const sameVersions = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([set, version]) => b[set] === version);

const holdsNumbers = (proposed: ProposedRecords) => Boolean(proposed.base || proposed.bank);

export const getChangeRequestDetail = async (
  { db, cipher }: Pick<ReviewDeps, 'db' | 'cipher'>,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
): Promise<ChangeRequestDetail> => {
  requireRole(caller, 'AppVerify');
  const request = await loadRequest(db, id);
  const proposed = proposedRecordsOf(request.proposed);
  const [live, versions, dictionaries] = await Promise.all([
    loadLiveRecords(db, request.employeeId, request.recordSets),
    readVersions(db, request.employeeId, request.recordSets),
    loadDictionaries(db),
  ]);
  const groups = diffOf(cipher, proposed, live, dictionaries);
  // A reviewer sees ID card and bank card numbers whole: every such read is on record.
  if (holdsNumbers(proposed)) {
    await recordAudit(db, {
      actor: caller,
      action: 'personal-data.read',
      subject: { type: 'employee', id: request.employeeId },
      after: { changeRequest: id, fields: [proposed.base && 'empCard', proposed.bank && 'bankNo'].filter(Boolean) },
      requestId,
    });
  }
  const kind = request.kind as ChangeKind;
  return {
    ...listItemOf(request),
    title: `员工[${request.empNo}]修改了${changeWordOf(kind, request.recordSets)}信息`,
    decidedByName: request.decidedByName,
    reason: request.reason,
    groups,
    isStale: request.status === 'pending' && !sameVersions(request.baseVersions, versions),
    seenVersions: versions,
  };
};

/** The diff as decided, for the audit row: numbers masked there, their sealed forms kept to undo from. */
const frozenDiff = (proposed: ProposedRecords, live: LiveRecords) => ({
  before: {
    base: live.base && { ...live.base, empCardSealed: live.base.empCardSealed },
    certificates: live.certificates,
    bank: live.bank,
  },
  after: proposed,
});

/**
 * The change's notice in 我的消息 once the change is over: answered, with the outcome, and its line no longer
 * reading …，待审核 (a text the employee wrote themselves is left as it is).
 */
const closeNotice = (
  tx: Executor,
  noticeId: number,
  { ending, messageContent }: { ending: '已通过' | '未通过' | '已撤回'; messageContent: string },
) =>
  tx
    .update(notices)
    .set({
      isVerify: 'Y',
      messageContent,
      verifiedAt: sql`now()`,
      description: sql`regexp_replace(${notices.description}, '，待审核$', ${`，${ending}`})`,
    })
    .where(eq(notices.id, noticeId));

const decide = async (
  { db, notifier }: Pick<ReviewDeps, 'db' | 'notifier'>,
  caller: Caller,
  {
    id,
    requestId,
    decision,
  }: {
    id: number;
    requestId: string;
    decision:
      | { status: 'approved'; opinion: string; seenVersions: Record<string, number> }
      | { status: 'rejected'; reason: string };
  },
) => {
  requireRole(caller, 'AppVerify');
  return withTransaction(db, async (tx, afterCommit) => {
    const reason = decision.status === 'approved' ? decision.opinion : decision.reason;
    // Only a pending request of someone else can be decided: of two reviewers at once, the second finds it
    // decided; a reviewer's own change waits for another reviewer.
    const [claimed] = await tx
      .update(changeRequests)
      .set({ status: decision.status, decidedBy: caller.id, decidedAt: sql`now()`, reason })
      .where(and(eq(changeRequests.id, id), othersPending(caller)))
      .returning({ id: changeRequests.id });
    if (!claimed) {
      const request = await loadRequest(tx, id); // not found at all: say so
      if (request.employeeId === caller.id) throw new BusinessError('CHANGE_OWN');
      if (request.status === 'withdrawn') throw new BusinessError('CHANGE_WITHDRAWN');
      throw new BusinessError('CHANGE_ALREADY_DECIDED');
    }
    const request = await loadRequest(tx, id);
    const proposed = proposedRecordsOf(request.proposed);
    const word = changeWordOf(request.kind as ChangeKind, request.recordSets);
    let audit: { before?: unknown; after?: unknown } = { after: { reason } };
    if (decision.status === 'approved') {
      // The versions the reviewer saw, not those the employee started from: HR may have changed a record since,
      // and the reviewer decided on the differences against it.
      if (!sameVersions(decision.seenVersions, await readVersions(tx, request.employeeId, request.recordSets))) {
        throw new BusinessError('CHANGE_STALE');
      }
      const live = await loadLiveRecords(tx, request.employeeId, request.recordSets);
      await raiseVersions(tx, request.employeeId, decision.seenVersions);
      await applyProposedRecords(tx, request.employeeId, proposed);
      audit = frozenDiff(proposed, live);
    } else {
      await releaseRecordSets(tx, request.employeeId, request.recordSets);
    }
    const outcome =
      decision.status === 'approved'
        ? `您提交的${word}信息修改已审核通过${decision.opinion ? `：${decision.opinion}` : ''}`
        : `您提交的${word}信息修改未通过审核：${decision.reason}`;
    if (request.noticeId) {
      await closeNotice(tx, request.noticeId, {
        ending: decision.status === 'approved' ? '已通过' : '未通过',
        messageContent: outcome,
      });
    }
    await sendMessages(
      { tx, afterCommit, notifier },
      { to: { employeeIds: [request.employeeId] }, title: '资料审核结果', body: outcome, link: '/user/my-option' },
    );
    await recordAudit(tx, {
      actor: caller,
      action: decision.status === 'approved' ? 'change.approve' : 'change.reject',
      subject: { type: 'change_request', id },
      ...audit,
      requestId,
    });
    afterCommit(() => notifier.publish({ role: 'AppVerify', kind: 'change-request.decided' }));
    return null;
  });
};

export const approveChangeRequest = (
  deps: Pick<ReviewDeps, 'db' | 'notifier'>,
  caller: Caller,
  input: { id: number; opinion: string; seenVersions: Record<string, number>; requestId: string },
) =>
  decide(deps, caller, {
    id: input.id,
    requestId: input.requestId,
    decision: { status: 'approved', opinion: input.opinion, seenVersions: input.seenVersions },
  });

export const rejectChangeRequest = (
  deps: Pick<ReviewDeps, 'db' | 'notifier'>,
  caller: Caller,
  input: { id: number; reason: string; requestId: string },
) =>
  decide(deps, caller, {
    id: input.id,
    requestId: input.requestId,
    decision: { status: 'rejected', reason: input.reason },
  });

/**
 * The caller's own change of a kind while it waits for review (one at most: a change holds its record sets): what
 * they sent against their records now, numbers masked. Only ever the caller's own.
 */
export const getMyChangeRequest = async (
  { db, cipher }: Pick<ReviewDeps, 'db' | 'cipher'>,
  caller: Caller,
  { kind }: { kind: ChangeKind },
): Promise<MyChangeRequest | null> => {
  const request = await findRequest(
    db,
    and(eq(changeRequests.employeeId, caller.id), eq(changeRequests.kind, kind), eq(changeRequests.status, 'pending')),
  );
  if (!request) return null;
  const [live, dictionaries] = await Promise.all([
    loadLiveRecords(db, request.employeeId, request.recordSets),
    loadDictionaries(db),
  ]);
  return {
    id: request.id,
    kind: request.kind as ChangeKind,
    submittedAt: request.submittedAt as string,
    groups: diffOf(cipher, proposedRecordsOf(request.proposed), live, dictionaries, MASKED_NUMBERS),
  };
};

/**
 * The employee takes back their change while nobody has decided it (a mistyped bank number need not wait for HR):
 * its records are free to edit again, its notice says 已撤回, and the reviewers' lists drop it. A reviewer deciding
 * at the same instant: one of the two wins, the other is told.
 */
export const withdrawChangeRequest = async (
  { db, notifier }: Pick<ReviewDeps, 'db' | 'notifier'>,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) =>
  withTransaction(db, async (tx, afterCommit) => {
    const [withdrawn] = await tx
      .update(changeRequests)
      .set({ status: 'withdrawn', decidedBy: caller.id, decidedAt: sql`now()` })
      .where(
        and(eq(changeRequests.id, id), eq(changeRequests.employeeId, caller.id), eq(changeRequests.status, 'pending')),
      )
      .returning({
        recordSets: changeRequests.recordSets,
        noticeId: changeRequests.noticeId,
        kind: changeRequests.kind,
      });
    if (!withdrawn) {
      const request = await findRequest(tx, eq(changeRequests.id, id));
      if (!request || request.employeeId !== caller.id) throw new BusinessError('CHANGE_NOT_FOUND');
      if (request.status === 'withdrawn') return null; // taken back already: the same outcome
      throw new BusinessError('CHANGE_NOT_WITHDRAWABLE');
    }
    await releaseRecordSets(tx, caller.id, withdrawn.recordSets);
    const word = changeWordOf(withdrawn.kind as ChangeKind, withdrawn.recordSets);
    if (withdrawn.noticeId) {
      await closeNotice(tx, withdrawn.noticeId, { ending: '已撤回', messageContent: `您已撤回${word}信息的修改` });
    }
    await recordAudit(tx, {
      actor: caller,
      action: 'change.withdraw',
      subject: { type: 'change_request', id },
      requestId,
    });
    afterCommit(() => notifier.publish({ role: 'AppVerify', kind: 'change-request.decided' }));
    return null;
  });
