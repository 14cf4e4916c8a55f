// The fallback while a lazy screen loads: plain markup, so it costs nothing on the /login path.
import { t } from '../i18n/zh-CN-shell';

export const PageLoading = () => (
  <div className="page-loading" role="status" aria-live="polite">
    <span className="page-loading-spinner" aria-hidden="true" />
    <span>{t.common.loading}</span>
  </div>
);
