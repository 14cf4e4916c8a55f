// The write of change submissions, several to one statement and one commit (db/statement-batcher.ts). Each keeps its own
// claim of its record sets, change notice, change request, files marked as used, messages to the reviewers, audit
// row and idempotency key. A submission that cannot be written makes the statement refuse as a whole (nothing of the
// batch is written); the batcher then writes each alone, and the one at fault refuses with its own reason.
import { IDEMPOTENCY_KEY_LIFETIME } from '../../core/idempotency';
import type { Db } from '../../db/client';
import { batcherPerDatabase, createStatementBatcher } from '../../db/statement-batcher';
import type { FileRule } from '../files/service';

/** One submission, checked against the records it read: what its statement writes. */
export type ChangeWrite = {
  employeeId: number;
  empNo: string;
  bu: string;
  kind: string;
  sets: readonly string[];
  /** The version of each set the edit started from: a set claimed only at it. */
  versions: Record<string, number>;
  proposed: unknown;
  title: string;
  description: string;
  noticeBody: string;
  files: readonly FileRule[];
  /** The idempotency key, or null. */
  key: string | null;
  requestId: string;
  message: { title: string; body: string };
  /** What the submission answers, and what a repeat of its key answers. */
  answerText: string;
};

/** The change request written, and the reviewers its message went to. */
export type WrittenChange = { id: number; reviewers: number[] };

/**
 * Per submission (its index `i`): the sets claimed (each only at the version read and when no other edit waits on
 * it; a set never written is inserted at version 0), the files marked as used, the notice, the request naming it, a
 * message to every reviewer but the submitter (one editing their own records does not review them), the audit row
 * and the key. Written in the order of employee ids, so two statements meeting on the same rows wait instead of
 * deadlocking. Refuses, and so writes nothing, when a set, a file or a key cannot be claimed.
 */
const WRITE_CHANGES_SQL = `
with input as (
  select * from jsonb_to_recordset($1::jsonb) as s(
    i int, employee_id int, emp_no text, bu text, kind text, sets text[], versions jsonb, proposed jsonb, title text,
    description text, notice_body text, files jsonb, key text, request_id text, message_title text,
    message_body text, answer_text text)
), claim as (
  insert into record_versions (employee_id, record_set, version, pending)
  select s.employee_id, v.key, v.value::int, true from input s, jsonb_each_text(s.versions) v
  order by s.employee_id, v.key
  on conflict (employee_id, record_set) do update set pending = true
    where not record_versions.pending and record_versions.version = excluded.version
  returning employee_id
), wanted_files as (
  select s.employee_id, f.id, f.kinds from input s, jsonb_to_recordset(s.files) as f(id uuid, kinds text[])
), attached as (
  update files set attached_at = coalesce(files.attached_at, now())
  from wanted_files w where files.id = w.id and files.owner_id = w.employee_id
  returning files.id, files.kind
), notice as (
  insert into notices (employee_id, bu, notice_type, title, description, body)
  select employee_id, bu, kind, title, description, notice_body from input order by employee_id
  returning id, employee_id
), request as (
  insert into change_requests (employee_id, bu, kind, record_sets, base_versions, proposed, notice_id)
  select s.employee_id, s.bu, s.kind, s.sets, s.versions, s.proposed, n.id
  from input s join notice n on n.employee_id = s.employee_id order by s.employee_id
  returning id, employee_id, notice_id
), reviewers as (
  select er.employee_id from employee_roles er join roles r on r.id = er.role_id where r.name = 'AppVerify'
), sent as (
  insert into messages (employee_id, title, body, link)
  select rv.employee_id, s.message_title, s.message_body, '/admin/review'
  from input s join reviewers rv on rv.employee_id <> s.employee_id order by rv.employee_id
), audit as (
  insert into audit_log (actor_id, actor_emp_no, action, subject_type, subject_id, after, request_id)
  select s.employee_id, s.emp_no, 'change.submit', 'change_request', r.id::text,
         jsonb_build_object('kind', s.kind, 'recordSets', s.sets, 'baseVersions', s.versions, 'notice', r.notice_id),
         s.request_id
  from input s join request r on r.employee_id = s.employee_id
), remembered as (
  insert into idempotency_keys (employee_id, key, action, answer)
  select s.employee_id, s.key, 'change.submit', jsonb_build_object('id', r.id, 'msg', s.answer_text)
  from input s join request r on r.employee_id = s.employee_id
  where s.key is not null
  order by s.employee_id
  on conflict (employee_id, key) do update
    set action = excluded.action, answer = excluded.answer, created_at = now()
    where idempotency_keys.created_at < now() - $2::interval
  returning employee_id
)
select s.i, r.id,
       (select coalesce(array_agg(rv.employee_id), '{}') from reviewers rv where rv.employee_id <> s.employee_id)
         as reviewers,
       case
         when s.key is not null and not exists (select 1 from remembered m where m.employee_id = s.employee_id)
           then refuse('KEY_IN_USE'::text)
         when (select count(*) from claim c where c.employee_id = s.employee_id) < cardinality(s.sets)
           then refuse('SETS_NOT_CLAIMED'::text)
         when exists (select 1 from wanted_files w
                      where w.employee_id = s.employee_id
                        and not exists (select 1 from attached a where a.id = w.id and a.kind = any(w.kinds)))
           then refuse('FILE_NOT_USABLE'::text)
         else true
       end as accepted
from input s join request r on r.employee_id = s.employee_id`;

const inputOf = (writes: readonly ChangeWrite[]) =>
  JSON.stringify(
    writes.map((write, i) => ({
      i,
      employee_id: write.employeeId,
      emp_no: write.empNo,
      bu: write.bu,
      kind: write.kind,
      sets: write.sets,
      versions: write.versions,
      proposed: write.proposed,
      title: write.title,
      description: write.description,
      notice_body: write.noticeBody,
      files: write.files,
      key: write.key,
      request_id: write.requestId,
      message_title: write.message.title,
      message_body: write.message.body,
      answer_text: write.answerText,
    })),
  );

const runStatement = async (db: Db, writes: readonly ChangeWrite[]) => {
  const { rows } = await db.$client.query<WrittenChange & { i: number }>({
    name: 'change_requests_write',
    text: WRITE_CHANGES_SQL,
    values: [inputOf(writes), IDEMPOTENCY_KEY_LIFETIME],
  });
  const byIndex = new Map(rows.map(({ i, id, reviewers }) => [i, { id, reviewers }]));
  return writes.map((_write, i) => {
    const row = byIndex.get(i);
    if (!row) throw new Error('the change write answered no row for a submission');
    return row;
  });
};

export const createChangeWriter = (db: Db) =>
  createStatementBatcher<ChangeWrite, WrittenChange>({
    runBatch: (writes) => runStatement(db, writes),
    ownerOf: (write) => write.employeeId,
  });

/** Writes a change submission with whatever other submissions go to the database at the same moment. */
export const writeChange = batcherPerDatabase(createChangeWriter);
