// Screens of later issues: reachable and titled, with no content yet.
import { ErrorBlock } from 'antd-mobile';
import { t } from '../../i18n/zh-CN';

const PlaceholderPage = () => (
  <div className="page-center">
    <ErrorBlock status="default" title={t.placeholder.title} description={t.placeholder.description} />
  </div>
);

export default PlaceholderPage;
