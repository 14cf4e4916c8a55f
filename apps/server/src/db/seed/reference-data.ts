// Reference data every installation needs: roles, menus, dictionaries.
export const ROLES = [
  { name: 'Employee', description: '普通员工' },
  { name: 'AppVerify', description: '资料审核' },
] as const;

/** Mobile menus (codes M01–M12 as the home page groups them; M13+ fall into 更多服务). */
export const MENUS = [
  { code: 'M01', path: '/user/my-education', name: '个人信息', icon: 'user' },
  { code: 'M02', path: '/train/learn-list', name: '学习中心', icon: 'video' },
  { code: 'M03', path: '/attendance/my-att', name: '我的考勤', icon: 'clock' },
  { code: 'M04', path: '/salary/my-salary', name: '我的工资', icon: 'pay' },
  { code: 'M05', path: '/logistics/meals', name: '餐费扣款', icon: 'meal' },
  { code: 'M06', path: '/logistics/person-stay', name: '住宿费用', icon: 'home' },
  { code: 'M07', path: '/logistics/cabinet', name: '我的鞋柜', icon: 'cabinet' },
  { code: 'M08', path: '/inspection/my-ehs', name: '安全问题', icon: 'safety' },
  { code: 'M09', path: '/user/my-demand', name: '问卷调查', icon: 'survey' },
  { code: 'M10', path: '/improve/proposal-improve', name: '改善提案', icon: 'idea' },
  { code: 'M11', path: '/paper/paper-list', name: '在线考试', icon: 'exam' },
  { code: 'M12', path: '/train/emp-handbook', name: '员工手册', icon: 'book' },
  { code: 'M13', path: '/improve/proposal-study', name: '整改学习', icon: 'study' },
  { code: 'M14', path: '/user/my-option', name: '我的消息', icon: 'message' },
  { code: 'M15', path: '/recruitment/recruitment-share', name: '内部推荐', icon: 'share' },
  { code: 'M16', path: '/purchase/material-manage', name: '物料查询', icon: 'search' },
  { code: 'M17', path: '/user/self-help', name: '自助帮助', icon: 'help' },
] as const;

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

export const PLANT_NAMES: Record<string, string> = {
  NT: '南通商用车',
  GT: '港田',
  NY: '南园',
  HZ: '杭州',
  BJ: '北京',
  AQ: '安庆',
  LZ: '柳州',
  JY: '江阴',
};

export const DEPARTMENTS = ['总装车间', '焊装车间', '涂装车间', '冲压车间', '质量部', '物流部', '人力资源部', '设备部'];
export const TITLES = ['操作工', '班组长', '质检员', '技术员', '工程师', '文员', '主管'];
export const BANNERS = [
  { title: '安全生产 人人有责', imageUrl: '/banners/safety.svg' },
  { title: '员工自助 便捷服务', imageUrl: '/banners/service.svg' },
  { title: '持续改善 提质增效', imageUrl: '/banners/improve.svg' },
];
