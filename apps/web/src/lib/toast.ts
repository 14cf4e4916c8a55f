// Toasts without putting the toast widget on the critical path of /login: it loads on first use.
export type ToastKind = 'success' | 'fail' | 'warning' | 'loading';
export type ToastOptions = { content: string; kind?: ToastKind; durationMs?: number };

export const showToast = (options: ToastOptions): Promise<void> =>
  import('./toast-view').then(({ renderToast }) => renderToast(options));
