// /train/emp-handbook (M12): the employee handbook in the viewer of /login (pages, zoom 40–100 %): the version current
// for the employee's plant, or the one the app ships when HR has published none.

import { HANDBOOK_URL } from '../../components/handbook';
import PdfViewer from '../../components/pdf-viewer';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';
import './training.css';

const EmpHandbookPage = () => {
  const { profile } = useSignedInUser();
  const version = profile.handbook;
  return (
    <div className="training-pdf-page">
      <PdfViewer
        url={version?.url ?? HANDBOOK_URL}
        title={version ? t.handbook.titleOf(version.label) : t.training.handbookTitle}
      />
    </div>
  );
};

export default EmpHandbookPage;
