// Personal records (SPEC §3, §5): base data, education, work history, title and skill certificates, the bank card;
// the forms an employee fills (their messages are the spec's), the bodies of the change notices that carry an
// edit to HR's review, and what the record screens read back.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty, ISO_DATE, jsonText, text } from './common';
import { FILE_PATH } from './files';

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

/** The word of the reviewers' notice 员工[account]修改了{word}信息,待审核, and of the screens. */
export const CHANGE_KIND_WORDS: Record<ChangeKind, string> = {
  APP_EDIT_PERSON: '个人',
  APP_EDIT_EDU: '学历',
  APP_EDIT_WORK: '工作',
  APP_EDIT_TITLE: '技能',
  APP_EDIT_BANK: '银行卡',
};

/** What every save answers, and what a second edit of a record still under review is refused with. */
export const SUBMITTED_FOR_REVIEW = '已提交审核,请勿重复提交';

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

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A choice from a dictionary (Home/GetStateBaseInfo); the server checks the value exists there. */
const dictionaryChoice = (missing: string) =>
  z.preprocess(blankToUndefined, z.string({ error: missing }).max(32, { error: missing }));

/** A required text field: the spec's message when it is missing or blank. */
const requiredText = (label: string, missing: string, max: number) =>
  text(label, { missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${label}最多 ${max} 字` });
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    text(label)
      .trim()
      .max(max, { error: `${label}最多 ${max} 字` }),
  );

/** yyyy-MM-dd, not before the date pickers' first day. */
const recordDate = (missing: string) =>
  z
    .string({ error: missing })
    .regex(ISO_DATE, { error: '日期格式应为 yyyy-MM-dd' })
    .refine((value) => value >= MIN_RECORD_DATE, { error: `日期不能早于 ${MIN_RECORD_DATE}` });
const requiredDate = (missing: string) => z.preprocess(blankToUndefined, recordDate(missing));
const optionalDate = z.preprocess(blankToUndefined, recordDate('日期格式应为 yyyy-MM-dd').optional());

/** The address of an uploaded file (upload/UploadFileForMobile's answer). */
const requiredFile = (missing: string) =>
  z.preprocess(blankToUndefined, z.string({ error: missing }).regex(FILE_PATH, { error: missing }));
const optionalFile = z.preprocess(blankToUndefined, z.string().regex(FILE_PATH, { error: '文件地址无效' }).optional());

/** A height or weight as typed on the number pad. */
const measure = (label: string, missing: string, { min, max, unit }: { min: number; max: number; unit: string }) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' ? Number(blank.trim()) : blank;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? missing : `${label}应为数字`) })
      .min(min, { error: `${label}应在 ${min}–${max} ${unit}之间` })
      .max(max, { error: `${label}应在 ${min}–${max} ${unit}之间` }),
  );

/** An existing record keeps its id; a new one has none. */
const recordId = z.number({ error: '记录编号无效' }).int().positive().optional();

/** The employee base data form (SPEC §5, the base data component). */
export const employeeBaseForm = z.object({
  /** The whole number replaces the stored one; the masked form as shown means "unchanged". */
  empCard: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : blankToUndefined(value)),
    z
      .string({ error: '请填写身份证号码' })
      .refine((value) => value === '' || MASKED_NUMBER.test(value) || isIdCardNumber(value), {
        error: '请填写正确的身份证号码',
      })
      .optional(),
  ),
  empTelNo: requiredText('联系电话', '请填写联系电话', 11).regex(MOBILE_NUMBER, {
    error: '请填写正确的手机号码（11 位，13–19 开头）',
  }),
  address: requiredText('现居住地', '请填写现居住地', 200),
  empCardType: dictionaryChoice('请选择户口类型'),
  empHeight: measure('身高', '请填写身高', { min: 50, max: 250, unit: 'cm ' }),
  empWeight: measure('体重', '请填写体重', { min: 20, max: 300, unit: 'kg ' }),
  empEmail: optionalText('邮箱', 100).refine((value) => value === '' || z.email().safeParse(value).success, {
    error: '请填写正确的邮箱',
  }),
  empPolitical: dictionaryChoice('请选择政治面貌'),
  isMarry: z.preprocess(blankToUndefined, z.enum(['Y', 'N'], { error: '请选择婚姻状况' })),
  /** Shown only when married; dropped otherwise. */
  hasBirth: z.preprocess(blankToUndefined, z.string().max(32, { error: '生育状况无效' }).optional()),
  empCardScanUp: requiredFile('请上传身份证正面照片'),
  empCardScanDown: requiredFile('请上传身份证反面照片'),
  emergencyContactName: requiredText('紧急联系人姓名', '请输入紧急联系人姓名', 64),
  emergencyContactRelation: z.preprocess(blankToUndefined, z.string().max(32, { error: '关系无效' }).optional()),
  emergencyContactTelNo: requiredText('联系方式', '请输入联系方式', 20).regex(PHONE_NUMBER, {
    error: '请填写正确的联系方式',
  }),
});
export type EmployeeBaseForm = z.input<typeof employeeBaseForm>;

/** One education record (SPEC §5: major level, specialty, school, start and end dates; diploma optional). */
export const educationRecord = z
  .object({
    id: recordId,
    major: dictionaryChoice('请选择学历'),
    title: requiredText('专业', '请填写专业', 100),
    schoolName: requiredText('学校', '请填写学校', 100),
    cerStartDate: requiredDate('请选择开始日期'),
    cerEndDate: requiredDate('请选择结束日期'),
    filePath: optionalFile,
  })
  .refine((record) => record.cerEndDate >= record.cerStartDate, {
    error: '结束日期不能早于开始日期',
    path: ['cerEndDate'],
  });
export type EducationRecord = z.input<typeof educationRecord>;

/** One work record (SPEC §5: employer, position and quit reason required; personal skill optional). */
export const workRecord = z
  .object({
    id: recordId,
    schoolName: requiredText('工作单位', '请填写工作单位', 100),
    title: requiredText('职位', '请填写职位', 100),
    quitReason: requiredText('离职原因', '请填写离职原因', 200),
    personalSkill: optionalText('个人技能', 200),
    cerStartDate: optionalDate,
    cerEndDate: optionalDate,
  })
  .refine((record) => !record.cerStartDate || !record.cerEndDate || record.cerEndDate >= record.cerStartDate, {
    error: '结束日期不能早于开始日期',
    path: ['cerEndDate'],
  });
export type WorkRecord = z.input<typeof workRecord>;

/** A title (CER02) or skill (CER03) certificate: name and date obtained required, the certificate file optional. */
const certificateRecord = (label: '职称' | '技能') =>
  z.object({
    id: recordId,
    title: requiredText(`${label}名称`, `请填写${label}名称`, 100),
    cerEffDate: requiredDate('请选择取得日期'),
    filePath: optionalFile,
  });
export const titleRecord = certificateRecord('职称');
export const skillRecord = certificateRecord('技能');
export type CertificateRecord = z.input<typeof titleRecord>;

/** The salary card (SPEC §5): photo and number required, the bank one of the plant's, the address optional. */
export const bankCardForm = z.object({
  filePath: requiredFile('请上传银行卡照片'),
  /** Spaces as typed are dropped; the masked form as shown means "unchanged". */
  bankNo: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value),
    z
      .string({ error: '请填写银行卡号' })
      .min(1, { error: '请填写银行卡号' })
      .refine((value) => MASKED_NUMBER.test(value) || /^\d{16,19}$/.test(value.replace(/ /g, '')), {
        error: '银行卡号应为 16–19 位数字',
      }),
  ),
  bankName: requiredText('开户银行', '请选择开户银行', 64),
  bankAddress: optionalText('开户地址', 200),
});
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
  APP_EDIT_PERSON: z.object({ base: employeeBaseForm, educations }),
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

/** A change still waiting for the reviewer. */
export const pendingChange = z.object({ id: z.number(), kind: z.enum(CHANGE_KINDS), submittedAt: z.string() });
export type PendingChange = z.infer<typeof pendingChange>;

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
  pendingChange: pendingChange.nullable(),
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
      pendingChange: pendingChange.extend({ bankCard }).nullable(),
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
    data: z.null(),
  }),
};
