// Toasts without putting the toast widget on the critical path of /login: it loads on first use.
import type { ToastOptions } from './toast-options';

export type { ToastKind, ToastOptions } from './toast-options';

type ToastRenderer = (options: ToastOptions) => Promise<void> | void;
let renderer: ToastRenderer | undefined;

/** The HR console shows the shared client's toasts with its own widget (antd), not antd-mobile's. */
export const setToastRenderer = (render: ToastRenderer) => {
  renderer = render;
};

export const showToast = async (options: ToastOptions): Promise<void> => {
  if (renderer) return renderer(options);
  const { renderToast } = await import('./toast-view');
  return renderToast(options);
};
