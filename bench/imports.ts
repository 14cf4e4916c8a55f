// The HR console's import measurement of `npm run bench -- --only imports` (docs/performance.md): an 80,000-row
// payslip .xlsx uploaded, read, checked and committed by the real server, against PostgreSQL's COPY of the same
// rows as CSV in the same run; the server's peak RSS meanwhile; and the employees' payslip call under load while
// the import runs, against the primary-key reference measured just before.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { readSheet } from '../apps/server/src/modules/imports/read-sheet';
import { excelShapedPayslips, payslipAmounts, sampleEmployees } from '../apps/server/test/excel-workbook';
import { uploadBesideCalls } from '../apps/server/test/upload-latency';

const ROWS = 80_000;
const PLANT = 'GT';
/** The imports alone, each into a month of its own; the figure is their median (one run moves by ±0.4 s here). */
const ALONE_MONTHS = ['2019-10', '2019-11', '2019-12'];
const LOADED_MONTH = '2020-02';
const MONTH = ALONE_MONTHS[0] as string;

const AMOUNTS = [
  'BASIC_PAY',
  'OVERTIME_PAY',
  'ATTENDANCE_PAY',
  'ALLOWANCE',
  'REWARD_PENALTY',
  'GROSS_PAY',
  'UNION_FEE',
  'LODGING_DEDUCTION',
  'SOCIAL_INSURANCE',
  'HOUSING_FUND',
  'INCOME_TAX',
  'OTHERS',
  'NET_PAY',
] as const;

type Call = { route: string; body: () => string; tokens: string[] };

const rssOf = (pid: number) => {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const post = async <T>(base: string, route: string, body: unknown, token: string) => {
  const response = await fetch(`${base}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { result: boolean; msg: string; data: T };
};

export const benchImport = async ({
  base,
  pool,
  serverPid,
  clerkToken,
  query,
  duration,
  connections,
}: {
  base: string;
  pool: pg.Pool;
  serverPid: number;
  clerkToken: string;
  /** The employees' payslip call, loaded while the import runs, and the primary-key reference. */
  query: { call: Call; reference: Call };
  duration: number;
  connections: number;
}) => {
  // 80,000 employees of one plant, numbered B0000001…, for the import alone.
  await pool.query(`
    insert into employees (emp_no, name, bu, dept_name, emp_type, password_hash)
    select 'B' || lpad(g::text, 7, '0'), '员工' || g, '${PLANT}', '总装车间', 'PS01', 'x'
    from generate_series(1, ${ROWS}) as g on conflict (emp_no) do nothing`);
  // The workbook as Excel writes it: names and numbers as shared strings, some names in rich-text runs.
  const sheetEmployees = Array.from({ length: ROWS }, (_, index) => ({
    empNo: `B${String(index + 1).padStart(7, '0')}`,
    name: `员工${index + 1}`,
  }));
  const file = excelShapedPayslips({ employees: sheetEmployees, strings: 'shared' });

  // The reference: the same rows as CSV, COPY'd by PostgreSQL into a table shaped like payslips.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ess-bench-copy-'));
  chmodSync(dir, 0o755);
  const csvPath = path.join(dir, 'payslips.csv');
  const { rows: ids } = await pool.query<{ id: number }>(
    `select id from employees where bu = '${PLANT}' and emp_no like 'B%' order by emp_no`,
  );
  const lines = ids.map(({ id }, index) => {
    const amounts = payslipAmounts(index);
    const items = Object.fromEntries(AMOUNTS.map((key, at) => [key, amounts[at]]));
    return `${id},${MONTH},PS01,"${JSON.stringify(items).replace(/"/g, '""')}"`;
  });
  writeFileSync(csvPath, `${lines.join('\n')}\n`, { mode: 0o644 });
  // Twice: into a bare table shaped like payslips, and into one with payslips' primary key and foreign key too, as
  // the import's rows are written.
  const copyInto = async (definition: string) => {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      await pool.query(`create table bench_copy ${definition}`);
      const copyStarted = performance.now();
      await pool.query(`copy bench_copy (employee_id, year_month, emp_type, items) from '${csvPath}' (format csv)`);
      times.push(performance.now() - copyStarted);
      await pool.query('drop table bench_copy');
    }
    return times.sort((a, b) => a - b)[1] as number; // the median of three
  };
  const copyMs = await copyInto('(like payslips including defaults)');
  const copyConstrainedMs = await copyInto(
    '(like payslips including all, foreign key (employee_id) references employees (id))',
  );
  rmSync(dir, { recursive: true, force: true });

  // The import alone (its time against COPY's), then another month's import with the payslip call loaded beside
  // it (the call's rate while an import runs); the server's RSS sampled every 50 ms throughout.
  const reference = await load(base, query.reference, duration, connections);
  const idleRss = rssOf(serverPid);
  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(serverPid));
  }, 50);
  try {
    const runs: Awaited<ReturnType<typeof runImport>>[] = [];
    for (const month of ALONE_MONTHS) runs.push(await runImport({ base, file, clerkToken, month }));
    runs.sort((a, b) => a.importMs - b.importMs);
    const alone = runs[Math.floor(runs.length / 2)] as (typeof runs)[number];
    const loaded = await runImport({
      base,
      file,
      clerkToken,
      month: LOADED_MONTH,
      during: () => load(base, query.call, duration, connections),
    });
    return {
      rows: alone.rows,
      fileBytes: file.length,
      copyMs,
      copyConstrainedMs,
      alone,
      aloneRange: [runs[0]?.importMs ?? 0, runs[runs.length - 1]?.importMs ?? 0] as const,
      loaded,
      idleRss,
      peakRss,
      referenceRps: reference.requests.average,
    };
  } finally {
    clearInterval(sampler);
  }
};

/** Upload → checked → committed, with the time each state was first seen (polled every 50 ms). */
const runImport = async ({
  base,
  file,
  clerkToken,
  month,
  during,
}: {
  base: string;
  file: Buffer;
  clerkToken: string;
  month: string;
  during?: () => ReturnType<typeof load>;
}) => {
  // As the console does: the imports page lists the plant's jobs when it opens, before a file is chosen.
  await post(base, 'Import/GetJobList', { bu: PLANT, CurrentPage: 1, PageSize: 20 }, clerkToken);
  const started = performance.now();
  const form = new FormData();
  form.append('bu', PLANT);
  form.append('kind', 'payslip');
  form.append('month', month);
  form.append('file', new Blob([new Uint8Array(file)]), 'payslips.xlsx');
  const uploaded = (await (
    await fetch(`${base}/api/Import/Upload`, {
      method: 'POST',
      headers: { token: clerkToken, authorization: `Bearer ${clerkToken}` },
      body: form,
    })
  ).json()) as { result: boolean; msg: string; data: { id: number } };
  if (!uploaded.result) throw new Error(`upload refused: ${uploaded.msg}`);
  const uploadedMs = performance.now() - started;
  const id = uploaded.data.id;
  // Loaded while the import runs and stopped when it is done (at most `duration` seconds), so the figure is the
  // call's rate during the import, not after it.
  const loadDuring = during?.();
  const seen: Record<string, number> = {};
  const waitFor = async (statuses: string[]) => {
    for (;;) {
      const job = await post<{ status: string; validRows: number; message: string }>(
        base,
        'Import/GetJob',
        { id },
        clerkToken,
      );
      seen[job.data.status] ??= performance.now() - started;
      if (statuses.includes(job.data.status)) return job.data;
      if (job.data.status === 'failed') throw new Error(`import failed: ${job.data.message}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const ready = await waitFor(['ready']);
  const checkedMs = performance.now() - started;
  const commit = await post(base, 'Import/Commit', { id }, clerkToken);
  if (!commit.result) throw new Error(`commit refused: ${commit.msg}`);
  await waitFor(['done']);
  const importMs = performance.now() - started;
  loadDuring?.stop();
  const duringLoad = await loadDuring;
  return {
    rows: ready.validRows,
    uploadedMs,
    seen,
    checkedMs,
    importMs,
    duringRps: duringLoad?.requests.average ?? 0,
    duringErrors: duringLoad ? duringLoad.errors + duringLoad.non2xx : 0,
  };
};

const load = (base: string, call: Call, duration: number, connections: number) => {
  let stop = () => {};
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    let next = 0;
    const instance = autocannon(
      {
        url: `${base}/api/${call.route}`,
        connections,
        duration,
        method: 'POST',
        requests: [
          {
            setupRequest: (request) => {
              const token = call.tokens[next++ % call.tokens.length] ?? '';
              return {
                ...request,
                headers: {
                  ...request.headers,
                  'content-type': 'application/json',
                  token,
                  authorization: `Bearer ${token}`,
                },
                body: call.body(),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
    stop = () => instance.stop();
  });
  return Object.assign(result, { stop });
};

/**
 * Reading an .xlsx as Excel writes it, in this process: the CPU time of the best of three reads of 15,000, 30,000
 * and 60,000 rows, with shared and with inline strings. Linear reading doubles with the rows.
 */
export const benchReading = () =>
  (['shared', 'inline'] as const).map((strings) => {
    const times = [15_000, 30_000, 60_000].map((rows) => {
      const file = excelShapedPayslips({ employees: sampleEmployees(rows), strings });
      const runs = [0, 1, 2].map(() => {
        const before = process.cpuUsage();
        readSheet(file, 'bench.xlsx');
        const used = process.cpuUsage(before);
        return (used.user + used.system) / 1000;
      });
      return { rows, megabytes: file.length / 1048576, ms: Math.min(...runs) };
    });
    return { strings, times };
  });

/** The payslip call's p99 alone and while a 30 MB sheet is uploaded over an office line (about 10 MB/s). */
export const benchUploadBesideCalls = (options: { base: string; clerkToken: string; tokens: string[] }) =>
  uploadBesideCalls({ ...options, fileBytes: 30 * 1024 * 1024 - 64 * 1024, idleMs: 5000 });
