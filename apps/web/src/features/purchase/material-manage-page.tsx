// /purchase/material-manage: only a search box (SPEC §2). No material source is connected yet, so the
// screen says so instead of showing results it cannot have.
import { SearchBar } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { t } from '../../i18n/zh-CN';
import './material-manage-page.css';

const MaterialManagePage = () => (
  <div className="material-page">
    <div className="material-search">
      <SearchBar placeholder={t.materialManage.placeholder} />
    </div>
    <p className="material-hint">
      <InformationCircleOutline aria-hidden="true" />
      <span>{t.materialManage.notConnected}</span>
    </p>
  </div>
);

export default MaterialManagePage;
