// The write of exam and survey answers, several submissions to one statement and one commit (db/statement-batcher.ts).
// Each keeps its own answer, audit row and idempotency key.
import type { PersonExam } from '@ess/contract/training';
import { IDEMPOTENCY_KEY_LIFETIME } from '../../core/idempotency';
import type { Db } from '../../db/client';
import type { StoredAnswers } from '../../db/schema/index';
import { batcherPerDatabase, createStatementBatcher } from '../../db/statement-batcher';

/** One submission, checked and scored: what its statement writes. */
export type AnswerWrite = {
  employeeId: number;
  empNo: string;
  paperId: number;
  examType: string;
  /** The idempotency key, or null. */
  key: string | null;
  answers: StoredAnswers;
  results: PersonExam['results'];
  score: number | null;
  maxScore: number;
  requestId: string;
  /** An attempt at a published paper: its id and number (the answer closes it); absent for an assigned paper. */
  attempt?: { id: number; attemptNo: number; finishedBy: 'worker' | 'deadline' };
};

/** What the write found: whether the paper is assigned, and the answer stored (id null when none was). */
export type WrittenAnswer = {
  assigned: boolean;
  id: number | null;
  paper_id: number;
  answers: StoredAnswers;
  results: PersonExam['results'];
  score: string | null;
  max_score: string;
  submitted_at: string;
};

/**
 * Per submission (its index `i`): the assignment (or the caller's open attempt at a published paper), the key not
 * in use, then the answer (one per employee, paper and attempt: a second finds it taken and inserts nothing), the
 * attempt closed, its audit row and its key pointing at it. Inserted in the order of employee ids, so two
 * statements that meet on the same rows wait for each other instead of deadlocking.
 */
const WRITE_ANSWERS_SQL = `
with input as (
  select * from jsonb_to_recordset($1::jsonb) as s(
    i int, employee_id int, emp_no text, paper_id int, exam_type text, key text, answers jsonb, results jsonb,
    score numeric, max_score numeric, request_id text, attempt_id int, attempt_no int, finished_by text)
), assigned as (
  select s.* from input s
  where (s.attempt_id is null and exists (
          select 1 from paper_assignments pa where pa.employee_id = s.employee_id and pa.paper_id = s.paper_id))
     or (s.attempt_id is not null and exists (
          select 1 from paper_attempts t
          where t.id = s.attempt_id and t.employee_id = s.employee_id and t.paper_id = s.paper_id
            and t.submitted_at is null))
), key_in_use as (
  select s.i from input s
  join idempotency_keys k on k.employee_id = s.employee_id and k.key = s.key
  where s.key is not null and k.created_at >= now() - $2::interval
), answer as (
  insert into paper_answers (paper_id, employee_id, answers, results, score, max_score, attempt_no)
  select a.paper_id, a.employee_id, a.answers, a.results, a.score, a.max_score, coalesce(a.attempt_no, 1)
  from assigned a
  where not exists (select 1 from key_in_use u where u.i = a.i)
  order by a.employee_id, a.paper_id
  on conflict (employee_id, paper_id, attempt_no) do nothing
  returning id, paper_id, employee_id, attempt_no, answers, results, score, max_score,
            to_char(submitted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as submitted_at
), closed as (
  update paper_attempts t set submitted_at = now(), finished_by = s.finished_by, answers = s.answers
  from answer a join input s on s.employee_id = a.employee_id and s.paper_id = a.paper_id
  where s.attempt_id is not null and t.id = s.attempt_id
), audit as (
  insert into audit_log (actor_id, actor_emp_no, action, subject_type, subject_id, after, request_id)
  select s.employee_id, s.emp_no, 'paper.submit', 'paper_answer', a.id::text,
         jsonb_build_object('paperId', a.paper_id, 'examType', s.exam_type, 'score', a.score, 'maxScore', a.max_score,
                            'attemptNo', a.attempt_no, 'finishedBy', s.finished_by),
         s.request_id
  from answer a join input s on s.employee_id = a.employee_id and s.paper_id = a.paper_id
  order by a.employee_id
), remembered as (
  insert into idempotency_keys (employee_id, key, action, answer)
  select s.employee_id, s.key, 'paper.submit', jsonb_build_object('paperAnswerId', a.id)
  from answer a join input s on s.employee_id = a.employee_id and s.paper_id = a.paper_id
  where s.key is not null
  order by s.employee_id
  on conflict (employee_id, key) do update
    set action = excluded.action, answer = excluded.answer, created_at = now()
    where idempotency_keys.created_at < now() - $2::interval
  returning key
)
select s.i, exists (select 1 from assigned x where x.i = s.i) as assigned, a.id, a.paper_id, a.answers, a.results,
       a.score, a.max_score, a.submitted_at
from input s left join answer a on a.employee_id = s.employee_id and a.paper_id = s.paper_id`;

const inputOf = (writes: readonly AnswerWrite[]) =>
  JSON.stringify(
    writes.map((write, i) => ({
      i,
      employee_id: write.employeeId,
      emp_no: write.empNo,
      paper_id: write.paperId,
      exam_type: write.examType,
      key: write.key,
      answers: write.answers,
      results: write.results,
      score: write.score,
      max_score: write.maxScore,
      request_id: write.requestId,
      attempt_id: write.attempt?.id ?? null,
      attempt_no: write.attempt?.attemptNo ?? null,
      finished_by: write.attempt?.finishedBy ?? null,
    })),
  );

const runStatement = async (db: Db, writes: readonly AnswerWrite[], keyLifetime: string) => {
  const { rows } = await db.$client.query<WrittenAnswer & { i: number }>({
    name: 'paper_answers_write',
    text: WRITE_ANSWERS_SQL,
    values: [inputOf(writes), keyLifetime],
  });
  const byIndex = new Map(rows.map(({ i, ...row }) => [i, row]));
  return writes.map((_write, i) => {
    const row = byIndex.get(i);
    if (!row) throw new Error('the answer write answered no row for a submission');
    return row;
  });
};

export const createAnswerWriter = (db: Db, keyLifetime: string) =>
  createStatementBatcher<AnswerWrite, WrittenAnswer>({
    runBatch: (writes) => runStatement(db, writes, keyLifetime),
    ownerOf: (write) => write.employeeId,
  });

/** Writes a submission's answer with whatever other submissions go to the database at the same moment. */
export const writeAnswer = batcherPerDatabase((db: Db) => createAnswerWriter(db, IDEMPOTENCY_KEY_LIFETIME));
