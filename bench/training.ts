// Training's goals (issue 10): exam submissions at 50 connections against the primary-key reference; a 50 MB video
// served with ranges to 20 clients against a bare static handler of the same server (@fastify/static on the same
// file); and a query call while 1,000 viewers send their heartbeats, against the same call alone.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';

export type BenchToken = { id: number; token: string };

/** The demo exam: its id and an answer with every required question answered right. */
const examAnswer = async (pool: pg.Pool) => {
  const { rows } = await pool.query<{
    paper_id: number;
    id: number;
    subject_type: string;
    options: { id: number; content: string }[];
    answer_key: { optionIds?: number[]; judge?: string; blanks?: string[][] } | null;
  }>(
    `select q.paper_id, q.id, q.subject_type, q.options, q.answer_key from paper_questions q
     join papers p on p.id = q.paper_id where p.exam_type = 'EXAM' order by q.paper_id, q.sort`,
  );
  const paperId = rows[0]?.paper_id as number;
  const answer: Record<string, string> = {};
  for (const row of rows.filter((question) => question.paper_id === paperId)) {
    const key = row.answer_key;
    if (row.subject_type === 'ST01' || row.subject_type === 'ST02') {
      answer[row.id] = row.options
        .filter((option) => key?.optionIds?.includes(option.id))
        .map((option) => option.content)
        .join('$');
    } else if (row.subject_type === 'ST03') answer[row.id] = key?.judge ?? 'Y';
    else if (row.subject_type === 'ST04')
      answer[row.id] = (key?.blanks ?? [['x']]).map((accepted) => accepted[0]).join('$');
    else answer[row.id] = '建议';
  }
  return { paperId, answer };
};

/** Each request submits for an employee who has not yet: a submission is accepted once per employee. */
export const loadExamSubmissions = async ({
  base,
  pool,
  tokens,
  connections,
  duration,
}: {
  base: string;
  pool: pg.Pool;
  tokens: BenchToken[];
  connections: number;
  duration: number;
}) => {
  const { paperId, answer } = await examAnswer(pool);
  const body = JSON.stringify({ modify: { paperId, examType: 'EXAM', answer: JSON.stringify(answer) } });
  let next = 0;
  let refusedFirst = '';
  const result = await autocannon({
    url: `${base}/api/TrainOrganize/ModifyEmployeeExam`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { token } = tokens[next++ % tokens.length] as BenchToken;
          return {
            ...request,
            // As the app sends it: a fresh idempotency key with every submission.
            headers: {
              'content-type': 'application/json',
              token,
              authorization: `Bearer ${token}`,
              'idempotency-key': randomBytes(12).toString('hex'),
            },
            body,
          };
        },
        onResponse: (_status, responseBody) => {
          if (!refusedFirst && !responseBody.includes('"result":true')) refusedFirst = responseBody.slice(0, 120);
        },
      },
    ],
  });
  if (next > tokens.length)
    console.warn(`exam submissions: ${next} requests for ${tokens.length} employees (repeats refused)`);
  if (refusedFirst) console.warn(`exam submissions: a refusal: ${refusedFirst}`);
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from paper_answers where paper_id = $1', [
    paperId,
  ]);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    stored: rows[0]?.n ?? 0,
  };
};

const MEDIA_BYTES = 50 * 1024 * 1024;
const RANGE_BYTES = 1024 * 1024;
export const BENCH_MEDIA_FILE = 'bench-50mb.mp4';

/** Writes the 50 MB file into MEDIA_DIR and assigns it (as a one-hour video) to the employees given. */
export const prepareBenchMedia = async ({
  pool,
  mediaDir,
  employeeIds,
}: {
  pool: pg.Pool;
  mediaDir: string;
  employeeIds: number[];
}) => {
  writeFileSync(path.join(mediaDir, BENCH_MEDIA_FILE), randomBytes(MEDIA_BYTES));
  const { rows } = await pool.query<{ id: number; media_key: string }>(
    `insert into training_materials (name, file_name, duration_seconds) values ('基准视频', $1, 3600) returning id, media_key`,
    [BENCH_MEDIA_FILE],
  );
  const material = rows[0] as { id: number; media_key: string };
  const assigned = await pool.query<{ id: number; employee_id: number }>(
    `insert into study_assignments (employee_id, material_id, train_theme)
     select unnest($1::int[]), $2, '基准' returning id, employee_id`,
    [employeeIds, material.id],
  );
  return {
    materialId: material.id,
    path: `/api/media/${material.media_key}.mp4`,
    studyIdOf: new Map(assigned.rows.map((row) => [row.employee_id, row.id])),
  };
};

/** 20 clients reading random 1 MB ranges, as players seeking do; throughput in MB/s. */
export const loadRanges = async ({ url, token, duration }: { url: string; token?: string; duration: number }) => {
  const result = await autocannon({
    url,
    connections: 20,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const start = Math.floor(Math.random() * (MEDIA_BYTES - RANGE_BYTES));
          return {
            ...request,
            headers: {
              range: `bytes=${start}-${start + RANGE_BYTES - 1}`,
              ...(token ? { token, authorization: `Bearer ${token}` } : {}),
            },
          };
        },
      },
    ],
  });
  return {
    mbPerSecond: result.throughput.average / 1024 / 1024,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
    statuses: result['2xx'],
  };
};

/**
 * 1,000 viewers, each sending the ten seconds it played every ten seconds (spread over the interval), for
 * `seconds`; answers the counts of accepted and refused beats.
 */
export const runViewers = async ({
  base,
  viewers,
  materialId,
  studyIdOf,
  seconds,
}: {
  base: string;
  viewers: BenchToken[];
  materialId: number;
  studyIdOf: Map<number, number>;
  seconds: number;
}) => {
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  const stopAt = Date.now() + seconds * 1000;
  await Promise.all(
    viewers.map(async (viewer, index) => {
      let position = 0;
      await new Promise((resolve) => setTimeout(resolve, (index / viewers.length) * 10_000));
      while (Date.now() < stopAt) {
        const started = Date.now();
        try {
          const response = await fetch(`${base}/api/TrainOrganize/ModifyStudyProgress`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              token: viewer.token,
              authorization: `Bearer ${viewer.token}`,
            },
            body: JSON.stringify({
              StudyId: studyIdOf.get(viewer.id),
              MaterialId: materialId,
              from: position,
              to: position + 9.5,
            }),
          });
          const answer = (await response.json()) as { result: boolean };
          if (answer.result) {
            accepted++;
            position += 9.5;
          } else refused++;
        } catch {
          failed++;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - started))));
      }
    }),
  );
  return { accepted, refused, failed };
};
