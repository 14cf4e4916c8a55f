// Reads an uploaded sheet (.xlsx, legacy .xls, or .csv in UTF-8 or GBK) into rows of cells, every cell as text:
// employee, ID and bank numbers stay exactly as typed; a date cell keeps its serial number so that a date column
// reads it without guessing. Only the first sheet is read, at most MAX_IMPORT_ROWS rows and MAX_COLUMNS columns of
// the cells that exist, whatever the file declares its size to be. A .xlsx is read by read-xlsx.ts, which keeps only
// each cell's text; what that reader leaves (and every .xls) SheetJS reads into its dense sheet, walked row by row
// and let go as it is walked, so the workbook is not held twice.

import * as XLSX from '@e965/xlsx';
import { MAX_IMPORT_ROWS } from '@ess/contract/import-kinds';
import { BusinessError } from '../../core/errors';
import { DamagedZip, type ZipEntry, zipEntries } from '../../lib/zip';
import { readXlsxRows } from './read-xlsx';

/** A cell as read: its text, and for a number formatted as a date its serial (days since 1899-12-30). */
export type Cell = { text: string; dateSerial?: number };
export type SheetRow = { rowNo: number; cells: Cell[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

export const MAX_COLUMNS = 200;
/** A .xlsx is a zip: its parts may not unpack to more than this (a zip bomb is refused before it is unpacked). */
const MAX_UNPACKED_BYTES = 600 * 1024 * 1024;

const refuse = (detail: string): never => {
  throw new BusinessError('INVALID_INPUT', { detail });
};

/** The zip's central directory, refused when damaged or when its parts declare more than MAX_UNPACKED_BYTES. */
const checkedZipEntries = (bytes: Buffer): ZipEntry[] => {
  let entries: ZipEntry[];
  try {
    entries = zipEntries(bytes);
  } catch {
    return refuse('文件已损坏，无法读取');
  }
  let total = 0;
  for (const entry of entries) {
    // 0xFFFFFFFF: the real size is in a zip64 field; no honest workbook of ours needs that.
    if (entry.size === 0xffffffff) return refuse('文件过大，无法导入');
    total += entry.size;
  }
  if (total > MAX_UNPACKED_BYTES) refuse('文件解压后过大，无法导入');
  return entries;
};

type Format = 'xlsx' | 'xls' | 'csv';

/** By content: a zip (xlsx), an OLE compound file (xls), else text (csv). The name's extension must agree. */
const formatOf = (bytes: Buffer, fileName: string): Format => {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  const isOle = bytes.length >= 8 && bytes.readUInt32LE(0) === 0xe011cfd0 && bytes.readUInt32LE(4) === 0xe11ab1a1;
  if (extension === 'xlsx' && isZip) return 'xlsx';
  if (extension === 'xls' && isOle) return 'xls';
  if (extension === 'csv' && !isZip && !isOle) return 'csv';
  return refuse('文件类型不支持，请上传 .xlsx、.xls 或 .csv 文件');
};

/**
 * UTF-8 when the bytes are valid UTF-8, else GBK, which Excel in China writes CSV in. A BOM does not decide it:
 * some tools put a UTF-8 BOM before text they wrote in GBK, and trusting it gave garbled headers.
 */
export const decodeCsv = (bytes: Buffer): string => {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = hasBom ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(text);
  } catch {
    return new TextDecoder('gbk').decode(text);
  }
};

/** RFC 4180: fields separated by commas, quoted with ", "" inside quotes; CRLF or LF line ends. */
export const parseCsv = (text: string, maxRows: number): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (isQuoted) {
      if (char === '"') {
        if (text[at + 1] === '"') {
          field += '"';
          at++;
        } else isQuoted = false;
      } else field += char;
    } else if (char === '"' && field === '') isQuoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
      if (row.length > MAX_COLUMNS) refuse(`列数超过 ${MAX_COLUMNS} 列`);
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      row.push(field);
      field = '';
      rows.push(row);
      row = [];
      if (rows.length > maxRows) refuse(`行数超过上限 ${MAX_IMPORT_ROWS} 行，请分批导入`);
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
};

const isBlank = (cells: Cell[]) => cells.every((cell) => cell.text === '');

const cellOf = (cell: XLSX.CellObject | undefined): Cell => {
  if (!cell) return { text: '' };
  switch (cell.t) {
    case 's':
      return { text: String(cell.v ?? '').trim() };
    case 'n': {
      const value = cell.v as number;
      const isDate = typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z);
      // The number itself, not its display (1.2E+17, 1,234.50): an integer prints whole, a fraction shortest.
      const text = Number.isFinite(value) ? String(value) : '';
      return isDate ? { text: cell.w ?? text, dateSerial: value } : { text };
    }
    case 'b':
      return { text: cell.v ? 'TRUE' : 'FALSE' };
    case 'd':
      return { text: cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v ?? '') };
    default:
      return { text: '' };
  }
};

/** Rows into a sheet: the first non-blank row is the header; blank rows are left out. */
const collectRows = () => {
  const rows: SheetRow[] = [];
  let headers: string[] | undefined;
  const add = (rowNo: number, cells: Cell[]) => {
    if (isBlank(cells)) return;
    if (!headers) headers = cells.map((cell) => cell.text);
    else rows.push({ rowNo, cells });
    if (rows.length > MAX_IMPORT_ROWS) refuse(`行数超过上限 ${MAX_IMPORT_ROWS} 行，请分批导入`);
  };
  return { add, sheet: (): Sheet => ({ headers: headers ?? [], rows }) };
};

const readWorkbook = (bytes: Buffer, format: 'xlsx' | 'xls'): Sheet => {
  if (format === 'xlsx') {
    const entries = checkedZipEntries(bytes);
    const collected = collectRows();
    try {
      const isRead = readXlsxRows(bytes, {
        entries,
        maxColumns: MAX_COLUMNS,
        onRow: ({ rowNo, cells }) => {
          collected.add(rowNo, cells);
          return true;
        },
      });
      if (isRead) return collected.sheet();
    } catch (error) {
      if (error instanceof DamagedZip) refuse('文件已损坏或不是有效的表格，无法读取');
      throw error;
    }
  }
  return readWithSheetJs(bytes);
};

/** Every .xls, and the .xlsx that read-xlsx.ts leaves: SheetJS's dense sheet, walked row by row. */
export const readWithSheetJs = (bytes: Buffer): Sheet => {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
      cellDates: false,
      sheets: 0,
      // One row more than allowed, to tell a sheet that is too long.
      sheetRows: MAX_IMPORT_ROWS + 2,
    });
  } catch {
    return refuse('文件已损坏或不是有效的表格，无法读取');
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  // The cells that exist, never the size the file declares (<dimension ref="A1:XFD1048576"/>).
  const data = (sheet as XLSX.DenseWorkSheet | undefined)?.['!data'] ?? [];
  const collected = collectRows();
  for (let index = 0; index < data.length; index++) {
    const raw = data[index];
    if (!raw) continue;
    const width = Math.min(raw.length, MAX_COLUMNS);
    const cells: Cell[] = [];
    for (let column = 0; column < width; column++) cells.push(cellOf(raw[column]));
    collected.add(index + 1, cells);
    // Let the row go: the workbook is not held twice.
    data[index] = undefined as unknown as XLSX.CellObject[];
  }
  return collected.sheet();
};

export const readSheet = (bytes: Buffer, fileName: string): Sheet => {
  const format = formatOf(bytes, fileName);
  if (format !== 'csv') return readWorkbook(bytes, format);
  const lines = parseCsv(decodeCsv(bytes), MAX_IMPORT_ROWS + 1);
  const collected = collectRows();
  lines.forEach((line, index) => {
    collected.add(
      index + 1,
      line.slice(0, MAX_COLUMNS).map((text) => ({ text: text.trim() })),
    );
  });
  return collected.sheet();
};
