// Every screen of the app in one table: path → lazy page, title, access. A later feature replaces a
// placeholder by pointing `load` at its page, e.g. `load: () => import('../features/salary/my-salary-page')`.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { t } from '../i18n/zh-CN';
import { CHANGE_PASSWORD_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, PERSON_CENTER_PATH } from './paths';

export type PageModule = { default: ComponentType };

export type AppRoute = {
  path: string;
  title: string;
  load: () => Promise<PageModule>;
  /**
   * Starts the screen's first queries beside the session restore and the screen's own code, so its data
   * waits for neither (a small module of the feature's api/, not the page).
   */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
  /** Opens without a token (SPEC §2: sign-in, registration, reset, both proposal forms). */
  isPublic?: boolean;
  /**
   * The path is in the server's menu table: it opens only when the signed-in user's menus include it,
   * otherwise the 404 page shows (docs/decisions.md).
   */
  isMenuGated?: boolean;
  /** 'bare' screens have no top bar, footer or tabs (sign-in, reset landing). */
  layout?: 'app' | 'bare';
  /** The bottom tabs' own screens have no back arrow. */
  isTabRoot?: boolean;
};

const placeholder = () => import('./pages/placeholder-page');

export const routeTable: readonly AppRoute[] = [
  // Public
  {
    path: LOGIN_PATH,
    title: t.routes.login,
    load: () => import('../features/account/login-page'),
    isPublic: true,
    layout: 'bare',
  },
  { path: '/register', title: t.routes.register, load: placeholder, isPublic: true },
  {
    path: '/home/reset-password',
    title: t.routes.resetPassword,
    load: () => import('../features/account/reset-password-page'),
    isPublic: true,
    layout: 'bare',
  },
  { path: '/improve/proposal-improve', title: t.routes.proposalImprove, load: placeholder, isPublic: true },
  { path: '/improve/proposal-study', title: t.routes.proposalStudy, load: placeholder, isPublic: true },
  { path: NOT_FOUND_PATH, title: t.routes.notFound, load: () => import('./pages/not-found-page'), isPublic: true },

  // Signed in, always available
  {
    path: HOME_PATH,
    title: t.routes.home,
    load: () => import('../features/home/home-page'),
    prefetch: (queryClient) =>
      import('../features/home/api/get-banner-list').then(({ prefetchBannerList }) => prefetchBannerList(queryClient)),
    isTabRoot: true,
  },
  {
    path: PERSON_CENTER_PATH,
    title: t.routes.personCenter,
    load: () => import('../features/account/person-center-page'),
    isTabRoot: true,
  },
  {
    path: '/system-setting/person-setting',
    title: t.routes.personSetting,
    load: () => import('../features/account/person-setting-page'),
  },
  {
    path: CHANGE_PASSWORD_PATH,
    title: t.routes.changePassword,
    load: () => import('../features/account/change-password-page'),
  },
  { path: '/system-setting/person-photo', title: t.routes.personPhoto, load: placeholder },
  { path: '/home/recruitment-share', title: t.routes.recruitmentShare, load: placeholder },
  { path: '/train/emp-zhiyin', title: t.routes.empZhiyin, load: placeholder },
  { path: '/train/video-learn', title: t.routes.videoLearn, load: placeholder },
  { path: '/paper/paper-detail', title: t.routes.paperDetail, load: placeholder },
  { path: '/user/demand-detail', title: t.routes.demandDetail, load: placeholder },
  { path: '/user/my-bank', title: t.routes.myBank, load: placeholder },
  { path: '/user/my-work', title: t.routes.myWork, load: placeholder },
  { path: '/user/title-evaluation', title: t.routes.titleEvaluation, load: placeholder },
  { path: '/user/skill-evaluation', title: t.routes.skillEvaluation, load: placeholder },

  // Menu-gated: the paths of the server's menu table (M01–M17)
  { path: '/user/my-education', title: t.routes.myEducation, load: placeholder, isMenuGated: true },
  { path: '/train/learn-list', title: t.routes.learnList, load: placeholder, isMenuGated: true },
  {
    path: '/attendance/my-att',
    title: t.routes.myAtt,
    load: () => import('../features/attendance/my-att-page'),
    isMenuGated: true,
  },
  {
    path: '/salary/my-salary',
    title: t.routes.mySalary,
    load: () => import('../features/salary/my-salary-page'),
    isMenuGated: true,
  },
  {
    path: '/logistics/meals',
    title: t.routes.meals,
    load: () => import('../features/logistics/meals-page'),
    isMenuGated: true,
  },
  {
    path: '/logistics/person-stay',
    title: t.routes.personStay,
    load: () => import('../features/logistics/person-stay-page'),
    isMenuGated: true,
  },
  {
    path: '/logistics/cabinet',
    title: t.routes.cabinet,
    load: () => import('../features/logistics/cabinet-page'),
    isMenuGated: true,
  },
  {
    path: '/inspection/my-ehs',
    title: t.routes.myEhs,
    load: () => import('../features/inspection/my-ehs-page'),
    isMenuGated: true,
  },
  { path: '/user/my-demand', title: t.routes.myDemand, load: placeholder, isMenuGated: true },
  { path: '/paper/paper-list', title: t.routes.paperList, load: placeholder, isMenuGated: true },
  { path: '/train/emp-handbook', title: t.routes.empHandbook, load: placeholder, isMenuGated: true },
  {
    path: '/user/my-option',
    title: t.routes.myOption,
    load: () => import('../features/notices/my-option-page'),
    isMenuGated: true,
  },
  { path: '/recruitment/recruitment-share', title: t.routes.recruitmentShare, load: placeholder, isMenuGated: true },
  {
    path: '/purchase/material-manage',
    title: t.routes.materialManage,
    load: () => import('../features/purchase/material-manage-page'),
    isMenuGated: true,
  },
  {
    path: '/user/self-help',
    title: t.routes.selfHelp,
    load: () => import('../features/help/self-help-page'),
    isMenuGated: true,
  },
];

export const findRoute = (path: string, table: readonly AppRoute[] = routeTable): AppRoute | undefined =>
  table.find((route) => route.path === path);
