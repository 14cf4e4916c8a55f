// The write of exam and survey answers, several submissions to one statement and one commit. Under load each
// submission's own statement was mostly overhead that does not grow with its rows: a connection of the small pool
// held for a round trip, a commit and its flush; here the submissions that arrive while earlier writes are running
// wait for one of them to end and then go together. A lone submission goes at once. Each keeps its own answer,
// audit row and idempotency key, and a batch the database refuses is written again one submission at a time, so a
// submission that cannot be written fails alone.
import type { PersonExam } from '@ess/contract/training';
import type { Db } from '../../db/client';
import type { StoredAnswers } from '../../db/schema/index';

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

/** Statements of answers running at once; the rest of the pool stays free for reads. */
const MAX_IN_FLIGHT = 2;
/** Submissions per statement at most. */
const MAX_BATCH = 64;

/**
 * Per submission (its index `i`): the assignment, the key not in use, then the answer (one per employee and paper:
 * a second finds the pair taken and inserts nothing), its audit row and its key pointing at it. Inserted in the
 * order of employee ids, so two statements that meet on the same rows wait for each other instead of deadlocking.
 */
const WRITE_ANSWERS_SQL = `
with input as (
  select * from jsonb_to_recordset($1::jsonb) as s(
    i int, employee_id int, emp_no text, paper_id int, exam_type text, key text, answers jsonb, results jsonb,
    score numeric, max_score numeric, request_id text)
), assigned as (
  select s.* from input s
  where exists (select 1 from paper_assignments pa where pa.employee_id = s.employee_id and pa.paper_id = s.paper_id)
), key_in_use as (
  select s.i from input s
  join idempotency_keys k on k.employee_id = s.employee_id and k.key = s.key
  where s.key is not null and k.created_at >= now() - $2::interval
), answer as (
  insert into paper_answers (paper_id, employee_id, answers, results, score, max_score)
  select a.paper_id, a.employee_id, a.answers, a.results, a.score, a.max_score from assigned a
  where not exists (select 1 from key_in_use u where u.i = a.i)
  order by a.employee_id, a.paper_id
  on conflict (employee_id, paper_id) do nothing
  returning id, paper_id, employee_id, answers, results, score, max_score,
            to_char(submitted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as submitted_at
), audit as (
  insert into audit_log (actor_id, actor_emp_no, action, subject_type, subject_id, after, request_id)
  select s.employee_id, s.emp_no, 'paper.submit', 'paper_answer', a.id::text,
         jsonb_build_object('paperId', a.paper_id, 'examType', s.exam_type, 'score', a.score, 'maxScore', a.max_score),
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

type Pending = { write: AnswerWrite; resolve: (row: WrittenAnswer) => void; reject: (error: unknown) => void };

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

export const createAnswerWriter = (db: Db, keyLifetime: string) => {
  const queue: Pending[] = [];
  let inFlight = 0;
  /** Employees whose submission is being written: a second of theirs waits for it. */
  const writing = new Set<number>();

  const settleAlone = async (pending: Pending) => {
    try {
      const [row] = await runStatement(db, [pending.write], keyLifetime);
      pending.resolve(row as WrittenAnswer);
    } catch (error) {
      pending.reject(error);
    }
  };

  const run = async (batch: Pending[]) => {
    try {
      const rows = await runStatement(
        db,
        batch.map((pending) => pending.write),
        keyLifetime,
      );
      batch.forEach((pending, i) => {
        pending.resolve(rows[i] as WrittenAnswer);
      });
    } catch (error) {
      // The whole statement rolled back: one at a time, so only a submission that cannot be written fails.
      if (batch.length === 1) (batch[0] as Pending).reject(error);
      else for (const pending of batch) await settleAlone(pending);
    }
  };

  /** Takes what waits, one submission per employee: a second goes with a later statement, once the first ended. */
  const take = () => {
    const batch: Pending[] = [];
    for (let index = 0; index < queue.length && batch.length < MAX_BATCH; ) {
      const pending = queue[index] as Pending;
      if (writing.has(pending.write.employeeId)) {
        index++;
        continue;
      }
      writing.add(pending.write.employeeId);
      batch.push(pending);
      queue.splice(index, 1);
    }
    return batch;
  };

  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        for (const pending of batch) writing.delete(pending.write.employeeId);
        pump();
      });
    }
  };

  return {
    write: (write: AnswerWrite) =>
      new Promise<WrittenAnswer>((resolve, reject) => {
        queue.push({ write, resolve, reject });
        pump();
      }),
  };
};

const writers = new WeakMap<Db, ReturnType<typeof createAnswerWriter>>();

/** Writes a submission's answer with whatever other submissions go to the database at the same moment. */
export const writeAnswer = (db: Db, write: AnswerWrite, keyLifetime: string) => {
  let writer = writers.get(db);
  if (!writer) {
    writer = createAnswerWriter(db, keyLifetime);
    writers.set(db, writer);
  }
  return writer.write(write);
};
