// /train/emp-zhiyin: the onboarding guide, served to signed-in users only, with the reader's name and number drawn
// over every page (in the page's bitmap, so a screenshot carries it).
import { GUIDE_PATH } from '@ess/contract/study-rules';
import PdfViewer from '../../components/pdf-viewer';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';
import './training.css';

const EmpZhiyinPage = () => {
  const { profile } = useSignedInUser();
  return (
    <div className="training-pdf-page">
      <PdfViewer
        url={GUIDE_PATH}
        title={t.training.guideTitle}
        watermark={`${profile.userName} ${profile.userAccount}`}
      />
    </div>
  );
};

export default EmpZhiyinPage;
