// What the router hands a screen's wrapper (the route gate or the bare frame), and the document title.
import { type ComponentType, useEffect } from 'react';
import { t } from '../i18n/zh-CN-shell';
import type { AppRoute } from './route-table';

/** `Page` is the route's own (public screens); the gate finds a signed-in screen's page itself. */
export type ScreenProps = { route: AppRoute; Page?: ComponentType };

export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    document.title = `${title} - ${t.app.title}`;
  }, [title]);
};
