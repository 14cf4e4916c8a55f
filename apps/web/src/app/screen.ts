// What the router hands a screen's wrapper (the route gate or the bare frame), and the document title.
import { type ComponentType, useEffect } from 'react';
import { t } from '../i18n/zh-CN';
import type { AppRoute } from './route-table';

export type ScreenProps = { route: AppRoute; Page: ComponentType };

export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    document.title = `${title} - ${t.app.title}`;
  }, [title]);
};
