// The demo employee's personal records as plain values (no files, numbers not yet sealed): the demo seed files
// them, and the server tests' record factory files the same ones unless a test says otherwise.
import type { BaseValues, CertificateValues } from '../modules/records/live-records';

const ID_CARD = '320682199803151236';

/** The base data but the ID card and its two scans. */
const BASE = {
  empTelNo: '13812345678',
  address: '江苏省南通市崇川区工农路 88 号',
  empCardType: '02',
  empHeight: 172,
  empWeight: 65,
  empEmail: '',
  empPolitical: '02',
  isMarry: 'N',
  hasBirth: '',
  emergencyContactName: '张建国',
  emergencyContactRelation: '01',
  emergencyContactTelNo: '13987654321',
} satisfies Partial<BaseValues>;

/** A certificate row's empty values, under what a record fills in. */
export const EMPTY_CERTIFICATE: Omit<CertificateValues, 'filePath'> = {
  major: '',
  title: '',
  schoolName: '',
  cerStartDate: null,
  cerEndDate: null,
  cerEffDate: null,
  quitReason: '',
  personalSkill: '',
};

type RecordValues = Partial<Omit<CertificateValues, 'filePath'>>;

const EDUCATIONS: RecordValues[] = [
  { major: '02', title: '理科', schoolName: '南通市第一中学', cerStartDate: '2013-09-01', cerEndDate: '2016-06-30' },
  {
    major: '04',
    title: '机电一体化',
    schoolName: '南通职业大学',
    cerStartDate: '2016-09-01',
    cerEndDate: '2019-06-30',
  },
];
const TITLE: RecordValues = { title: '助理工程师', cerEffDate: '2022-12-15' };
const SKILL: RecordValues = { title: '焊工（中级）', cerEffDate: '2021-05-20' };
const WORK: RecordValues = {
  schoolName: '南通华达机械有限公司',
  title: '装配工',
  cerStartDate: '2019-07-01',
  cerEndDate: '2023-06-30',
  quitReason: '个人发展',
  personalSkill: '钳工、叉车证',
};

/** The employer the demo's pending edit adds to the work history. */
const NEXT_WORK = {
  schoolName: '如皋精工汽配厂',
  title: '质检员',
  cerStartDate: '2023-07-01',
  cerEndDate: '2024-02-29',
  quitReason: '工厂搬迁',
  personalSkill: '三坐标测量',
};

const BANK = { bankName: '中国银行', bankAddress: '中国银行南通分行', bankNo: '6217001234567890122' };

export const DEMO_RECORDS = {
  idCard: ID_CARD,
  base: BASE,
  educations: EDUCATIONS,
  title: TITLE,
  skill: SKILL,
  work: WORK,
  nextWork: NEXT_WORK,
  bank: BANK,
};
