// What a toast says and how it looks; shared by the lazy toast entry point and the widget behind it.
export type ToastKind = 'success' | 'fail' | 'warning' | 'loading';
/** `durationMs` 0 keeps it up until cleared. */
export type ToastOptions = { content: string; kind?: ToastKind; durationMs?: number };
