// /train/emp-handbook (M12): the employee handbook in the viewer of /login (pages, zoom 40–100 %).

import { HANDBOOK_URL } from '../../components/handbook';
import PdfViewer from '../../components/pdf-viewer';
import { t } from '../../i18n/zh-CN';
import './training.css';

const EmpHandbookPage = () => (
  <div className="training-pdf-page">
    <PdfViewer url={HANDBOOK_URL} title={t.training.handbookTitle} />
  </div>
);

export default EmpHandbookPage;
