// What each monthly import takes: its columns (Chinese headers and the other names payroll and attendance systems
// give them), which are required, and how a cell is read. The server validates by these, the console shows them,
// the templates are written from them. No zod here: the console's pages read it without the schema library.
import { PAY_ITEMS, type PayItemKey } from './salary';

export const IMPORT_KINDS = ['payslip', 'attendance', 'meals', 'dormitory', 'cabinet', 'safety', 'employees'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  payslip: '工资单',
  attendance: '考勤打卡',
  meals: '餐费扣款明细',
  dormitory: '住宿水电费',
  cabinet: '鞋柜分配',
  safety: '安全问题',
  employees: '员工花名册',
};

/** The states of an import job, in the order a job passes them (rolledBack after done, failed from any). */
export const IMPORT_STATUSES = [
  'queued',
  'parsing',
  'validating',
  'ready',
  'committing',
  'done',
  'failed',
  'rolledBack',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  queued: '排队中',
  parsing: '读取文件',
  validating: '校验数据',
  ready: '待确认导入',
  committing: '正在导入',
  done: '已导入',
  failed: '失败',
  rolledBack: '已回滚',
};

/** Date formats a column may be read with; a clerk picks one per date column, nothing is guessed. */
export const DATE_FORMATS = ['yyyy-MM-dd', 'yyyy/MM/dd', 'yyyyMMdd', 'yyyy.MM.dd', 'dd/MM/yyyy', 'MM/dd/yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * How a cell is read: text as it is (employee numbers stay text: 18 digits never become 1.2E+17); a month
 * (yyyy-MM, or a date cell's month); a date, a date and time or a time of day; an amount of money; a whole number;
 * a looked-up value (a payslip type, a safety issue type) whose unknown values the clerk maps once.
 */
export type ImportCellType = 'empNo' | 'text' | 'month' | 'date' | 'dateTime' | 'time' | 'amount' | 'count' | 'lookup';

export type ImportField = {
  key: string;
  /** The template's header. */
  label: string;
  /** Other headers that mean the same column (matched after trimming, case and width folded). */
  aliases?: readonly string[];
  type: ImportCellType;
  isRequired?: boolean;
  /** The template's example value. */
  example: string;
  /** For lookups: the accepted values (code → name); a cell matches a code or a name. */
  lookup?: 'empType' | 'safetyType';
  maxLength?: number;
};

const employeeField: ImportField = {
  key: 'empNo',
  label: '工号',
  aliases: ['员工工号', '员工编号', '工号/编号', 'EMP_NO', 'EmpNo'],
  type: 'empNo',
  isRequired: true,
  example: '100110',
};
const nameField: ImportField = {
  key: 'name',
  label: '姓名',
  aliases: ['员工姓名', 'NAME'],
  type: 'text',
  example: '张伟',
  maxLength: 64,
};

/**
 * The template's example payslip, which adds up as a payslip does: 应发 = the earnings before it, 实发 = 应发 less
 * the deductions.
 */
const PAYSLIP_EXAMPLE: Record<PayItemKey, string> = {
  BASIC_PAY: '4200.00',
  OVERTIME_PAY: '650.00',
  ATTENDANCE_PAY: '200.00',
  ALLOWANCE: '300.00',
  REWARD_PENALTY: '0.00',
  GROSS_PAY: '5350.00',
  UNION_FEE: '10.00',
  LODGING_DEDUCTION: '150.00',
  SOCIAL_INSURANCE: '420.00',
  HOUSING_FUND: '350.00',
  INCOME_TAX: '35.50',
  OTHERS: '0.00',
  NET_PAY: '4384.50',
};

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  payslip: [
    employeeField,
    nameField,
    { key: 'month', label: '月份', aliases: ['工资月份', '年月', 'YEAR_MONTH'], type: 'month', example: '2026-10' },
    {
      key: 'empType',
      label: '工资单类型',
      aliases: ['人员类型', '员工类型', 'EMP_TYPE'],
      type: 'lookup',
      lookup: 'empType',
      isRequired: true,
      example: 'PS01',
    },
    ...PAY_ITEMS.map(
      (item): ImportField => ({
        key: item.key,
        label: item.label,
        aliases: [item.key],
        type: 'amount',
        example: PAYSLIP_EXAMPLE[item.key],
      }),
    ),
  ],
  attendance: [
    employeeField,
    nameField,
    {
      key: 'attDate',
      label: '日期',
      aliases: ['考勤日期', '打卡日期'],
      type: 'date',
      isRequired: true,
      example: '2026-10-08',
    },
    { key: 'startTime', label: '上班时间', aliases: ['上班打卡', '签到时间'], type: 'time', example: '07:52' },
    { key: 'endTime', label: '下班时间', aliases: ['下班打卡', '签退时间'], type: 'time', example: '17:45' },
  ],
  meals: [
    employeeField,
    nameField,
    {
      key: 'costTime',
      label: '消费时间',
      aliases: ['就餐时间', '刷卡时间'],
      type: 'dateTime',
      isRequired: true,
      example: '2026-10-08 11:32',
    },
    {
      key: 'costAmount',
      label: '消费金额',
      aliases: ['金额', '餐费'],
      type: 'amount',
      isRequired: true,
      example: '14.00',
    },
    { key: 'subsidyAmount', label: '补贴金额', aliases: ['补贴'], type: 'amount', example: '4.00' },
  ],
  dormitory: [
    employeeField,
    nameField,
    { key: 'waterCost', label: '水费', type: 'amount', isRequired: true, example: '22.50' },
    { key: 'tariffCost', label: '电费', type: 'amount', isRequired: true, example: '65.80' },
    {
      key: 'accommodationCost',
      label: '住宿费',
      aliases: ['房费'],
      type: 'amount',
      isRequired: true,
      example: '120.00',
    },
  ],
  cabinet: [
    employeeField,
    nameField,
    {
      key: 'caseNo',
      label: '柜号',
      aliases: ['鞋柜号', '柜子编号'],
      type: 'text',
      isRequired: true,
      example: '017',
      maxLength: 32,
    },
    {
      key: 'areaDesc',
      label: '区域',
      aliases: ['更衣室', '位置'],
      type: 'text',
      isRequired: true,
      example: 'NT 厂区 1 号更衣室',
      maxLength: 128,
    },
    { key: 'equipmentDesc', label: '设备', aliases: ['柜组'], type: 'text', example: '总装车间', maxLength: 128 },
    { key: 'teamName', label: '班组', type: 'text', example: '总装一班', maxLength: 64 },
  ],
  safety: [
    employeeField,
    nameField,
    {
      key: 'inspectionDate',
      label: '检查日期',
      aliases: ['日期'],
      type: 'date',
      isRequired: true,
      example: '2026-10-12',
    },
    {
      key: 'issueDescr',
      label: '问题描述',
      aliases: ['问题'],
      type: 'text',
      isRequired: true,
      example: '未佩戴安全帽',
      maxLength: 500,
    },
    { key: 'workProcess', label: '工序', type: 'text', example: '总装', maxLength: 64 },
    {
      key: 'typeCode',
      label: '问题类型',
      type: 'lookup',
      lookup: 'safetyType',
      isRequired: true,
      example: 'EHS01',
    },
    { key: 'badQty', label: '不良数量', aliases: ['数量'], type: 'count', example: '1' },
  ],
  // The roster: a new number is a new employee of the import's plant, a known one of that plant is updated (the
  // columns in the file only); a number of another plant is refused (a transfer is done in 员工与账号).
  employees: [
    employeeField,
    { ...nameField, isRequired: true },
    {
      key: 'deptName',
      label: '部门',
      aliases: ['所属部门', '部门名称'],
      type: 'text',
      example: '总装车间',
      maxLength: 64,
    },
    { key: 'teamName', label: '班组', aliases: ['所属班组'], type: 'text', example: '总装一班', maxLength: 64 },
    { key: 'titleName', label: '职务', aliases: ['岗位', '职位'], type: 'text', example: '操作工', maxLength: 64 },
    {
      key: 'empType',
      label: '工资单类型',
      aliases: ['人员类型', '员工类型', 'EMP_TYPE'],
      type: 'lookup',
      lookup: 'empType',
      example: 'PS01',
    },
    { key: 'enterDate', label: '入职日期', aliases: ['入厂日期', '入职时间'], type: 'date', example: '2026-10-08' },
  ],
};

/**
 * Kinds replaced month by month (the others: cabinets replace the assignments of the employees in the file, the
 * roster creates and updates employees).
 */
export const isMonthlyKind = (kind: ImportKind) => kind !== 'cabinet' && kind !== 'employees';

/** A header as compared: no spaces, full-width letters and digits folded, lower case. */
export const normaliseHeader = (header: string) =>
  header
    .replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .replace(/[（(].*[)）]$/, '')
    .toLowerCase();

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000;
/** The largest file one import takes. */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;
