// The mobile menus every installation has: code, screen path, name, icon. The server seeds them and ties
// calls to them (a call's `menu`); the web app opens a menu screen only for users whose menus hold it.
// No zod here: home and the layout read these without loading the schema library.

/**
 * Codes M01–M12 as the home page groups them; M13+ fall into 更多服务. A menu with `roles` is granted to those roles
 * only; every other menu to every role.
 */
export const MOBILE_MENUS = [
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
  // Only for the roles named: the reviewers' console.
  { code: 'M18', path: '/review/change-list', name: '资料审核', icon: 'audit', roles: ['AppVerify'] },
  // Only for HR: the proposals and candidates the public forms sent.
  { code: 'M19', path: '/hr/submissions', name: '提案与推荐', icon: 'inbox', roles: ['HRAdmin'] },
] as const;

export type MenuCode = (typeof MOBILE_MENUS)[number]['code'];

/** Home page groups of menu codes (SPEC §2). Codes not listed fall into 更多服务. */
export const HOME_TILE_GROUPS = [
  { key: 'personal', codes: ['M01'] },
  { key: 'query', codes: ['M03', 'M04', 'M05', 'M06', 'M07', 'M08'] },
  { key: 'training', codes: ['M02', 'M11', 'M12'] },
  { key: 'survey', codes: ['M09', 'M10'] },
] as const;

/** Routes the footer popover links to; each works only when the user's menus include it. */
export const QUICK_LINK_PATHS = [
  '/attendance/my-att',
  '/logistics/meals',
  '/logistics/person-stay',
  '/salary/my-salary',
] as const;
