// Calendar helpers in Asia/Shanghai (DESIGN §3), and how dates show on screen. China has kept UTC+8
// without daylight saving since 1991, so a fixed offset is exact and needs no time-zone database on old phones.
import { t } from '../i18n/zh-CN';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The spec counts months of service as 30 days each. */
export const DAYS_PER_MONTH = 30;

/** An instant (ISO text with its offset) on the Shanghai clock: yyyy-MM-dd HH:mm:ss. */
export const formatShanghaiTime = (iso: string): string =>
  new Date(Date.parse(iso) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** Today's date in Asia/Shanghai as yyyy-MM-dd. */
export const getShanghaiToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** The month `monthsBack` months before this one in Asia/Shanghai as yyyy-MM (0: this month). */
export const getShanghaiMonth = (monthsBack = 0, now: Date = new Date()): string => {
  const [year, month] = getShanghaiToday(now).split('-').map(Number) as [number, number];
  // Day 1 of the month counted back: Date.UTC carries a month below 1 into the years before.
  return new Date(Date.UTC(year, month - 1 - monthsBack, 1)).toISOString().slice(0, 7);
};

const parseIsoDate = (value: string): number | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Rejects dates such as 2024-02-31 that Date.UTC would roll over.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time;
};

/** Whole days from `from` to `to` (both yyyy-MM-dd); undefined for malformed dates. */
export const countDaysBetween = (from: string, to: string): number | undefined => {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === undefined || end === undefined) return undefined;
  return Math.round((end - start) / DAY_MS);
};

export type ServiceLength = {
  /** Days elapsed since the enter date (0 on the first day). */
  elapsedDays: number;
  /** 1 on the first day: 入职第 N 天. */
  dayNumber: number;
  /** elapsedDays split as 30-day months and the remaining days. */
  months: number;
  days: number;
};

/** Length of service on `today` (Asia/Shanghai); undefined without a usable enter date or before it. */
export const getServiceLength = (
  enterDate: string | null | undefined,
  today: string = getShanghaiToday(),
): ServiceLength | undefined => {
  if (!enterDate) return undefined;
  const elapsedDays = countDaysBetween(enterDate.slice(0, 10), today);
  if (elapsedDays === undefined || elapsedDays < 0) return undefined;
  return {
    elapsedDays,
    dayNumber: elapsedDays + 1,
    months: Math.floor(elapsedDays / DAYS_PER_MONTH),
    days: elapsedDays % DAYS_PER_MONTH,
  };
};

/**
 * A month as every screen shows it: 2026年10月 for 2026-10 (yyyy-MM, as months travel). Anything else is
 * shown as it came, so a malformed value is still visible rather than hidden.
 */
export const formatMonth = (yearMonth: string): string => {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(yearMonth);
  return match ? t.dates.month(Number(match[1]), Number(match[2])) : yearMonth;
};
