// The messages between the server and the imports' checking thread (check-worker.ts).
import type { ImportKind } from '@ess/contract/import-kinds';
import type { ErrorCode } from '../../core/errors';
import type { ColumnMatch, EmployeeRef, ImportSettings, RejectedRow, StagedRow, UnknownValue } from './validate';

export type CheckInput = {
  jobId: number;
  /**
   * The file: its bytes as they were uploaded to this instance, or its stored parts as hex text, decoded in the
   * thread.
   */
  file: { bytes: Uint8Array } | { hexParts: string[] };
  fileName: string;
  kind: ImportKind;
  bu: string;
  month: string | null;
  settings: ImportSettings;
};

export type CheckResult = {
  headers: string[];
  columns: ColumnMatch[];
  missingFields: string[];
  unknownValues: UnknownValue[];
  rejected: RejectedRow[];
  preview: StagedRow[];
  validRows: number;
};

export type FromCheck =
  /** The thread took the check: its time limit counts from here, not from a thread still loading. */
  | { type: 'started' }
  | { type: 'read'; totalRows: number; empNos: string[] }
  | { type: 'progress'; done: number }
  /** Valid rows as lines of COPY's text format: job_id, row_no, employee_id, data (JSON). */
  | { type: 'rows'; text: string }
  | ({ type: 'done' } & CheckResult)
  | { type: 'refused'; code: ErrorCode; message: string }
  | { type: 'failed'; message: string };

export type ToCheck =
  | { type: 'check'; input: CheckInput }
  | {
      type: 'lookups';
      employees: [string, EmployeeRef][];
      values: { empType: [string, string][]; safetyType: [string, string][] };
    };
