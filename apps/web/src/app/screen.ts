// What the router hands a screen's wrapper (the route gate or the bare frame), and the document title.
import { type ComponentType, useEffect } from 'react';
import { appTitleOf, useSiteFace } from '../lib/site-face';
import type { AppRoute } from './route-table';

/** `Page` is the route's own (public screens); the gate finds a signed-in screen's page itself. */
export type ScreenProps = { route: AppRoute; Page?: ComponentType };

/** `<screen> - <the app's title>`: the company's short title once the SysAdmin set one (公司信息). */
export const useDocumentTitle = (title: string) => {
  const appTitle = appTitleOf(useSiteFace());
  useEffect(() => {
    document.title = `${title} - ${appTitle}`;
  }, [title, appTitle]);
};
