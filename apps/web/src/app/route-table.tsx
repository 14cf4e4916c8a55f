// Every screen of the app in one table: path, title, access. The bare screens (sign-in, reset landing) carry their
// lazy page here; the pages of the screens the route gate shows in the app's frame, signed in or public, are named
// in ./gate-screens.ts, which only the route gate imports. A later feature replaces a placeholder there.
import type { ComponentType } from 'react';
import { t } from '../i18n/zh-CN-shell';
import {
  CHANGE_PASSWORD_PATH,
  HOME_PATH,
  HR_SUBMISSIONS_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  PERSON_CENTER_PATH,
  REVIEW_DETAIL_PATH,
  REVIEW_LIST_PATH,
} from './paths';

export type PageModule = { default: ComponentType };

export type AppRoute = {
  path: string;
  title: string;
  /**
   * The page of a bare screen (tests may give one to any route). The page of a screen in the app's frame comes
   * from ./gate-screens.ts: loaded from inside the route gate, it shares the gate's code instead of splitting it
   * into small chunks of its own.
   */
  load?: () => Promise<PageModule>;
  /** Opens without a token (SPEC §2: sign-in, registration, reset, both proposal forms). */
  isPublic?: boolean;
  /**
   * The path is in the server's menu table: it opens only when the signed-in user's menus include it,
   * otherwise the 404 page shows (docs/decisions.md).
   */
  isMenuGated?: boolean;
  /** Opens only for users whose menus include this menu path (a screen reached from a menu screen). */
  gatedBy?: string;
  /** 'bare' screens have no top bar, footer or tabs (sign-in, reset landing). */
  layout?: 'app' | 'bare';
  /**
   * A bare screen that makes no query or mutation (sign-in): it renders without the query cache, and the query
   * library stays off its download. Screens behind the route gate always have the cache.
   */
  isQueryFree?: boolean;
  /** The bottom tabs' own screens have no back arrow. */
  isTabRoot?: boolean;
};

export const routeTable: readonly AppRoute[] = [
  // Public
  {
    path: LOGIN_PATH,
    title: t.routes.login,
    load: () => import('../features/account/login-page'),
    isPublic: true,
    layout: 'bare',
    isQueryFree: true,
  },
  {
    path: '/register',
    title: t.routes.register,
    isPublic: true,
  },
  {
    path: '/home/reset-password',
    title: t.routes.resetPassword,
    load: () => import('../features/account/reset-password-page'),
    isPublic: true,
    layout: 'bare',
  },
  {
    path: '/improve/proposal-improve',
    title: t.routes.proposalImprove,
    isPublic: true,
  },
  {
    path: '/improve/proposal-study',
    title: t.routes.proposalStudy,
    isPublic: true,
  },
  { path: NOT_FOUND_PATH, title: t.routes.notFound, isPublic: true },

  // Signed in, always available
  { path: HOME_PATH, title: t.routes.home, isTabRoot: true },
  { path: PERSON_CENTER_PATH, title: t.routes.personCenter, isTabRoot: true },
  { path: '/system-setting/person-setting', title: t.routes.personSetting },
  { path: CHANGE_PASSWORD_PATH, title: t.routes.changePassword },
  { path: '/system-setting/person-photo', title: t.routes.personPhoto },
  { path: '/home/recruitment-share', title: t.routes.recruitmentShare },
  { path: '/train/emp-zhiyin', title: t.routes.empZhiyin },
  // HR's notices reach every employee: no menu gates them.
  { path: '/user/announcements', title: t.routes.announcements },
  { path: '/user/announcement-detail', title: t.routes.announcementDetail },
  { path: '/train/video-learn', title: t.routes.videoLearn },
  { path: '/paper/paper-detail', title: t.routes.paperDetail },
  { path: '/user/demand-detail', title: t.routes.demandDetail },
  { path: '/user/my-bank', title: t.routes.myBank },
  { path: '/user/my-work', title: t.routes.myWork },
  { path: '/user/title-evaluation', title: t.routes.titleEvaluation },
  { path: '/user/skill-evaluation', title: t.routes.skillEvaluation },

  // Menu-gated: the paths of the server's menu table (M01–M18)
  { path: '/user/my-education', title: t.routes.myEducation, isMenuGated: true },
  { path: '/train/learn-list', title: t.routes.learnList, isMenuGated: true },
  { path: '/attendance/my-att', title: t.routes.myAtt, isMenuGated: true },
  { path: '/salary/my-salary', title: t.routes.mySalary, isMenuGated: true },
  { path: '/logistics/meals', title: t.routes.meals, isMenuGated: true },
  { path: '/logistics/person-stay', title: t.routes.personStay, isMenuGated: true },
  { path: '/logistics/cabinet', title: t.routes.cabinet, isMenuGated: true },
  { path: '/inspection/my-ehs', title: t.routes.myEhs, isMenuGated: true },
  { path: '/user/my-demand', title: t.routes.myDemand, isMenuGated: true },
  { path: '/paper/paper-list', title: t.routes.paperList, isMenuGated: true },
  { path: '/train/emp-handbook', title: t.routes.empHandbook, isMenuGated: true },
  { path: '/user/my-option', title: t.routes.myOption, isMenuGated: true },
  { path: '/recruitment/recruitment-share', title: t.routes.recruitmentShare, isMenuGated: true },
  { path: '/purchase/material-manage', title: t.routes.materialManage, isMenuGated: true },
  { path: '/user/self-help', title: t.routes.selfHelp, isMenuGated: true },
  // HR's work, moved to the console (/admin/review, /admin/submissions): the old addresses lead there for a while.
  // 资料审核 (M18, role AppVerify): the list and one request.
  { path: REVIEW_LIST_PATH, title: t.routes.reviewList, isMenuGated: true },
  { path: REVIEW_DETAIL_PATH, title: t.routes.reviewDetail, gatedBy: REVIEW_LIST_PATH },
  // 提案与推荐: what the public forms sent (M19, role HRAdmin)
  { path: HR_SUBMISSIONS_PATH, title: t.routes.hrSubmissions, isMenuGated: true },
];

export const findRoute = (path: string, table: readonly AppRoute[] = routeTable): AppRoute | undefined =>
  table.find((route) => route.path === path);
