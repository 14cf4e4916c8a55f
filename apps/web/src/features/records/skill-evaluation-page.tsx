// /user/skill-evaluation (CER03): skill certificates, name and date obtained required, the file optional.
import { t } from '../../i18n/zh-CN';
import { CertificateListPage } from './certificate-list-page';
import { SKILL } from './record-kinds';

const SkillEvaluationPage = () => (
  <CertificateListPage kind={SKILL} changeKind="APP_EDIT_TITLE" noticeTitle={t.records.skill.noticeTitle} />
);

export default SkillEvaluationPage;
