// From a sheet to staged rows: the columns matched to the kind's fields by header (or by the clerk's mapping), every
// row read by its fields' types, checked against the employees of the import's plant and the looked-up values, and
// each refusal given with its row number and a Chinese reason. Unknown looked-up values are listed once each, with
// the rows they occur in. Pure but for the lookups handed in, so it is tested without a database.
import {
  type DateFormat,
  IMPORT_FIELDS,
  type ImportField,
  type ImportKind,
  normaliseHeader,
} from '@ess/contract/import-kinds';
import { readAmount, readCount, readDate, readDateTime, readMonth, readTime } from './cells';
import { KIND_SPECS, type RowData } from './kinds';
import type { Cell, Sheet } from './read-sheet';

export type ImportSettings = {
  /** Header (as in the file) → field key, or '' for a column not to use. */
  columns: Record<string, string>;
  dateFormats: Record<string, DateFormat>;
  /** Field → (value in the file → accepted code, or '' to skip its rows). */
  valueMap: Record<string, Record<string, string>>;
};

export type EmployeeRef = { id: number; bu: string; name: string; leftOn: string | null };

export type Lookups = {
  employees: Map<string, EmployeeRef>;
  /** Per lookup: accepted code by code and by name. */
  values: Record<NonNullable<ImportField['lookup']>, Map<string, string>>;
};

export type ColumnMatch = { index: number; header: string; field: string | null; isManual: boolean };
export type StagedRow = { rowNo: number; employeeId: number; data: RowData };
export type RejectedRow = { row: number; reason: string; cells: string[] };
export type UnknownValue = { field: string; label: string; value: string; count: number; rows: number[] };

export type Validation = {
  columns: ColumnMatch[];
  missingFields: string[];
  /** The first PREVIEW_ROWS valid rows; every valid row goes to `onStaged` as it is checked. */
  preview: StagedRow[];
  validRows: number;
  rejected: RejectedRow[];
  unknownValues: UnknownValue[];
};

const MAX_ROWS_PER_UNKNOWN = 20;
export const PREVIEW_ROWS = 20;

/** Each column to a field: the clerk's mapping first, then the header's name or one of its aliases. */
export const matchColumns = (kind: ImportKind, headers: string[], columns: Record<string, string>): ColumnMatch[] => {
  const fields = IMPORT_FIELDS[kind];
  const byName = new Map<string, string>();
  for (const field of fields) {
    for (const name of [field.label, ...(field.aliases ?? [])]) byName.set(normaliseHeader(name), field.key);
  }
  const known = new Set(fields.map((field) => field.key));
  const taken = new Set<string>();
  return headers.map((header, index) => {
    // Object.hasOwn: a header called __proto__ or constructor is a header, never a property of the mapping.
    const manual = Object.hasOwn(columns, header) ? columns[header] : undefined;
    let field: string | null = null;
    let isManual = false;
    if (manual !== undefined) {
      field = manual !== '' && known.has(manual) ? manual : null;
      isManual = true;
    } else {
      field = byName.get(normaliseHeader(header)) ?? null;
    }
    if (field && taken.has(field)) field = null;
    if (field) taken.add(field);
    return { index, header, field, isManual };
  });
};

type FieldReader = { field: ImportField; index: number };

export const validateSheet = (
  {
    kind,
    bu,
    month,
    sheet,
    settings,
    lookups,
  }: { kind: ImportKind; bu: string; month: string | null; sheet: Sheet; settings: ImportSettings; lookups: Lookups },
  { onProgress, onStaged }: { onProgress?: (done: number) => void; onStaged: (row: StagedRow) => void },
): Validation => {
  const columns = matchColumns(kind, sheet.headers, settings.columns);
  const fields = IMPORT_FIELDS[kind];
  const readers: FieldReader[] = columns.flatMap((column) => {
    const field = fields.find((candidate) => candidate.key === column.field);
    return field ? [{ field, index: column.index }] : [];
  });
  const mapped = new Set(readers.map((reader) => reader.field.key));
  const missingFields = fields.filter((field) => field.isRequired && !mapped.has(field.key)).map((field) => field.key);
  const result: Validation = { columns, missingFields, preview: [], validRows: 0, rejected: [], unknownValues: [] };
  if (missingFields.length > 0) return result;

  const spec = KIND_SPECS[kind];
  const seen = new Map<string, number>();
  const unknown = new Map<string, UnknownValue>();

  for (const [position, { rowNo, cells }] of sheet.rows.entries()) {
    if (onProgress && position % 5000 === 0) onProgress(position);
    const reject = (reason: string) =>
      void result.rejected.push({ row: rowNo, reason, cells: cells.map((cell) => cell.text) });
    const data: RowData = {};
    const problems: string[] = [];
    for (const { field, index } of readers) {
      const cell: Cell = cells[index] ?? { text: '' };
      if (cell.text === '' && cell.dateSerial === undefined) {
        if (field.isRequired) problems.push(`${field.label}为空`);
        continue;
      }
      const read = readCell(field, cell, settings);
      if (read.ok) {
        if (field.lookup) {
          const value = String(read.value);
          const code = resolveLookup(field, value, lookups, settings);
          if (code === undefined) {
            const key = `${field.key}\u0000${value}`;
            const entry: UnknownValue = unknown.get(key) ?? {
              field: field.key,
              label: field.label,
              value,
              count: 0,
              rows: [],
            };
            entry.count += 1;
            if (entry.rows.length < MAX_ROWS_PER_UNKNOWN) entry.rows.push(rowNo);
            unknown.set(key, entry);
            problems.push(`${field.label}“${value}”未知，请在“未识别的值”中映射或跳过`);
          } else if (code === '') problems.push(`${field.label}“${value}”已设为跳过`);
          else data[field.key] = code;
        } else data[field.key] = read.value;
      } else problems.push(read.reason);
    }
    if (problems.length > 0) {
      reject(problems.join('；'));
      continue;
    }

    const employee = lookups.employees.get(String(data.empNo));
    if (!employee && !spec.createsEmployees) {
      reject(`工号 ${data.empNo} 不存在`);
      continue;
    }
    if (employee && employee.bu !== bu) {
      reject(`工号 ${data.empNo} 属于${employee.bu}厂，不属于本次导入的${bu}厂`);
      continue;
    }
    if (employee && !spec.createsEmployees && typeof data.name === 'string' && data.name !== employee.name) {
      reject(`姓名“${data.name}”与工号 ${data.empNo} 不符`);
      continue;
    }
    const problem = spec.check?.(data, month);
    if (problem) {
      reject(problem);
      continue;
    }
    const key = spec.duplicateKey(data);
    const first = seen.get(key);
    if (first !== undefined) {
      reject(`与第 ${first} 行重复`);
      continue;
    }
    seen.set(key, rowNo);
    // 0: a new employee of the roster, created by the commit.
    const row: StagedRow = { rowNo, employeeId: employee?.id ?? 0, data: shapeRow(kind, data) };
    if (result.preview.length < PREVIEW_ROWS) result.preview.push(row);
    result.validRows++;
    onStaged(row);
  }
  result.unknownValues = [...unknown.values()];
  return result;
};

const readCell = (field: ImportField, cell: Cell, settings: ImportSettings) => {
  const format = (Object.hasOwn(settings.dateFormats, field.key) && settings.dateFormats[field.key]) || 'yyyy-MM-dd';
  switch (field.type) {
    case 'amount':
      return readAmount(cell.text);
    case 'count':
      return readCount(cell.text);
    case 'month':
      return readMonth(cell);
    case 'date':
      return readDate(cell, format);
    case 'dateTime':
      return readDateTime(cell, format);
    case 'time':
      return readTime(cell);
    case 'empNo':
      return /^[A-Za-z0-9-]{1,32}$/.test(cell.text)
        ? { ok: true as const, value: cell.text }
        : { ok: false as const, reason: `工号“${cell.text}”无效` };
    default: {
      const max = field.maxLength ?? 200;
      return cell.text.length > max
        ? { ok: false as const, reason: `${field.label}超过 ${max} 字` }
        : { ok: true as const, value: cell.text };
    }
  }
};

/** The accepted code of a looked-up value: the clerk's mapping ('' skips), else a known code or name. */
const resolveLookup = (field: ImportField, value: string, lookups: Lookups, settings: ImportSettings) => {
  const mapping = Object.hasOwn(settings.valueMap, field.key) ? settings.valueMap[field.key] : undefined;
  if (mapping && Object.hasOwn(mapping, value)) {
    const mapped = mapping[value] as string;
    if (mapped === '') return '';
    return lookups.values[field.lookup as keyof Lookups['values']].get(mapped);
  }
  return lookups.values[field.lookup as keyof Lookups['values']].get(value);
};

/** The staged form of a row: payslip amounts go under items. */
const shapeRow = (kind: ImportKind, data: RowData): RowData => {
  if (kind !== 'payslip') return data;
  const items: Record<string, number> = {};
  const shaped: RowData = {};
  for (const key in data) {
    const value = data[key];
    if (typeof value === 'number') items[key] = value;
    else shaped[key] = value;
  }
  shaped.items = items;
  return shaped;
};
