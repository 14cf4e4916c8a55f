// 查看: a version's PDF in the app's own viewer (pdf.js), as the employees see it, with a link to open it in a window
// of its own.
import type { HandbookVersion } from '@ess/contract/handbook';
import { Modal } from 'antd';
import { PdfViewer } from '../../../components/pdf-viewer';
import { ct } from '../../texts';

const h = ct.handbook;

export const PdfDialog = ({ version, onClose }: { version: HandbookVersion; onClose: () => void }) => (
  <Modal
    open
    title={`${h.kinds[version.kind]}：${version.label}`}
    footer={
      <a href={version.url} target="_blank" rel="noopener noreferrer">
        {h.openInNewWindow}
      </a>
    }
    width={720}
    onCancel={onClose}
    styles={{ body: { height: '60vh', display: 'flex', flexDirection: 'column' } }}
  >
    <PdfViewer url={version.url} title={`${h.kinds[version.kind]}（${version.label}）`} />
  </Modal>
);
