// The pages of every screen the route gate shows, by path: the signed-in screens, and the public screens shown in
// the app's frame (registration, the proposal forms, 404); with what each signed-in screen asks the server for
// first. Only the route gate imports this module, so the bundler knows that the gate and everything it holds (the
// layout, antd-mobile's common parts, the session, the contract, the query cache) is loaded whenever one of these
// pages is: what they share with the gate stays in the gate's chunk instead of being split into small shared chunks,
// each one more request on a phone's six connections. A later feature replaces a placeholder here.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { retryableLazy } from '../lib/code-load';
import { getPageQueryClient } from '../lib/query-client';
import {
  CHANGE_PASSWORD_PATH,
  HOME_PATH,
  HR_SUBMISSIONS_PATH,
  NOT_FOUND_PATH,
  PERSON_CENTER_PATH,
  REVIEW_DETAIL_PATH,
  REVIEW_LIST_PATH,
} from './paths';
import type { PageModule } from './route-table';

type GateScreen = {
  load: () => Promise<PageModule>;
  /**
   * Starts the screen's first queries beside the session restore and the screen's own code, so its data
   * waits for neither (a small module of the feature's api/, not the page).
   */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
};

const placeholder = { load: () => import('./pages/placeholder-page') };
const consoleMoved = { load: () => import('../features/console-moved/console-moved-page') };

export const GATE_SCREENS: Readonly<Record<string, GateScreen>> = {
  // Public, in the app's frame
  '/register': { load: () => import('../features/recruitment/register-page') },
  '/improve/proposal-improve': { load: () => import('../features/proposals/proposal-improve-page') },
  '/improve/proposal-study': { load: () => import('../features/proposals/proposal-study-page') },
  [NOT_FOUND_PATH]: { load: () => import('./pages/not-found-page') },
  // Signed in
  [HOME_PATH]: {
    load: () => import('../features/home/home-page'),
    prefetch: (queryClient) =>
      import('../features/home/api/get-banner-list').then(({ prefetchBannerList }) => prefetchBannerList(queryClient)),
  },
  [PERSON_CENTER_PATH]: { load: () => import('../features/account/person-center-page') },
  '/system-setting/person-setting': { load: () => import('../features/account/person-setting-page') },
  [CHANGE_PASSWORD_PATH]: { load: () => import('../features/account/change-password-page') },
  '/system-setting/person-photo': { load: () => import('../features/records/person-photo-page') },
  '/home/recruitment-share': { load: () => import('../features/recruitment/recruitment-share-page') },
  '/train/emp-zhiyin': { load: () => import('../features/training/emp-zhiyin-page') },
  '/user/announcements': { load: () => import('../features/announcements/announcements-page') },
  '/user/announcement-detail': { load: () => import('../features/announcements/announcement-detail-page') },
  '/train/video-learn': { load: () => import('../features/training/video-learn-page') },
  '/paper/paper-detail': { load: () => import('../features/training/paper-detail-page') },
  '/user/demand-detail': { load: () => import('../features/training/demand-detail-page') },
  '/user/my-bank': { load: () => import('../features/records/my-bank-page') },
  '/user/my-work': { load: () => import('../features/records/my-work-page') },
  '/user/title-evaluation': { load: () => import('../features/records/title-evaluation-page') },
  '/user/skill-evaluation': { load: () => import('../features/records/skill-evaluation-page') },
  '/user/my-education': { load: () => import('../features/records/my-education-page') },
  '/train/learn-list': { load: () => import('../features/training/learn-list-page') },
  '/attendance/my-att': { load: () => import('../features/attendance/my-att-page') },
  '/salary/my-salary': { load: () => import('../features/salary/my-salary-page') },
  '/logistics/meals': { load: () => import('../features/logistics/meals-page') },
  '/logistics/person-stay': { load: () => import('../features/logistics/person-stay-page') },
  '/logistics/cabinet': { load: () => import('../features/logistics/cabinet-page') },
  '/inspection/my-ehs': { load: () => import('../features/inspection/my-ehs-page') },
  '/user/my-demand': { load: () => import('../features/training/my-demand-page') },
  '/paper/paper-list': { load: () => import('../features/training/paper-list-page') },
  '/train/emp-handbook': { load: () => import('../features/training/emp-handbook-page') },
  '/user/my-option': { load: () => import('../features/notices/my-option-page') },
  '/recruitment/recruitment-share': { load: () => import('../features/recruitment/recruitment-share-page') },
  '/purchase/material-manage': { load: () => import('../features/purchase/material-manage-page') },
  '/user/self-help': { load: () => import('../features/help/self-help-page') },
  // HR's work moved to the console: the old routes lead there
  [REVIEW_LIST_PATH]: consoleMoved,
  [REVIEW_DETAIL_PATH]: consoleMoved,
  [HR_SUBMISSIONS_PATH]: consoleMoved,
};

const pages = new Map<string, ComponentType>();

/** The lazy page of a screen behind the gate; one component per path, so React keeps it across renders. */
export const gatePage = (path: string): ComponentType => {
  let page = pages.get(path);
  if (!page) {
    page = retryableLazy(GATE_SCREENS[path]?.load ?? placeholder.load);
    pages.set(path, page);
  }
  return page;
};

/** Starts a signed-in screen's code and first data (into the page's cache) as soon as the gate is in. */
export const startPrivateScreen = (path: string) => {
  const screen = GATE_SCREENS[path];
  if (!screen) return;
  void screen.load().catch(() => {});
  void screen.prefetch?.(getPageQueryClient()).catch(() => {});
};
