// Unknown paths, and menu screens the user's menus do not include.
import { ErrorBlock } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { HOME_PATH } from '../paths';

const NotFoundPage = () => (
  <div className="page-center">
    <ErrorBlock status="empty" title={t.notFound.title} description={null}>
      <Link to={HOME_PATH} replace className="primary-link-button">
        {t.notFound.backHome}
      </Link>
    </ErrorBlock>
  </div>
);

export default NotFoundPage;
