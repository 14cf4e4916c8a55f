// The record sets of an employee that a change request can touch, what each change kind touches, and the fields
// of each record as a reviewer reads them (label, and the dictionary a value comes from).
import type { CerType, ChangeKind } from '@ess/contract/records';

/** base (the base data), a certificate type (its whole list), bank (the card). */
export type RecordSet = 'base' | CerType | 'bank';

export const RECORD_SETS_OF: Record<ChangeKind, (body: { cerType?: CerType }) => RecordSet[]> = {
  APP_EDIT_PERSON: () => ['base', 'CER01'],
  APP_EDIT_EDU: () => ['CER01'],
  APP_EDIT_WORK: () => ['CER04'],
  APP_EDIT_TITLE: ({ cerType }) => [cerType === 'CER03' ? 'CER03' : 'CER02'],
  APP_EDIT_BANK: () => ['bank'],
};

export const CERTIFICATE_NAMES: Record<CerType, string> = {
  CER01: '学历',
  CER02: '职称证书',
  CER03: '技能证书',
  CER04: '工作经历',
};

/** How a value reads: plain text, a dictionary entry's name, a file, or a number shown whole only to reviewers. */
export type FieldFormat =
  | { kind: 'text' }
  | { kind: 'dictionary'; stateType: string }
  | { kind: 'file' }
  | { kind: 'yesNo' };

export type FieldSpec<K extends string = string> = { key: K; label: string; format: FieldFormat };

const text = { kind: 'text' } as const;
const file = { kind: 'file' } as const;
const dictionary = (stateType: string) => ({ kind: 'dictionary', stateType }) as const;

/** The base data fields, in the order of the form. empCard is the whole number (decrypted) for reviewers. */
export const BASE_FIELDS: FieldSpec[] = [
  { key: 'empCard', label: '身份证号码', format: text },
  { key: 'empTelNo', label: '联系电话', format: text },
  { key: 'address', label: '现居住地', format: text },
  { key: 'empCardType', label: '户口类型', format: dictionary('CARD') },
  { key: 'empHeight', label: '身高（cm）', format: text },
  { key: 'empWeight', label: '体重（kg）', format: text },
  { key: 'empEmail', label: '邮箱', format: text },
  { key: 'empPolitical', label: '政治面貌', format: dictionary('POLI') },
  { key: 'isMarry', label: '婚姻状况', format: { kind: 'yesNo' } },
  { key: 'hasBirth', label: '生育状况', format: dictionary('FERT') },
  { key: 'empCardScanUp', label: '身份证正面', format: file },
  { key: 'empCardScanDown', label: '身份证反面', format: file },
  { key: 'emergencyContactName', label: '紧急联系人', format: text },
  { key: 'emergencyContactRelation', label: '与紧急联系人关系', format: dictionary('REL') },
  { key: 'emergencyContactTelNo', label: '紧急联系人电话', format: text },
];

export const CERTIFICATE_FIELDS: Record<CerType, FieldSpec[]> = {
  CER01: [
    { key: 'major', label: '学历', format: dictionary('MAJOR') },
    { key: 'title', label: '专业', format: text },
    { key: 'schoolName', label: '学校', format: text },
    { key: 'cerStartDate', label: '开始日期', format: text },
    { key: 'cerEndDate', label: '结束日期', format: text },
    { key: 'filePath', label: '毕业证书', format: file },
  ],
  CER02: [
    { key: 'title', label: '职称名称', format: text },
    { key: 'cerEffDate', label: '取得日期', format: text },
    { key: 'filePath', label: '证书文件', format: file },
  ],
  CER03: [
    { key: 'title', label: '技能名称', format: text },
    { key: 'cerEffDate', label: '取得日期', format: text },
    { key: 'filePath', label: '证书文件', format: file },
  ],
  CER04: [
    { key: 'schoolName', label: '工作单位', format: text },
    { key: 'title', label: '职位', format: text },
    { key: 'cerStartDate', label: '开始日期', format: text },
    { key: 'cerEndDate', label: '结束日期', format: text },
    { key: 'quitReason', label: '离职原因', format: text },
    { key: 'personalSkill', label: '个人技能', format: text },
  ],
};

export const BANK_FIELDS: FieldSpec[] = [
  { key: 'bankName', label: '开户银行', format: text },
  { key: 'bankNo', label: '银行卡号', format: text },
  { key: 'bankAddress', label: '开户地址', format: text },
  { key: 'filePath', label: '银行卡照片', format: file },
];

/** The dictionaries a base data form draws from, with the name a refusal gives the field. */
export const BASE_DICTIONARIES = [
  { key: 'empCardType', stateType: 'CARD', label: '户口类型' },
  { key: 'empPolitical', stateType: 'POLI', label: '政治面貌' },
  { key: 'hasBirth', stateType: 'FERT', label: '生育状况' },
  { key: 'emergencyContactRelation', stateType: 'REL', label: '与紧急联系人关系' },
] as const;
