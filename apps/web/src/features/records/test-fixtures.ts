// Answers of the fake server for the record screens' tests: the demo employee's records and the dictionaries.
import type { CertificateRow, EmployeeInfo } from '@ess/contract/records';
import { type FakeHandler, ok } from '../../test/render';

export const FILE = (n: number) => `/api/files/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const EMPLOYEE_INFO: EmployeeInfo = {
  empNo: '100001',
  empName: '张伟',
  empEnterDate: '2024-01-01',
  empCard: '3206**********1236',
  empTelNo: '13812345678',
  address: '江苏省南通市崇川区工农路 88 号',
  empCardType: '02',
  empHeight: 172,
  empWeight: 65,
  empEmail: '',
  empPolitical: '02',
  isMarry: 'N',
  hasBirth: '',
  empCardScanUp: FILE(1),
  empCardScanDown: FILE(2),
  emergencyContactName: '张建国',
  emergencyContactRelation: '01',
  emergencyContactTelNo: '13987654321',
  appReadStatus: 'Y',
  pendingChangeRequest: null,
};

/** Someone with nothing on file. */
export const EMPTY_INFO: EmployeeInfo = {
  ...EMPLOYEE_INFO,
  empCard: '',
  empTelNo: '',
  address: '',
  empCardType: '',
  empHeight: null,
  empWeight: null,
  empPolitical: '',
  isMarry: '',
  empCardScanUp: null,
  empCardScanDown: null,
  emergencyContactName: '',
  emergencyContactRelation: '',
  emergencyContactTelNo: '',
};

export const row = (values: Partial<CertificateRow>): CertificateRow => ({
  cerType: 'CER01',
  empNo: '100001',
  empId: 1,
  major: '',
  title: '',
  schoolName: '',
  cerStartDate: null,
  cerEndDate: null,
  cerEffDate: null,
  filePath: null,
  quitReason: '',
  personalSkill: '',
  ...values,
});

export const EDUCATIONS: CertificateRow[] = [
  row({
    id: 11,
    major: '02',
    title: '理科',
    schoolName: '南通市第一中学',
    cerStartDate: '2013-09-01',
    cerEndDate: '2016-06-30',
    filePath: FILE(3),
  }),
  row({
    id: 12,
    major: '04',
    title: '机电一体化',
    schoolName: '南通职业大学',
    cerStartDate: '2016-09-01',
    cerEndDate: '2019-06-30',
  }),
];

const DICTIONARIES: Record<string, [string, string][]> = {
  MAJOR: [
    ['01', '初中及以下'],
    ['02', '高中'],
    ['04', '大专'],
    ['05', '本科'],
  ],
  CARD: [
    ['01', '城镇户口'],
    ['02', '农村户口'],
  ],
  POLI: [
    ['01', '群众'],
    ['02', '共青团员'],
  ],
  REL: [['01', '父母']],
  FERT: [
    ['01', '未育'],
    ['02', '已育一孩'],
  ],
};

export const dictionaryHandler: FakeHandler = (body) =>
  ok((DICTIONARIES[String(body.stateType)] ?? []).map(([stateId, stateDescr]) => ({ stateId, stateDescr })));
