// Toasts without putting the toast widget on the critical path of /login: it loads on first use.
import type { ToastOptions } from './toast-options';

export type { ToastKind, ToastOptions } from './toast-options';

export const showToast = (options: ToastOptions): Promise<void> =>
  import('./toast-view').then(({ renderToast }) => renderToast(options));
