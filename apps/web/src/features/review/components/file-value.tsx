// A file field's value (a scan, a certificate): shown inline as a picture, tapped to enlarge; a file that is no
// picture a browser draws (a PDF, a HEIC photo outside Safari) becomes a link that opens it.
import { ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { t } from '../../../i18n/zh-CN';
import { useBackToClose } from '../../../lib/back-to-close';

export const FileValue = ({ path, name }: { path: string; name: string }) => {
  const [isPicture, setPicture] = useState(true);
  const [isEnlarged, setEnlarged] = useState(false);
  const close = () => setEnlarged(false);
  // Back and Esc close the enlarged picture, as they close sheets.
  useBackToClose(isEnlarged, close);

  if (!isPicture) {
    return (
      <a
        className="review-file-link"
        href={path}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.review.openFileLabel(name)}
      >
        {t.review.openFile}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className="review-file-thumb"
        aria-label={t.review.enlarge(name)}
        onClick={() => setEnlarged(true)}
      >
        <img src={path} alt={name} loading="lazy" onError={() => setPicture(false)} />
      </button>
      <ImageViewer
        image={path}
        visible={isEnlarged}
        onClose={close}
        imageRender={(image, { ref }) => <img ref={ref} src={image} alt={name} draggable={false} />}
      />
    </>
  );
};
