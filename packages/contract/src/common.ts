// Shapes every call shares: the answer envelope, route descriptors, dates and paging.
import { z } from 'zod';
import type { Address } from './addresses';
import { PLANTS } from './plants';

export { type Address, ROLE_NAMES, type RoleName } from './addresses';
export { ATTENDANCE_PHOTO_PLANTS, hasAttendancePhoto, PLANTS, type Plant } from './plants';

z.config(z.locales.zhCN());

/**
 * A call of the API: its address and access (./addresses.ts); `request` validates the body, `data` describes
 * the answer's data.
 */
export type RouteSpec<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> = Address & {
  request: Req;
  data: Data;
};

export const defineRoute = <A extends Address, Req extends z.ZodType, Data extends z.ZodType>(
  address: A,
  schemas: { request: Req; data: Data },
): A & RouteSpec<Req, Data> => ({ ...address, ...schemas });

export type RequestOf<R extends RouteSpec> = z.input<R['request']>;
export type ParsedRequestOf<R extends RouteSpec> = z.output<R['request']>;
export type DataOf<R extends RouteSpec> = z.output<R['data']>;

/** The answer envelope of every call. */
export type Envelope<T> = { result: boolean; msg: string; data: T; totalCount?: number };

export const empty = z.object({}).passthrough();

/**
 * C0 control characters and DEL, except tab and line breaks: PostgreSQL refuses NUL outright, and the
 * others have no business in anything a person typed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);
/**
 * Half a surrogate pair (no character at all): it cannot be stored as UTF-8 or JSON in PostgreSQL.
 * Written without a lookbehind, which older Safari cannot parse.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasLoneSurrogates = (value: string) => LONE_SURROGATE.test(value);

/**
 * Text a person typed: refuses control characters, naming the field (`label`) in the message; `missing`
 * is the message when the field is absent.
 */
export const text = (label: string, { missing = `请填写${label}` }: { missing?: string } = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label}应为文本`) })
    .refine((value) => !hasControlCharacters(value), { error: `${label}不能包含控制字符` })
    .refine((value) => !hasLoneSurrogates(value), { error: `${label}包含无法识别的字符` });

export const yearMonth = z
  .string({ error: '月份格式应为 yyyy-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '月份格式应为 yyyy-MM' });
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isoDate = z
  .string({ error: '日期格式应为 yyyy-MM-dd' })
  .regex(ISO_DATE, { error: '日期格式应为 yyyy-MM-dd' });

/** Blank (null, '', spaces only) as absent: an emptied control means "not given". */
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A required text field: `missing` when it is absent or blank, the label in the other messages. */
export const requiredText = (label: string, missing: string, max: number) =>
  text(label, { missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${label}最多 ${max} 字` });

/** An optional text field: absent reads as ''. */
/** A filter field of a console list: absent or '' means any. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.union([schema.optional(), z.literal('').transform(() => undefined)], {
    // A value that is neither: the field's own words (e.g. 状态无效), not the union's.
    error: (issue) => (issue.code === 'invalid_union' ? issue.errors[0]?.[0]?.message : undefined),
  });

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    text(label)
      .trim()
      .max(max, { error: `${label}最多 ${max} 字` }),
  );

/** The address of an uploaded file, as upload/UploadFileForMobile answers it. */
export const FILE_PATH = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An uploaded file that must be given: `missing` when it is absent or not an upload's address. */
export const requiredFile = (missing: string) =>
  z.preprocess(blankToUndefined, z.string({ error: missing }).regex(FILE_PATH, { error: missing }));
export const optionalFile = z.preprocess(
  blankToUndefined,
  z.string().regex(FILE_PATH, { error: '文件地址无效' }).optional(),
);

/** A choice from a lookup (a dictionary, the plant's list): the server checks the value is one of it. */
export const lookupChoice = (missing: string) =>
  z.preprocess(blankToUndefined, z.string({ error: missing }).max(32, { error: missing }));

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;
/**
 * Pages start at 1. Any page past the end answers an empty page however far past it is, so only
 * nonsense is refused; the bound keeps the row offset a safe integer.
 */
export const currentPage = z.coerce
  .number({ error: '页码应为数字' })
  .int({ error: '页码应为整数' })
  .min(1, { error: '页码从 1 开始' })
  .max(1_000_000_000, { error: '页码超出范围' });
export const pageSize = z.coerce
  .number({ error: '每页条数应为数字' })
  .int({ error: '每页条数应为整数' })
  .min(1, { error: '每页条数至少为 1' })
  .max(MAX_PAGE_SIZE, { error: `每页条数最多 ${MAX_PAGE_SIZE}` });
/**
 * The paging fields of a list call, absent meaning the first page: `{ CurrentPage, PageSize }` as the spec's
 * lists and the console name them, or `{ currentPage, pageSize }` where the spec writes them so.
 */
export const pagingFields = (defaultPageSize: number = DEFAULT_PAGE_SIZE) => ({
  CurrentPage: currentPage.default(1),
  PageSize: pageSize.default(defaultPageSize),
});
export const camelPagingFields = (defaultPageSize: number = DEFAULT_PAGE_SIZE) => ({
  currentPage: currentPage.default(1),
  pageSize: pageSize.default(defaultPageSize),
});
/** The console's lists: 20 a page unless asked. */
export const CONSOLE_PAGE_SIZE = 20;

/** `{ CurrentPage, PageSize }` as a whole query object; absent means the first page. */
export const pageQuery = z.object(pagingFields(), { error: '查询条件格式无效' }).prefault({});

/** Where the spec says a field carries JSON text, accept the text or the object it stands for. */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return Symbol.for('invalid-json');
    }
  }, schema);

export const plant = z.enum(PLANTS, { error: '工厂代码无效' });
