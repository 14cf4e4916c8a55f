// The imports' reading and checking, in a thread of its own so that the server's event loop keeps answering while a
// large workbook is parsed and its rows checked. The thread stays up between checks (check-in-thread.ts); each check
// comes as a message with the file (its bytes as hex text, decoded here); the thread
// asks the main thread for the employees of the file's numbers, checks every row, and hands the valid rows back in
// chunks of STAGE_CHUNK rows in COPY's text format, at most two unacknowledged at a time, so that neither side holds
// them all twice.
import { parentPort } from 'node:worker_threads';
import { IMPORT_FIELDS, type ImportKind } from '@ess/contract/import-kinds';
import { BusinessError } from '../../core/errors';
import type { CheckInput, FromCheck, ToCheck } from './check-protocol';
import { readSheet } from './read-sheet';
import { type EmployeeRef, type Lookups, type StagedRow, validateSheet } from './validate';

const STAGE_CHUNK = 10_000;
const IN_FLIGHT = 2;

/**
 * A staged row as a line of COPY's text format: job, row number, employee, the row's JSON. JSON escapes every control
 * character, so only its backslashes need doubling for COPY; \u0000, which jsonb cannot hold, is dropped.
 */
const copyLine = (jobId: number, row: StagedRow) => {
  let json = JSON.stringify(row.data);
  if (json.includes('\\')) {
    if (json.includes('\\u0000')) json = JSON.stringify(row.data, withoutNul);
    json = json.replaceAll('\\', '\\\\');
  }
  return `${jobId}\t${row.rowNo}\t${row.employeeId}\t${json}\n`;
};

const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replaceAll('\u0000', '') : value;

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread');
const send = (message: FromCheck) => port.postMessage(message);

let onLookups: ((lookups: Lookups) => void) | undefined;
let acked = 0;
let onAck: (() => void) | undefined;
port.on('message', (message: ToCheck) => {
  if (message.type === 'check') {
    // One check at a time (the server waits for each to settle before it sends the next).
    acked = 0;
    onAck = undefined;
    onLookups = undefined;
    run(message.input).catch((error: unknown) => {
      if (error instanceof BusinessError) send({ type: 'refused', code: error.code, message: error.message });
      else send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
  } else if (message.type === 'lookups') {
    onLookups?.({
      employees: new Map(message.employees as [string, EmployeeRef][]),
      values: {
        empType: new Map(message.values.empType),
        safetyType: new Map(message.values.safetyType),
      },
    });
  } else {
    acked++;
    onAck?.();
  }
});

const run = async ({ jobId, hex, fileName, kind, bu, month, settings }: CheckInput) => {
  let bytes: Buffer | undefined = Buffer.from(hex.startsWith('\\x') ? hex.slice(2) : hex, 'hex');
  const sheet = readSheet(bytes, fileName);
  bytes = undefined;
  if (sheet.headers.length === 0) throw new BusinessError('INVALID_INPUT', { detail: '文件中没有数据' });

  const empNoColumn = IMPORT_FIELDS[kind as ImportKind].find((field) => field.key === 'empNo');
  const headerIndex = sheet.headers.findIndex((header) =>
    [empNoColumn?.label, ...(empNoColumn?.aliases ?? [])].includes(header),
  );
  const manualEmpNo = Object.entries(settings.columns).find(([, field]) => field === 'empNo')?.[0];
  const empNoIndex = manualEmpNo !== undefined ? sheet.headers.indexOf(manualEmpNo) : headerIndex;
  const empNos = empNoIndex < 0 ? [] : [...new Set(sheet.rows.map((row) => row.cells[empNoIndex]?.text ?? ''))];
  const lookups = await new Promise<Lookups>((resolve) => {
    onLookups = resolve;
    send({ type: 'read', totalRows: sheet.rows.length, empNos: empNos.filter((empNo) => empNo !== '') });
  });

  const validation = validateSheet({ kind, bu, month, sheet, settings, lookups }, (done) =>
    send({ type: 'progress', done }),
  );
  const { staged } = validation;
  let sent = 0;
  for (let from = 0; from < staged.length; from += STAGE_CHUNK) {
    while (sent - acked >= IN_FLIGHT) await new Promise<void>((resolve) => (onAck = resolve));
    let text = '';
    for (const row of staged.slice(from, from + STAGE_CHUNK)) text += copyLine(jobId, row);
    send({ type: 'rows', text });
    sent++;
  }
  send({
    type: 'done',
    headers: sheet.headers,
    columns: validation.columns,
    missingFields: validation.missingFields,
    unknownValues: validation.unknownValues,
    rejected: validation.rejected,
    preview: staged.slice(0, 20),
    validRows: staged.length,
  });
};
