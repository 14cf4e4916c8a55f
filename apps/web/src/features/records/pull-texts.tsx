// The texts of a pull-to-refresh, as the paged lists have them.
import { DotLoading } from 'antd-mobile';
import { t } from '../../i18n/zh-CN';

export const pullTexts = {
  pullingText: t.queryState.pulling,
  canReleaseText: t.queryState.canRelease,
  refreshingText: (
    <span>
      {t.queryState.refreshing}
      <DotLoading />
    </span>
  ),
  completeText: t.queryState.refreshed,
};
