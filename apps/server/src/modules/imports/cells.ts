// A cell's text read as its column's type: dates by the format the clerk chose for the column (never guessed), a
// date cell by its serial number, amounts as money in cents, months as yyyy-MM. Each answers the value or a
// Chinese reason.

import * as XLSX from '@e965/xlsx';
import type { DateFormat } from '@ess/contract/import-kinds';
import { toAmount } from '../../lib/money';
import type { Cell } from './read-sheet';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (reason: string): Parsed<never> => ({ ok: false, reason });

const pad = (value: number) => String(value).padStart(2, '0');

const isRealDate = (year: number, month: number, day: number) => {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

const PATTERNS: Record<DateFormat, { regex: RegExp; order: ['y', 'm', 'd'] | ['d', 'm', 'y'] | ['m', 'd', 'y'] }> = {
  'yyyy-MM-dd': { regex: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'yyyy/MM/dd': { regex: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: ['y', 'm', 'd'] },
  yyyyMMdd: { regex: /^(\d{4})(\d{2})(\d{2})$/, order: ['y', 'm', 'd'] },
  'yyyy.MM.dd': { regex: /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'dd/MM/yyyy': { regex: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/dd/yyyy': { regex: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
};

type DateParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const fromSerial = (serial: number): DateParts | undefined => {
  const parts = XLSX.SSF.parse_date_code(serial);
  if (!parts || !isRealDate(parts.y, parts.m, parts.d)) return undefined;
  return { year: parts.y, month: parts.m, day: parts.d, hour: parts.H, minute: parts.M, second: parts.S };
};

const fromText = (text: string, format: DateFormat): DateParts | undefined => {
  const pattern = PATTERNS[format];
  const match = pattern.regex.exec(text);
  if (!match) return undefined;
  const values: Record<string, number> = {};
  pattern.order.forEach((part, index) => {
    values[part] = Number(match[index + 1]);
  });
  const year = values.y as number;
  const month = values.m as number;
  const day = values.d as number;
  return isRealDate(year, month, day) ? { year, month, day, hour: 0, minute: 0, second: 0 } : undefined;
};

const isoDate = ({ year, month, day }: DateParts) => `${year}-${pad(month)}-${pad(day)}`;

export const readDate = (cell: Cell, format: DateFormat): Parsed<string> => {
  const parts = cell.dateSerial !== undefined ? fromSerial(cell.dateSerial) : fromText(cell.text, format);
  return parts ? ok(isoDate(parts)) : fail(`日期“${cell.text}”不是 ${format} 格式的有效日期`);
};

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

const readTimeText = (text: string): string | undefined => {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
};

/** A time of day: HH:mm[:ss], or a time cell (the fraction of a day). */
export const readTime = (cell: Cell): Parsed<string> => {
  if (cell.dateSerial !== undefined) {
    const parts = XLSX.SSF.parse_date_code(cell.dateSerial);
    if (parts) return ok(`${pad(parts.H)}:${pad(parts.M)}:${pad(parts.S)}`);
  }
  const time = readTimeText(cell.text);
  return time ? ok(time) : fail(`时间“${cell.text}”应为 HH:mm 格式`);
};

/** A date and a time: a date-time cell, or the date in the column's format, a space and HH:mm[:ss]. */
export const readDateTime = (cell: Cell, format: DateFormat): Parsed<string> => {
  if (cell.dateSerial !== undefined) {
    const parts = fromSerial(cell.dateSerial);
    if (parts) return ok(`${isoDate(parts)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`);
  }
  const [datePart = '', timePart = '', ...rest] = cell.text.split(/\s+/);
  const date = fromText(datePart, format);
  const time = readTimeText(timePart);
  if (!date || !time || rest.length > 0) return fail(`时间“${cell.text}”应为 ${format} HH:mm 格式`);
  return ok(`${isoDate(date)} ${time}`);
};

const MONTH = /^(\d{4})[-/.年](\d{1,2})月?$/;

/** yyyy-MM (also 2026/10, 2026.10, 2026年10月, 202610), or a date cell's month. */
export const readMonth = (cell: Cell): Parsed<string> => {
  if (cell.dateSerial !== undefined) {
    const parts = fromSerial(cell.dateSerial);
    if (parts) return ok(`${parts.year}-${pad(parts.month)}`);
  }
  const text = cell.text;
  const match = MONTH.exec(text) ?? /^(\d{4})(\d{2})$/.exec(text);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12 || year < 1900) return fail(`月份“${text}”无效，应为 yyyy-MM`);
  return ok(`${year}-${pad(month)}`);
};

const AMOUNT = /^-?\d+(?:\.\d+)?$/;
const PLAIN_AMOUNT = /^-?\d{1,10}(?:\.\d{1,2})?$/;

/** Money: digits with an optional sign and decimals; thousands separators and a ¥ are allowed; at most cents. */
export const readAmount = (text: string): Parsed<number> => {
  // Most cells: plain digits with at most cents, exact as they are (|| 0: no -0).
  if (PLAIN_AMOUNT.test(text)) return ok(Number(text) || 0);
  const cleaned = text.replace(/[,，¥￥\s]/g, '');
  if (!AMOUNT.test(cleaned)) return fail(`金额“${text}”不是数字`);
  const value = Number(cleaned);
  if (!Number.isFinite(value) || Math.abs(value) >= 1e10) return fail(`金额“${text}”超出范围`);
  // Rounded to cents half away from zero, as numeric(12, 2) stores it.
  return ok(toAmount(value));
};

export const readCount = (text: string): Parsed<number> => {
  if (!/^\d{1,6}$/.test(text)) return fail(`数量“${text}”应为整数`);
  return ok(Number(text));
};
