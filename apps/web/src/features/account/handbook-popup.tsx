// The handbook from the sign-in screen's 《员工手册》 link: read only, closable.
import { HANDBOOK_URL } from '../../components/handbook';
import { PdfViewer } from '../../components/pdf-viewer';
import { Sheet } from '../../components/sheet';
import { t } from '../../i18n/zh-CN';

const HandbookPopup = ({ visible, onClose }: { visible: boolean; onClose: () => void }) => (
  <Sheet visible={visible} title={t.handbook.title} onClose={onClose} size="tall">
    <PdfViewer url={HANDBOOK_URL} title={t.handbook.title} />
  </Sheet>
);

export default HandbookPopup;
