// Personal records (SPEC §3, §5): base data, education, work history, title and skill certificates, the bank card;
// the forms an employee fills (their messages are the spec's), the bodies of the change notices that carry an
// edit to HR's review, and what the record screens read back.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty, jsonText, optionalText, requiredFile } from './common';
import { commandState } from './logistics';
import {
  BANK_FIELDS,
  BASE_FIELDS,
  EDUCATION_FIELDS,
  SKILL_FIELDS,
  schemaOfFields,
  TITLE_FIELDS,
  WORK_FIELDS,
  withBirthRule,
} from './record-fields';

/** CER01 education, CER02 title, CER03 skill, CER04 work (SPEC §3). */
export const CER_TYPES = ['CER01', 'CER02', 'CER03', 'CER04'] as const;
export type CerType = (typeof CER_TYPES)[number];
export const cerType = z.enum(CER_TYPES, { error: '证书类型无效' });

/** Change notices (SystemNotice/ModifyNotice NoticeType): each names the records its edit touches. */
export const CHANGE_KINDS = [
  'APP_EDIT_PERSON',
  'APP_EDIT_EDU',
  'APP_EDIT_WORK',
  'APP_EDIT_TITLE',
  'APP_EDIT_BANK',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The word of a kind in lists and filters (修改{word}信息); one change's own word is `changeWordOf`'s. */
export const CHANGE_KIND_WORDS: Record<ChangeKind, string> = {
  APP_EDIT_PERSON: '个人',
  APP_EDIT_EDU: '学历',
  APP_EDIT_WORK: '工作',
  APP_EDIT_TITLE: '职称/技能',
  APP_EDIT_BANK: '银行卡',
};

/**
 * The word of one change in the reviewers' notice 员工[account]修改了{word}信息,待审核, its detail and its outcome: an
 * APP_EDIT_TITLE edit is of the title certificates (CER02, 职称) or of the skill ones (CER03, 技能).
 */
export const changeWordOf = (kind: ChangeKind, recordSets: readonly string[]) => {
  if (kind !== 'APP_EDIT_TITLE') return CHANGE_KIND_WORDS[kind];
  return recordSets.includes('CER03') ? '技能' : '职称';
};

/** What every save answers, and what a second edit of a record still under review is refused with. */
export const SUBMITTED_FOR_REVIEW = '已提交审核,请勿重复提交';

export {
  isIdCardNumber,
  MASKED_NUMBER,
  MIN_RECORD_DATE,
  MOBILE_NUMBER,
} from './record-fields';

/** The Luhn check most bank cards pass; some UnionPay cards do not, so a failure only asks to check the number. */
export const isLuhnValid = (digits: string) => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
};

/** An existing record keeps its id; a new one has none. */
const recordId = z.number({ error: '记录编号无效' }).int().positive().max(2_147_483_647).optional();

/** The end not before the start, where both are given. */
const datesInOrder = (record: { cerStartDate?: string; cerEndDate?: string }) =>
  !record.cerStartDate || !record.cerEndDate || record.cerEndDate >= record.cerStartDate;
const DATES_IN_ORDER = { error: '结束日期不能早于开始日期', path: ['cerEndDate'] };

/** The employee base data form (SPEC §5, the base data component). */
export const employeeBaseForm = schemaOfFields(BASE_FIELDS);
export type EmployeeBaseForm = z.input<typeof employeeBaseForm>;

/** One education record. */
export const educationRecord = schemaOfFields(EDUCATION_FIELDS)
  .extend({ id: recordId })
  .refine(datesInOrder, DATES_IN_ORDER);
export type EducationRecord = z.input<typeof educationRecord>;

/** One work record. */
export const workRecord = schemaOfFields(WORK_FIELDS).extend({ id: recordId }).refine(datesInOrder, DATES_IN_ORDER);
export type WorkRecord = z.input<typeof workRecord>;

/** A title (CER02) or skill (CER03) certificate. */
export const titleRecord = schemaOfFields(TITLE_FIELDS).extend({ id: recordId });
export const skillRecord = schemaOfFields(SKILL_FIELDS).extend({ id: recordId });
export type CertificateRecord = z.input<typeof titleRecord>;

/** The salary card. */
export const bankCardForm = schemaOfFields(BANK_FIELDS);
export type BankCardForm = z.input<typeof bankCardForm>;

const educations = z
  .array(educationRecord, { error: '请添加学历' })
  .min(1, { error: '请添加学历' })
  .max(10, { error: '学历最多 10 条' });
const records = <T extends z.ZodType>(record: T, label: string) =>
  z.array(record, { error: `${label}无效` }).max(20, { error: `${label}最多 20 条` });

/**
 * The NoticeBody of each change notice: the whole new state of the records the edit touches (a list is sent
 * whole: a record left out is to be removed). 个人信息 saves the base data with the education list.
 */
export const changeBodies = {
  APP_EDIT_PERSON: z.object({ base: employeeBaseForm.transform(withBirthRule), educations }),
  APP_EDIT_EDU: z.object({ educations }),
  APP_EDIT_WORK: z.object({ records: records(workRecord, '工作经历') }),
  APP_EDIT_TITLE: z.discriminatedUnion(
    'cerType',
    [
      z.object({ cerType: z.literal('CER02'), records: records(titleRecord, '职称证书') }),
      z.object({ cerType: z.literal('CER03'), records: records(skillRecord, '技能证书') }),
    ],
    { error: '证书类型无效' },
  ),
  APP_EDIT_BANK: z.object({ bank: bankCardForm }),
} satisfies Record<ChangeKind, z.ZodType>;
export type ChangeBody<K extends ChangeKind> = z.output<(typeof changeBodies)[K]>;
export type ChangeBodyInput<K extends ChangeKind> = z.input<(typeof changeBodies)[K]>;

const changeNoticeOf = <K extends ChangeKind, B extends z.ZodType>(kind: K, body: B) =>
  z.object({
    NoticeType: z.literal(kind),
    NoticeTitle: optionalText('标题', 100),
    NoticeDesc: optionalText('描述', 1000),
    /** JSON text of the change body (or the object itself). */
    NoticeBody: jsonText(body),
    // Ignored: the plant is the caller's own.
    Bu: z.unknown().optional(),
  });

/** The change notices of SystemNotice/ModifyNotice, one per kind. */
export const changeNotices = {
  APP_EDIT_PERSON: changeNoticeOf('APP_EDIT_PERSON', changeBodies.APP_EDIT_PERSON),
  APP_EDIT_EDU: changeNoticeOf('APP_EDIT_EDU', changeBodies.APP_EDIT_EDU),
  APP_EDIT_WORK: changeNoticeOf('APP_EDIT_WORK', changeBodies.APP_EDIT_WORK),
  APP_EDIT_TITLE: changeNoticeOf('APP_EDIT_TITLE', changeBodies.APP_EDIT_TITLE),
  APP_EDIT_BANK: changeNoticeOf('APP_EDIT_BANK', changeBodies.APP_EDIT_BANK),
};
export type ChangeNotice = z.output<(typeof changeNotices)[ChangeKind]>;

/** A notice of SystemNotice/ModifyNotice that edits a personal record (not feedback). */
export const isChangeNotice = <N extends { NoticeType: string }>(notice: N): notice is Extract<N, ChangeNotice> =>
  (CHANGE_KINDS as readonly string[]).includes(notice.NoticeType);

/** A change request still waiting for the reviewer. */
export const pendingChangeRequest = z.object({ id: z.number(), kind: z.enum(CHANGE_KINDS), submittedAt: z.string() });
export type PendingChangeRequest = z.infer<typeof pendingChangeRequest>;

export const employeeInfo = z.object({
  empNo: z.string(),
  empName: z.string(),
  empEnterDate: z.string().nullable(),
  /** Masked (3201**********1234); '' when none is on file. */
  empCard: z.string(),
  empTelNo: z.string(),
  address: z.string(),
  empCardType: z.string(),
  empHeight: z.number().nullable(),
  empWeight: z.number().nullable(),
  empEmail: z.string(),
  empPolitical: z.string(),
  isMarry: z.string(),
  hasBirth: z.string(),
  empCardScanUp: z.string().nullable(),
  empCardScanDown: z.string().nullable(),
  emergencyContactName: z.string(),
  emergencyContactRelation: z.string(),
  emergencyContactTelNo: z.string(),
  /** appReadStatus of SPEC §3. */
  appReadStatus: z.enum(['Y', 'N']),
  /** An edit of the base data or the education list waiting for review. */
  pendingChangeRequest: pendingChangeRequest.nullable(),
});
export type EmployeeInfo = z.infer<typeof employeeInfo>;

/**
 * A certificate record as SPEC §3 names its fields. An approved record has its id; a record of an edit still
 * under review has none (`pendingAction` says what the edit does to it: add, edit, or delete).
 */
export const certificateRow = z.object({
  id: z.number().optional(),
  cerType: cerType,
  empNo: z.string(),
  empId: z.number(),
  major: z.string(),
  title: z.string(),
  schoolName: z.string(),
  cerStartDate: z.string().nullable(),
  cerEndDate: z.string().nullable(),
  cerEffDate: z.string().nullable(),
  filePath: z.string().nullable(),
  quitReason: z.string(),
  personalSkill: z.string(),
  pendingAction: z.enum(['add', 'edit', 'delete']).optional(),
  /** For a pending edit or delete: the approved record it is about. */
  replacesId: z.number().optional(),
});
export type CertificateRow = z.infer<typeof certificateRow>;

export const bankCard = z.object({
  bankName: z.string(),
  bankAddress: z.string(),
  /** Masked: 6222 **** **** 1234. */
  bankNo: z.string(),
  filePath: z.string().nullable(),
});
export type BankCard = z.infer<typeof bankCard>;

export const recordsRoutes = {
  getEmployeeInfo: defineRoute(ADDRESSES.getEmployeeInfo, {
    // The query names the employee (EmpName, bu, EmpNo), but the caller is always the one answered for.
    request: z.object({ query: z.unknown().optional() }).passthrough(),
    data: employeeInfo,
  }),
  getTitleCer: defineRoute(ADDRESSES.getTitleCer, {
    request: z.object({ empNo: z.unknown().optional(), type: cerType.default('CER01') }),
    data: z.array(certificateRow),
  }),
  getTitleCerWithUnVerify: defineRoute(ADDRESSES.getTitleCerWithUnVerify, {
    request: z.object({ empId: z.unknown().optional(), type: cerType.optional() }),
    data: z.array(certificateRow),
  }),
  getBankCard: defineRoute(ADDRESSES.getBankCard, {
    request: z.object({ empId: z.unknown().optional() }),
    data: z.object({
      bankCard: bankCard.nullable(),
      /** The banks of the caller's plant, the first one the default. */
      bankOptions: z.array(z.string()),
      /** The card of an edit waiting for review (masked), and when it was sent. */
      pendingChangeRequest: pendingChangeRequest.extend({ bankCard }).nullable(),
    }),
  }),
  getPhotoUrl: defineRoute(ADDRESSES.getPhotoUrl, { request: empty, data: z.string().nullable() }),
  saveImageFromBase64: defineRoute(ADDRESSES.saveImageFromBase64, {
    request: z.object({
      image: z
        .string({ error: '请选择图片' })
        .min(1, { error: '请选择图片' })
        // A data URL of a picture compressed on the phone: 3 MB of bytes at most.
        .max(4_200_000, { error: '图片过大，请重新选择' }),
    }),
    data: z.string(),
  }),
  modifyUser: defineRoute(ADDRESSES.modifyUser, {
    request: z.object({ avatar: requiredFile('请选择头像') }),
    data: z.null(),
  }),
  updateAttPhoto: defineRoute(ADDRESSES.updateAttPhoto, {
    request: z.object({
      empNo: z.unknown().optional(),
      bu: z.unknown().optional(),
      filePath: requiredFile('请先拍摄或选择照片'),
    }),
    /** The command that carries the photo to the attendance system, as the employee follows it. */
    data: commandState,
  }),
};
