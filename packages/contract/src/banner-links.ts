// Where a banner may lead: a page of the app (its path, then an optional query) or an https address. No zod here:
// the app's home screen reads `isAppLink` and loads no schema library.

/** The pages of the app a banner may lead to; their labels are the app's own titles (a web test keeps them so). */
export const BANNER_LINK_ROUTES = [
  { path: '/attendance/my-att', label: '我的考勤' },
  { path: '/salary/my-salary', label: '我的工资' },
  { path: '/logistics/meals', label: '餐费扣款' },
  { path: '/logistics/person-stay', label: '住宿费用' },
  { path: '/logistics/cabinet', label: '我的鞋柜' },
  { path: '/inspection/my-ehs', label: '安全问题' },
  { path: '/train/learn-list', label: '学习中心' },
  { path: '/paper/paper-list', label: '在线考试' },
  { path: '/user/my-demand', label: '问卷调查' },
  { path: '/train/emp-handbook', label: '员工手册' },
  { path: '/train/emp-zhiyin', label: '入职指引' },
  { path: '/improve/proposal-improve', label: '改善提案' },
  { path: '/improve/proposal-study', label: '整改学习' },
  { path: '/recruitment/recruitment-share', label: '内部推荐' },
  { path: '/user/my-option', label: '我的消息' },
  { path: '/user/my-education', label: '个人信息' },
  { path: '/user/person-center', label: '我的' },
  { path: '/system-setting/person-setting', label: '个人设置' },
  { path: '/purchase/material-manage', label: '物料查询' },
  { path: '/user/self-help', label: '自助帮助' },
] as const;

const LINK_PATHS: ReadonlySet<string> = new Set(BANNER_LINK_ROUTES.map((route) => route.path));
export const LINK_MAX_LENGTH = 512;

/** Whether a link is a page of the app (its path, then an optional query), else an https address. */
export const isAppLink = (link: string) => link.startsWith('/') && !link.startsWith('//');

/** Why a link is refused, or undefined for a good one. */
export const linkProblem = (link: string): string | undefined => {
  if (isAppLink(link)) {
    const path = link.split(/[?#]/)[0] ?? '';
    return LINK_PATHS.has(path) ? undefined : '应用内没有这个页面，请从列表中选择';
  }
  if (/^http:\/\//i.test(link)) return '网址须以 https:// 开头';
  if (!/^https:\/\//i.test(link) || /\s/.test(link)) return '链接应为应用内页面（以 / 开头）或 https:// 开头的网址';
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
      ? undefined
      : '网址无效，请检查后重新填写';
  } catch {
    return '网址无效，请检查后重新填写';
  }
};
