// An uploaded file as a record shows it: a picture as a thumbnail that opens full screen, a PDF (or anything the
// browser cannot draw) as a file chip that opens the app's PDF viewer. A file's address (/api/files/<uuid>) does
// not say what it is, so a thumbnail that fails to load turns into the chip.
import { ImageViewer } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { PdfViewer } from '../pdf-viewer';
import { Sheet } from '../sheet';

export type FileKindHint = 'image' | 'pdf';

export const FilePreview = ({ path, label, kind }: { path: string; label: string; kind?: FileKindHint }) => {
  const [isImageFailed, setImageFailed] = useState(false);
  const [isPdfOpen, setPdfOpen] = useState(false);
  const isImage = kind !== 'pdf' && !isImageFailed;
  if (isImage) {
    return (
      <button
        type="button"
        className="file-preview-thumb"
        aria-label={t.upload.preview(label)}
        onClick={() => ImageViewer.show({ image: path })}
      >
        <img src={path} alt="" onError={() => setImageFailed(true)} />
      </button>
    );
  }
  const chipText = kind === 'pdf' ? t.upload.pdfFile : t.upload.uploadedFile;
  return (
    <>
      <button
        type="button"
        className="file-preview-chip"
        // The visible text stays part of the name (WCAG 2.5.3).
        aria-label={`${t.upload.preview(label)}：${chipText}`}
        aria-haspopup="dialog"
        onClick={() => setPdfOpen(true)}
      >
        <FileOutline aria-hidden="true" />
        <span>{chipText}</span>
      </button>
      <Sheet visible={isPdfOpen} title={label} size="tall" onClose={() => setPdfOpen(false)}>
        <PdfViewer url={path} title={label} />
      </Sheet>
    </>
  );
};
