// A PDF inside the app with pdf.js: one page at a time, previous/next, zoom 40–100 % in steps of 10.
// pdf.js (and its same-origin worker, CSP worker-src 'self') downloads only when a viewer mounts.
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { showToast } from '../lib/toast';
import './pdf-viewer.css';

export const MIN_SCALE_PERCENT = 40;
export const MAX_SCALE_PERCENT = 100;
export const SCALE_STEP_PERCENT = 10;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfJs: Promise<PdfJs> | undefined;
// The legacy build runs on the older WebViews of cheap phones and in-app browsers.
const loadPdfJs = () => {
  pdfJs ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]).then(([library, worker]) => {
    library.GlobalWorkerOptions.workerSrc = worker.default;
    return library;
  });
  return pdfJs;
};

export type PdfViewerProps = { url: string; title: string };

export const PdfViewer = ({ url, title }: PdfViewerProps) => {
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [isFailed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [scalePercent, setScalePercent] = useState(MAX_SCALE_PERCENT);
  const [width, setWidth] = useState(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let isCurrent = true;
    let destroy: (() => void) | undefined;
    setDocument(undefined);
    setFailed(false);
    setPageNumber(1);
    loadPdfJs()
      .then((library) => {
        if (!isCurrent) return undefined;
        // eval is not allowed by the CSP; pdf.js has a slower path without it.
        const task = library.getDocument({ url, isEvalSupported: false });
        destroy = () => void task.destroy();
        return task.promise;
      })
      .then((loaded) => {
        if (isCurrent && loaded) setDocument(loaded);
      })
      .catch(() => {
        if (isCurrent) setFailed(true);
      });
    return () => {
      isCurrent = false;
      destroy?.();
    };
  }, [url]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setWidth(frame.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!document || !canvas || width <= 0) return;
    let task: RenderTask | undefined;
    let isCurrent = true;
    void document
      .getPage(pageNumber)
      .then((page) => {
        if (!isCurrent) return;
        const base = page.getViewport({ scale: 1 });
        // 100 % fills the frame's width; the canvas has device pixels so text stays sharp.
        const cssScale = (width / base.width) * (scalePercent / 100);
        const pixelRatio = Math.min(window.devicePixelRatio || 1, 3);
        const viewport = page.getViewport({ scale: cssScale * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / pixelRatio)}px`;
        task = page.render({ canvas, viewport });
        return task.promise;
      })
      .catch(() => {
        // A cancelled render (page or zoom changed meanwhile) is expected.
      });
    return () => {
      isCurrent = false;
      task?.cancel();
    };
  }, [document, pageNumber, scalePercent, width]);

  const pageCount = document?.numPages ?? 0;
  const zoom = (direction: 1 | -1) => {
    const next = scalePercent + direction * SCALE_STEP_PERCENT;
    if (next > MAX_SCALE_PERCENT) return void showToast({ content: t.pdf.maxScale });
    if (next < MIN_SCALE_PERCENT) return void showToast({ content: t.pdf.minScale });
    setScalePercent(next);
  };

  return (
    <section className="pdf-viewer" aria-label={t.pdf.document(title)}>
      <div className="pdf-viewer-frame" ref={frameRef}>
        {isFailed ? (
          <p className="pdf-viewer-message" role="alert">
            {t.pdf.loadFailed}
          </p>
        ) : !document ? (
          <p className="pdf-viewer-message" role="status">
            {t.common.loading}
          </p>
        ) : null}
        <canvas
          ref={canvasRef}
          className="pdf-viewer-canvas"
          hidden={!document || isFailed}
          role="img"
          aria-label={pageCount ? t.pdf.pageLabel(pageNumber, pageCount) : title}
        />
      </div>
      <div className="pdf-viewer-controls">
        <button
          type="button"
          className="pdf-viewer-button"
          onClick={() => setPageNumber((page) => Math.max(1, page - 1))}
          disabled={!document || pageNumber <= 1}
        >
          {t.pdf.previous}
        </button>
        <output className="pdf-viewer-page" aria-live="polite">
          {pageCount ? t.pdf.page(pageNumber, pageCount) : '- / -'}
        </output>
        <button
          type="button"
          className="pdf-viewer-button"
          onClick={() => setPageNumber((page) => Math.min(pageCount, page + 1))}
          disabled={!document || pageNumber >= pageCount}
        >
          {t.pdf.next}
        </button>
        <button
          type="button"
          className="pdf-viewer-button"
          aria-label={t.pdf.zoomOut}
          onClick={() => zoom(-1)}
          disabled={!document}
        >
          −
        </button>
        <span className="pdf-viewer-scale" aria-live="polite">
          {t.pdf.scale(scalePercent)}
        </span>
        <button
          type="button"
          className="pdf-viewer-button"
          aria-label={t.pdf.zoomIn}
          onClick={() => zoom(1)}
          disabled={!document}
        >
          +
        </button>
      </div>
    </section>
  );
};

export default PdfViewer;
