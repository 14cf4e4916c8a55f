// /user/my-work (CER04): employer, position and quit reason required, personal skill and dates optional.
import { t } from '../../i18n/zh-CN';
import { CertificateListPage } from './certificate-list-page';
import { WORK } from './record-kinds';

const MyWorkPage = () => (
  <CertificateListPage kind={WORK} changeKind="APP_EDIT_WORK" noticeTitle={t.records.work.noticeTitle} />
);

export default MyWorkPage;
