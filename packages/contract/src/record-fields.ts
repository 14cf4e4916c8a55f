// One field catalogue per kind of personal record (SPEC §3, §5): each field's key, label, format (text, number, date,
// file, dictionary, choice), required message and length, with the rule its format and those give. The forms'
// schemas (./records.ts), the server's field specs and the reviewer's diff labels (apps/server records), and the
// app's record forms and labels (apps/web features/records) are all read from here: a new field is one entry.
import { z } from 'zod';
import {
  blankToUndefined,
  ISO_DATE,
  lookupChoice,
  optionalFile,
  optionalText,
  requiredFile,
  requiredText,
} from './common';
import type { UploadType } from './files';

/** The date pickers' first day (SPEC §9). */
export const MIN_RECORD_DATE = '2000-02-01';

/** Mainland mobile numbers: 11 digits, 13–19 first (SPEC §5). */
export const MOBILE_NUMBER = /^1[3-9]\d{9}$/;
/** An emergency contact may also be reached on a landline (area code, number). */
const PHONE_NUMBER = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
/** 18-character resident ID: 17 digits and a check character (GB 11643). */
const ID_CARD = /^\d{17}[\dX]$/;
/** What an answer shows of a number: its first and last four characters. */
export const MASKED_NUMBER = /^[\dX]{4}[\s*]+[\dX]{4}$/;

/** GB 11643's check character of an 18-character ID card number. */
export const isIdCardNumber = (value: string) => {
  if (!ID_CARD.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return '10X98765432'[sum % 11] === value[17];
};

/** How a field is entered and read. */
export type FieldFormat =
  | { kind: 'text'; max: number; isMultiline?: boolean }
  /** A number typed on the number pad (height, weight). */
  | { kind: 'number'; min: number; max: number; unit: string }
  /** yyyy-MM-dd from MIN_RECORD_DATE; `isPastOnly`: not after today. */
  | { kind: 'date'; isPastOnly: boolean }
  /** An upload: the first upType is the one the app uploads with, the others are also taken. */
  | { kind: 'file'; upTypes: readonly [UploadType, ...UploadType[]] }
  /** An entry of a dictionary (Home/GetStateBaseInfo's stateType); the server checks the value exists there. */
  | { kind: 'dictionary'; stateType: string }
  /** One of fixed values, each with the words it reads as. */
  | { kind: 'choice'; options: Readonly<Record<string, string>> };

export type RecordField<S extends z.ZodType = z.ZodType> = {
  label: string;
  format: FieldFormat;
  /** The message when it is missing; absent: the field may be left empty. */
  required?: string;
  /** The field's rule: its format's, with the required message and length, and any rule of its own. */
  schema: S;
};

/** A kind's fields by key, in the order of its form. */
export type FieldCatalogue = Record<string, RecordField>;

type RequiredText = ReturnType<typeof requiredText>;
type OptionalText = ReturnType<typeof optionalText>;

/**
 * Text. `name` is what the messages call the field where the label says more (身高（cm）: 身高应为数字); `rule`
 * adds the field's own check (a phone number's pattern).
 */
function textField(
  label: string,
  options: { max: number; required: string; name?: string; isMultiline?: boolean },
): RecordField<RequiredText>;
function textField<S extends z.ZodType>(
  label: string,
  options: { max: number; required: string; name?: string; isMultiline?: boolean },
  rule: (schema: RequiredText) => S,
): RecordField<S>;
function textField(
  label: string,
  options: { max: number; name?: string; isMultiline?: boolean },
): RecordField<OptionalText>;
function textField<S extends z.ZodType>(
  label: string,
  options: { max: number; name?: string; isMultiline?: boolean },
  rule: (schema: OptionalText) => S,
): RecordField<S>;
function textField(
  label: string,
  {
    max,
    required,
    name = label,
    isMultiline,
  }: { max: number; required?: string; name?: string; isMultiline?: boolean },
  rule: (schema: never) => z.ZodType = (schema) => schema,
): RecordField {
  const base = required ? requiredText(name, required, max) : optionalText(name, max);
  return {
    label,
    format: { kind: 'text', max, ...(isMultiline ? { isMultiline } : {}) },
    required,
    schema: rule(base as never),
  };
}

/** A height or weight as typed on the number pad. */
const numberField = (
  label: string,
  { name, required, min, max, unit }: { name: string; required: string; min: number; max: number; unit: string },
) => {
  const range = `${name}应在 ${min}–${max} ${unit} 之间`;
  return {
    label,
    format: { kind: 'number', min, max, unit },
    required,
    schema: z.preprocess(
      (value) => {
        const blank = blankToUndefined(value);
        return typeof blank === 'string' ? Number(blank.trim()) : blank;
      },
      z
        .number({ error: (issue) => (issue.input === undefined ? required : `${name}应为数字`) })
        .min(min, { error: range })
        .max(max, { error: range }),
    ),
  } satisfies RecordField;
};

/** yyyy-MM-dd, not before the date pickers' first day. */
const recordDate = (missing: string) =>
  z
    .string({ error: missing })
    .regex(ISO_DATE, { error: '日期格式应为 yyyy-MM-dd' })
    .refine((value) => value >= MIN_RECORD_DATE, { error: `日期不能早于 ${MIN_RECORD_DATE}` });

function dateField(label: string, options: { required: string; isPastOnly: boolean }): RecordField<z.ZodType<string>>;
function dateField(
  label: string,
  options: { isPastOnly: boolean },
): RecordField<z.ZodType<string | undefined, unknown>>;
function dateField(label: string, { required, isPastOnly }: { required?: string; isPastOnly: boolean }): RecordField {
  return {
    label,
    format: { kind: 'date', isPastOnly },
    required,
    schema: required
      ? z.preprocess(blankToUndefined, recordDate(required))
      : z.preprocess(blankToUndefined, recordDate('日期格式应为 yyyy-MM-dd').optional()),
  };
}

function fileField(
  label: string,
  upTypes: readonly [UploadType, ...UploadType[]],
  required: string,
): RecordField<ReturnType<typeof requiredFile>>;
function fileField(label: string, upTypes: readonly [UploadType, ...UploadType[]]): RecordField<typeof optionalFile>;
function fileField(label: string, upTypes: readonly [UploadType, ...UploadType[]], required?: string): RecordField {
  return {
    label,
    format: { kind: 'file', upTypes },
    required,
    schema: required ? requiredFile(required) : optionalFile,
  };
}

/** A dictionary entry; an optional one is refused with `{name}无效` when it is not a code at all. */
function dictionaryField(
  label: string,
  stateType: string,
  options: { required: string },
): RecordField<ReturnType<typeof lookupChoice>>;
function dictionaryField(
  label: string,
  stateType: string,
  options: { name?: string },
): RecordField<z.ZodType<string | undefined, unknown>>;
function dictionaryField(
  label: string,
  stateType: string,
  { required, name = label }: { required?: string; name?: string },
): RecordField {
  return {
    label,
    format: { kind: 'dictionary', stateType },
    required,
    schema: required
      ? lookupChoice(required)
      : z.preprocess(
          blankToUndefined,
          z
            .string()
            .max(32, { error: `${name}无效` })
            .optional(),
        ),
  };
}

/** The object schema of a catalogue: each field under its key, with its rule. */
export const schemaOfFields = <C extends FieldCatalogue>(catalogue: C) =>
  z.object(
    Object.fromEntries(Object.entries(catalogue).map(([key, field]) => [key, field.schema])) as {
      [K in keyof C]: C[K]['schema'];
    },
  );

/** The keys of a catalogue in the order of its form. */
export const keysOfFields = <C extends FieldCatalogue>(catalogue: C) => Object.keys(catalogue) as (keyof C & string)[];

/** The base data (SPEC §5, the base data component). */
export const BASE_FIELDS = {
  /** The whole number replaces the stored one; the masked form as shown means "unchanged". */
  empCard: {
    label: '身份证号码',
    format: { kind: 'text', max: 18 },
    // Required only while none is on file (the form and the server say so then).
    required: undefined,
    schema: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : blankToUndefined(value)),
      z
        .string({ error: '请填写身份证号码' })
        .refine((value) => value === '' || MASKED_NUMBER.test(value) || isIdCardNumber(value), {
          error: '请填写正确的身份证号码',
        })
        .optional(),
    ),
  },
  empTelNo: textField('联系电话', { max: 11, required: '请填写联系电话' }, (schema) =>
    schema.regex(MOBILE_NUMBER, { error: '请填写正确的手机号码（11 位，13–19 开头）' }),
  ),
  address: textField('现居住地', { max: 200, required: '请填写现居住地' }),
  empCardType: dictionaryField('户口类型', 'CARD', { required: '请选择户口类型' }),
  empHeight: numberField('身高（cm）', { name: '身高', required: '请填写身高', min: 50, max: 250, unit: 'cm' }),
  empWeight: numberField('体重（kg）', { name: '体重', required: '请填写体重', min: 20, max: 300, unit: 'kg' }),
  empEmail: textField('邮箱', { max: 100 }, (schema) =>
    schema.refine((value) => value === '' || z.email().safeParse(value).success, { error: '请填写正确的邮箱' }),
  ),
  empPolitical: dictionaryField('政治面貌', 'POLI', { required: '请选择政治面貌' }),
  isMarry: {
    label: '婚姻状况',
    format: { kind: 'choice', options: { Y: '已婚', N: '未婚' } },
    required: '请选择婚姻状况',
    schema: z.preprocess(blankToUndefined, z.enum(['Y', 'N'], { error: '请选择婚姻状况' })),
  },
  /** Shown only when married; dropped otherwise (`withBirthRule`). */
  hasBirth: dictionaryField('生育状况', 'FERT', {}),
  emergencyContactName: textField('紧急联系人姓名', { max: 64, required: '请输入紧急联系人姓名' }),
  emergencyContactRelation: dictionaryField('与紧急联系人关系', 'REL', { name: '关系' }),
  emergencyContactTelNo: textField(
    '紧急联系人电话',
    { max: 20, required: '请输入联系方式', name: '联系方式' },
    (schema) => schema.regex(PHONE_NUMBER, { error: '请填写正确的联系方式' }),
  ),
  empCardScanUp: fileField('身份证正面照片', ['CARD'], '请上传身份证正面照片'),
  empCardScanDown: fileField('身份证反面照片', ['CARD'], '请上传身份证反面照片'),
} satisfies FieldCatalogue;

/**
 * Birth status belongs to the married (SPEC §5: shown only when married): the one place that says so. The
 * unmarried's is dropped (not sent, stored as none).
 */
export const withBirthRule = <B extends { isMarry: string; hasBirth?: string | undefined }>(base: B): B =>
  base.isMarry === 'Y' ? base : { ...base, hasBirth: undefined };

/** CER01 education (SPEC §5: major level, specialty, school, start and end dates; diploma optional). */
export const EDUCATION_FIELDS = {
  major: dictionaryField('学历', 'MAJOR', { required: '请选择学历' }),
  title: textField('专业', { max: 100, required: '请填写专业' }),
  schoolName: textField('学校', { max: 100, required: '请填写学校' }),
  cerStartDate: dateField('开始日期', { required: '请选择开始日期', isPastOnly: true }),
  // Still studying: the end may lie ahead.
  cerEndDate: dateField('结束日期', { required: '请选择结束日期', isPastOnly: false }),
  filePath: fileField('毕业证书', ['SCHOOL', 'TITLE']),
} satisfies FieldCatalogue;

/** CER04 work history (SPEC §5: employer, position and quit reason required; personal skill optional). */
export const WORK_FIELDS = {
  schoolName: textField('工作单位', { max: 100, required: '请填写工作单位' }),
  title: textField('职位', { max: 100, required: '请填写职位' }),
  cerStartDate: dateField('开始日期', { isPastOnly: true }),
  cerEndDate: dateField('结束日期', { isPastOnly: true }),
  quitReason: textField('离职原因', { max: 200, required: '请填写离职原因', isMultiline: true }),
  personalSkill: textField('个人技能', { max: 200, isMultiline: true }),
} satisfies FieldCatalogue;

/** A title (CER02) or skill (CER03) certificate: name and date obtained required, the certificate file optional. */
const certificateFields = <L extends '职称' | '技能'>(word: L) => ({
  title: textField(`${word}名称`, { max: 100, required: `请填写${word}名称` }),
  cerEffDate: dateField('取得日期', { required: '请选择取得日期', isPastOnly: true }),
  filePath: fileField('证书文件', ['TITLE', 'SCHOOL']),
});
export const TITLE_FIELDS = certificateFields('职称') satisfies FieldCatalogue;
export const SKILL_FIELDS = certificateFields('技能') satisfies FieldCatalogue;

/** The salary card (SPEC §5): photo and number required, the bank one of the plant's, the address optional. */
export const BANK_FIELDS = {
  filePath: fileField('银行卡照片', ['CARD', 'PHOTO-Mobile'], '请上传银行卡照片'),
  /** Spaces as typed are dropped; the masked form as shown means "unchanged". */
  bankNo: {
    label: '银行卡号',
    format: { kind: 'text', max: 23 },
    required: '请填写银行卡号',
    schema: z.preprocess(
      (value) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value),
      z
        .string({ error: '请填写银行卡号' })
        .min(1, { error: '请填写银行卡号' })
        .refine((value) => MASKED_NUMBER.test(value) || /^\d{16,19}$/.test(value.replace(/ /g, '')), {
          error: '银行卡号应为 16–19 位数字',
        }),
    ),
  },
  /** One of the banks the plant offers (the server checks it). */
  bankName: textField('开户银行', { max: 64, required: '请选择开户银行' }),
  bankAddress: textField('开户地址', { max: 200 }),
} satisfies FieldCatalogue;

/** Every catalogue, by the kind of record. */
export const FIELD_CATALOGUES = {
  base: BASE_FIELDS,
  education: EDUCATION_FIELDS,
  work: WORK_FIELDS,
  title: TITLE_FIELDS,
  skill: SKILL_FIELDS,
  bank: BANK_FIELDS,
} as const;
