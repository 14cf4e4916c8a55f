// /user/title-evaluation (CER02): title certificates, name and date obtained required, the file optional.
import { t } from '../../i18n/zh-CN';
import { CertificateListPage } from './certificate-list-page';
import { TITLE } from './record-kinds';

const TitleEvaluationPage = () => (
  <CertificateListPage kind={TITLE} changeKind="APP_EDIT_TITLE" noticeTitle={t.records.title.noticeTitle} />
);

export default TitleEvaluationPage;
