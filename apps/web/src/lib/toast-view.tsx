// The antd-mobile toast behind lib/toast.ts (loaded lazily from there).
import { Toast } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ToastOptions } from './toast-options';

export const renderToast = ({ content, kind, durationMs = 2000 }: ToastOptions) => {
  const icon = kind === 'warning' ? <ExclamationCircleOutline /> : kind;
  Toast.show({ content, icon, duration: durationMs, maskClickable: true });
};
