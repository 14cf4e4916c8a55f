// Reference data every installation needs: roles, menus, dictionaries.
import { MOBILE_MENUS } from '@ess/contract/menu';
import { PLANT_LABELS } from '@ess/contract/proposals';

export const ROLES = [
  { name: 'Employee', description: '普通员工' },
  { name: 'AppVerify', description: '资料审核' },
  { name: 'HRAdmin', description: '人事管理员（所管工厂）' },
  { name: 'SysAdmin', description: '系统管理员（全部工厂）' },
] as const;

/** Mobile menus: the contract's list (calls are tied to their codes). */
export const MENUS = MOBILE_MENUS;

export const DICTIONARIES: Record<string, [string, string][]> = {
  MAJOR: [
    ['01', '初中及以下'],
    ['02', '高中'],
    ['03', '中专/技校'],
    ['04', '大专'],
    ['05', '本科'],
    ['06', '硕士'],
    ['07', '博士'],
  ],
  CARD: [
    ['01', '城镇户口'],
    ['02', '农村户口'],
  ],
  POLI: [
    ['01', '群众'],
    ['02', '共青团员'],
    ['03', '中共党员'],
    ['04', '民主党派'],
  ],
  REL: [
    ['01', '父母'],
    ['02', '配偶'],
    ['03', '子女'],
    ['04', '兄弟姐妹'],
    ['05', '其他'],
  ],
  FERT: [
    ['01', '未育'],
    ['02', '已育一孩'],
    ['03', '已育二孩及以上'],
  ],
};

/**
 * The issue types of safety inspections (safety_issues.type_code): a dictionary of the safety-inspection
 * function (EHS), apart from the HR dictionaries that Home/GetStateBaseInfo serves.
 */
export const SAFETY_ISSUE_TYPES = {
  stateType: 'ISSUE_TYPE',
  sysFunc: 'EHS',
  items: [
    ['EHS01', '人的不安全行为'],
    ['EHS02', '物的不安全状态'],
    ['EHS03', '作业环境缺陷'],
    ['EHS04', '安全管理缺陷'],
  ] as [string, string][],
};

/** The plants, named as the forms name them (the contract's one list). */
export const PLANT_NAMES: Record<string, string> = PLANT_LABELS;

export const DEPARTMENTS = ['总装车间', '焊装车间', '涂装车间', '冲压车间', '质量部', '物流部', '人力资源部', '设备部'];
export const TITLES = ['操作工', '班组长', '质检员', '技术员', '工程师', '文员', '主管'];

/**
 * The banks a plant's employees may choose for the salary card, the first the default (SPEC §5: JY and AQ one
 * merchant bank, the others a state bank and an industrial/commercial bank).
 */
export const PLANT_BANKS: Record<string, string[]> = {
  NT: ['中国银行', '中国工商银行'],
  GT: ['中国银行', '中国工商银行'],
  NY: ['中国银行', '中国工商银行'],
  HZ: ['中国银行', '中国工商银行'],
  BJ: ['中国银行', '中国工商银行'],
  LZ: ['中国银行', '中国工商银行'],
  AQ: ['招商银行'],
  JY: ['招商银行'],
};

// Proposals and recruitment: the departments and teams the public forms offer, per plant.
const SECTIONS = ['一工段', '二工段'];
const TEAMS_PER_PLANT = 12;

/** Level-1 departments (the list above) and level-2 sections of the three workshops, numbered per plant. */
export const plantDepartments = () =>
  Object.keys(PLANT_NAMES).flatMap((bu) => [
    ...DEPARTMENTS.map((name, index) => ({
      deptNo: `${bu}-D${String(index + 1).padStart(2, '0')}`,
      bu,
      name,
      level: 1,
      sort: index,
    })),
    ...DEPARTMENTS.slice(0, 3).flatMap((workshop, index) =>
      SECTIONS.map((section, sectionIndex) => ({
        deptNo: `${bu}-D${String(index + 1).padStart(2, '0')}-${sectionIndex + 1}`,
        bu,
        name: `${workshop}${section}`,
        level: 2,
        sort: index * SECTIONS.length + sectionIndex,
      })),
    ),
  ]);

/** 班组1…班组12 of every plant (the employees' team names), each under a workshop. */
export const plantTeams = () =>
  Object.keys(PLANT_NAMES).flatMap((bu) =>
    Array.from({ length: TEAMS_PER_PLANT }, (_, index) => ({
      teamNo: `${bu}-T${String(index + 1).padStart(2, '0')}`,
      bu,
      name: `班组${index + 1}`,
      deptNo: `${bu}-D${String((index % 3) + 1).padStart(2, '0')}`,
      sort: index,
    })),
  );
