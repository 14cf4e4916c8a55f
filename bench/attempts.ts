// Published exams' goals (issue 22): answer saves of open attempts against the bare INSERT … COMMIT reference; the
// payslip call while 2,000 workers each save every 10 s, against the same call alone; and the results of an exam
// with 20,000 submissions.
import autocannon from 'autocannon';
import type pg from 'pg';
import type { BenchToken } from './training';

const QUESTIONS = 20;

/** An exam published to the whole company, open now, of 20 single-choice questions (B is right). */
export const preparePublishedExam = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{ id: number }>(
    `insert into papers (exam_type, title, is_authored, opens_at, closes_at, pass_score)
     values ('EXAM', '基准考试', true, now() - interval '1 day', now() + interval '30 days', 60) returning id`,
  );
  const paperId = (rows[0] as { id: number }).id;
  const { rows: questions } = await pool.query<{ id: number }>(
    `insert into paper_questions (paper_id, sort, subject, subject_type, options, answer_key, score)
     select $1, n, '第 ' || n || ' 题', 'ST01',
            '[{"id":1,"content":"甲","isFill":false},{"id":2,"content":"乙","isFill":false},{"id":3,"content":"丙","isFill":false}]',
            '{"optionIds":[2]}', 5
     from generate_series(1, ${QUESTIONS}) n returning id`,
    [paperId],
  );
  return { paperId, questionIds: questions.map((question) => question.id) };
};

const post = async (base: string, path: string, token: string, body: unknown) => {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { result: boolean; msg: string; data: { attempt?: { id: number } } };
};

/** Each worker starts their attempt (50 at a time); answers token → attempt id. */
export const startAttempts = async (base: string, paperId: number, workers: BenchToken[]) => {
  const attempts = new Map<string, number>();
  for (let index = 0; index < workers.length; index += 50) {
    await Promise.all(
      workers.slice(index, index + 50).map(async ({ token }) => {
        const answer = await post(base, 'TrainExam/StartAttempt', token, { id: paperId, type: 'EXAM' });
        if (!answer.result || !answer.data.attempt) throw new Error(`an attempt was not started: ${answer.msg}`);
        attempts.set(token, answer.data.attempt.id);
      }),
    );
  }
  return attempts;
};

const answersAfter = (questionIds: number[], step: number) =>
  JSON.stringify(
    Object.fromEntries(questionIds.slice(0, 1 + (step % QUESTIONS)).map((id) => [id, step % 3 ? '乙' : '甲'])),
  );

/** Saves as fast as 50 connections go, each request the next worker's next save (its seq one higher). */
export const loadAnswerSaves = async ({
  base,
  paperId,
  questionIds,
  attempts,
  connections,
  duration,
}: {
  base: string;
  paperId: number;
  questionIds: number[];
  attempts: Map<string, number>;
  connections: number;
  duration: number;
}) => {
  const workers = [...attempts.entries()];
  const seqs = new Map<string, number>();
  let next = 0;
  let refusedFirst = '';
  const result = await autocannon({
    url: `${base}/api/TrainExam/SaveAnswers`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const [token, attemptId] = workers[next++ % workers.length] as [string, number];
          const seq = (seqs.get(token) ?? 1_000_000) + 1;
          seqs.set(token, seq);
          return {
            ...request,
            headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
            body: JSON.stringify({ paperId, attemptId, seq, answer: answersAfter(questionIds, seq) }),
          };
        },
        onResponse: (_status, responseBody) => {
          if (!refusedFirst && !responseBody.includes('"result":true')) refusedFirst = responseBody.slice(0, 120);
        },
      },
    ],
  });
  if (refusedFirst) console.warn(`answer saves: a refusal: ${refusedFirst}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};

/** Every worker saves every 10 s (spread over the first 10 s) for `seconds`. */
export const runAutosavers = async ({
  base,
  paperId,
  questionIds,
  attempts,
  seconds,
}: {
  base: string;
  paperId: number;
  questionIds: number[];
  attempts: Map<string, number>;
  seconds: number;
}) => {
  let saved = 0;
  let refused = 0;
  let failed = 0;
  const stopAt = Date.now() + seconds * 1000;
  const workers = [...attempts.entries()];
  await Promise.all(
    workers.map(async ([token, attemptId], index) => {
      let seq = 2_000_000;
      await new Promise((resolve) => setTimeout(resolve, (index / workers.length) * 10_000));
      while (Date.now() < stopAt) {
        const started = Date.now();
        seq++;
        try {
          const answer = await post(base, 'TrainExam/SaveAnswers', token, {
            paperId,
            attemptId,
            seq,
            answer: answersAfter(questionIds, seq),
          });
          if (answer.result) saved++;
          else refused++;
        } catch {
          failed++;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - started))));
      }
    }),
  );
  return { saved, refused, failed };
};

/**
 * 20,000 submissions of the exam straight into the table (each employee's answer to all 20 questions, scored), then
 * the results asked for as HR asks: the median of five calls.
 */
export const timeResults = async ({
  base,
  pool,
  paperId,
  questionIds,
  hrToken,
  submissions,
}: {
  base: string;
  pool: pg.Pool;
  paperId: number;
  questionIds: number[];
  hrToken: string;
  submissions: number;
}) => {
  await pool.query(
    `insert into paper_answers (paper_id, employee_id, answers, results, score, max_score, attempt_no)
     select $1, e.id,
            (select jsonb_object_agg(q::text, jsonb_build_object('optionIds', jsonb_build_array(1 + (e.id + q) % 3)))
             from unnest($2::int[]) q),
            (select jsonb_object_agg(q::text, jsonb_build_object('earned', case when (e.id + q) % 3 = 1 then 5 else 0 end,
                                                                  'isCorrect', (e.id + q) % 3 = 1))
             from unnest($2::int[]) q),
            (select count(*) * 5 from unnest($2::int[]) q where (e.id + q) % 3 = 1), ${QUESTIONS * 5}, 1
     from (select id from employees where left_on is null order by id limit $3) e
     on conflict do nothing`,
    [paperId, questionIds, submissions],
  );
  await pool.query('analyze paper_answers');
  const times: number[] = [];
  for (let run = 0; run < 6; run++) {
    const started = performance.now();
    const answer = await post(base, 'Paper/GetResults', hrToken, { id: paperId });
    if (!answer.result) throw new Error(`the results were refused: ${answer.msg}`);
    // The first call warms the statement and the pages; the next five are timed.
    if (run > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[2] as number), maxMs: Math.round(times[4] as number) };
};
