// Calendar dates in the company's time zone: "today", "last 3 days", "previous month" all mean Asia/Shanghai.
export const COMPANY_TIME_ZONE = 'Asia/Shanghai';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** yyyy-MM-dd of `now` on the Shanghai calendar (a UTC evening is already tomorrow there). */
export const companyToday = (now: Date = new Date()): string => {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** yyyy-MM of `now` on the Shanghai calendar. */
export const companyMonth = (now: Date = new Date()): string => companyToday(now).slice(0, 7);

const timeParts = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** yyyy-MM-dd HH:mm:ss of a moment on the Shanghai clock (for values read into JavaScript; SQL has shanghaiTime). */
export const companyDateTime = (at: Date): string => {
  const parts = Object.fromEntries(timeParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};
