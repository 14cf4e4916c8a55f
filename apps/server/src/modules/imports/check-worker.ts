// The imports' reading and checking, in a thread of its own so that the server's event loop keeps answering while a
// large workbook is parsed and its rows checked. The thread stays up between checks (check-in-thread.ts); each check
// comes as a message with the file (its bytes, or hex text decoded here). The thread asks the main thread for the
// employees of the file's numbers, checks every row, and hands the valid rows back in chunks of STAGE_CHUNK rows in
// COPY's text format as they are checked; no side keeps them all (the sheet's rows are the one copy held, the
// workbook itself is let go once read).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { BusinessError } from '../../core/errors';
import type { CheckInput, FromCheck, ToCheck } from './check-protocol';
import { KIND_SPECS } from './kinds';
import { readSheet } from './read-sheet';
import { type EmployeeRef, type Lookups, matchColumns, type StagedRow, validateSheet } from './validate';

const STAGE_CHUNK = 5_000;

/**
 * A staged row as a line of COPY's text format: job, row number, employee, the row's JSON. JSON escapes every control
 * character, so only its backslashes need doubling for COPY; \u0000, which jsonb cannot hold, is dropped. The
 * employee's number and name are left out where the commit knows the employee by id (all but the roster): a quarter
 * less JSON for PostgreSQL to parse.
 */
const copyLine = (jobId: number, row: StagedRow, isIdentityKept: boolean) => {
  let data = row.data;
  if (!isIdentityKept) {
    const { empNo: _empNo, name: _name, ...rest } = data;
    data = rest;
  }
  let json = JSON.stringify(data);
  if (json.includes('\\')) {
    if (json.includes('\\u0000')) json = JSON.stringify(data, withoutNul);
    json = json.replaceAll('\\', '\\\\');
  }
  return `${jobId}\t${row.rowNo}\t${row.employeeId}\t${json}\n`;
};

const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replaceAll('\u0000', '') : value;

/**
 * The thread runs below the server's own (nice 10; Linux gives each thread its own): while an import is checked, the
 * employees' calls on the main thread come first, and an import alone runs as fast as before. Elsewhere it stays as
 * it is.
 */
const lowerPriority = () => {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
};
lowerPriority();

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread');
const send = (message: FromCheck) => port.postMessage(message);

let onLookups: ((lookups: Lookups) => void) | undefined;
port.on('message', (message: ToCheck) => {
  if (message.type === 'check') {
    // One check at a time (the server waits for each to settle before it sends the next).
    onLookups = undefined;
    send({ type: 'started' });
    run(message.input).catch((error: unknown) => {
      if (error instanceof BusinessError) send({ type: 'refused', code: error.code, message: error.message });
      else send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
  } else {
    onLookups?.({
      employees: new Map(message.employees as [string, EmployeeRef][]),
      values: {
        empType: new Map(message.values.empType),
        safetyType: new Map(message.values.safetyType),
      },
    });
  }
});

const run = async ({ jobId, file, fileName, kind, bu, month, settings }: CheckInput) => {
  let bytes: Buffer | undefined =
    'bytes' in file
      ? Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength)
      : Buffer.concat(file.hexParts.map((hex) => Buffer.from(hex, 'hex')));
  const sheet = readSheet(bytes, fileName);
  bytes = undefined;
  if (sheet.headers.length === 0) throw new BusinessError('INVALID_INPUT', { detail: '文件中没有数据' });

  const empNoIndex =
    matchColumns(kind, sheet.headers, settings.columns).find((column) => column.field === 'empNo')?.index ?? -1;
  const empNos = empNoIndex < 0 ? [] : [...new Set(sheet.rows.map((row) => row.cells[empNoIndex]?.text ?? ''))];
  const lookups = await new Promise<Lookups>((resolve) => {
    onLookups = resolve;
    send({ type: 'read', totalRows: sheet.rows.length, empNos: empNos.filter((empNo) => empNo !== '') });
  });

  const isIdentityKept = KIND_SPECS[kind].createsEmployees === true;
  // Each chunk goes as soon as it is full: PostgreSQL takes it in while the next rows are checked.
  let text = '';
  let inChunk = 0;
  const validation = validateSheet(
    { kind, bu, month, sheet, settings, lookups },
    {
      onProgress: (done) => send({ type: 'progress', done }),
      onStaged: (row) => {
        text += copyLine(jobId, row, isIdentityKept);
        if (++inChunk < STAGE_CHUNK) return;
        send({ type: 'rows', text });
        text = '';
        inChunk = 0;
      },
    },
  );
  if (inChunk > 0) send({ type: 'rows', text });
  send({
    type: 'done',
    headers: sheet.headers,
    columns: validation.columns,
    missingFields: validation.missingFields,
    unknownValues: validation.unknownValues,
    rejected: validation.rejected,
    preview: validation.preview,
    validRows: validation.validRows,
  });
};
