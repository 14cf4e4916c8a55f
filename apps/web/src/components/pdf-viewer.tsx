// A PDF inside the app with pdf.js: one page at a time, previous/next, zoom 40–100 % in steps of 10 and by
// pinching. 100 % is the page's printed size (one CSS pixel per PDF point), panned sideways on a phone; the
// viewer opens at the size that fits the width. pdf.js (and its same-origin worker, CSP worker-src 'self')
// downloads only when a viewer mounts.
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { showToast } from '../lib/toast';
import './pdf-viewer.css';

export const MIN_SCALE_PERCENT = 40;
export const MAX_SCALE_PERCENT = 100;
export const SCALE_STEP_PERCENT = 10;
const MIN_SCALE = MIN_SCALE_PERCENT / 100;
const MAX_SCALE = MAX_SCALE_PERCENT / 100;
/** The canvas' margin on each side (pdf-viewer.css), left out of the width a page fits into. */
const PAGE_MARGIN_PX = 8;
/**
 * Device pixels of the page's bitmap at most: an A4 page at 100 % on a 3× screen (4.5 M) fits; cheap phones
 * run out of canvas memory well before iOS' 16.7 M limit.
 */
const MAX_CANVAS_PIXELS = 5_000_000;

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

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
/** Scales differ by whole percents only, so a pinch that barely moved renders nothing again. */
const roundScale = (scale: number) => Math.round(scale * 100) / 100;

/** The next scale a zoom button goes to: the next multiple of 10 % (the fitted size may lie between two). */
const stepScale = (scale: number, direction: 1 | -1) => {
  const steps = (scale * 100) / SCALE_STEP_PERCENT;
  const next = direction > 0 ? Math.floor(steps + 1e-6) + 1 : Math.ceil(steps - 1e-6) - 1;
  return (next * SCALE_STEP_PERCENT) / 100;
};

type Point = { x: number; y: number };
const midpointOf = (touches: TouchList): Point => {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 } : { x: 0, y: 0 };
};
const distanceOf = (touches: TouchList) => {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};

/**
 * Tiles a watermark over a drawn page, in the bitmap itself, so a screenshot carries it. `unit` is device pixels
 * per CSS pixel.
 */
export const drawWatermark = (canvas: HTMLCanvasElement, text: string, unit: number) => {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.save();
  context.font = `${Math.round(15 * unit)}px sans-serif`;
  context.fillStyle = 'rgba(120, 120, 120, 0.22)';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const [stepX, stepY] = [Math.max(190, context.measureText(text).width / unit + 60) * unit, 120 * unit];
  const diagonal = Math.hypot(canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate(-Math.PI / 6);
  for (let y = -diagonal / 2; y < diagonal / 2; y += stepY) {
    const shift = (Math.round(y / stepY) % 2) * (stepX / 2);
    for (let x = -diagonal / 2; x < diagonal / 2; x += stepX) context.fillText(text, x + shift, y);
  }
  context.restore();
};

export type PdfViewerProps = {
  url: string;
  title: string;
  /** Text drawn over every page (the reader's name and number, the company's name). */
  watermark?: string;
};

export const PdfViewer = ({ url, title, watermark }: PdfViewerProps) => {
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [page, setPage] = useState<PDFPageProxy>();
  const [isFailed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  /** CSS pixels per PDF point: 1 is 100 %; unknown until the page and the frame's width are. */
  const [scale, setScale] = useState<number>();
  /** Until the reader zooms, the page keeps fitting the width (a turned phone fits again). */
  const [isFittingWidth, setFittingWidth] = useState(true);
  const [width, setWidth] = useState(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  /** Where the frame should scroll once the page has been drawn at a pinched scale (keeps the fingers' spot). */
  const pendingScrollRef = useRef<Point>();

  useEffect(() => {
    let isCurrent = true;
    let destroy: (() => void) | undefined;
    setDocument(undefined);
    setFailed(false);
    setPageNumber(1);
    setFittingWidth(true);
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
    if (!document) return;
    let isCurrent = true;
    document
      .getPage(pageNumber)
      .then((loaded) => {
        if (isCurrent) setPage(loaded);
      })
      .catch(() => {
        if (isCurrent) setFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [document, pageNumber]);

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
    if (!page || width <= 0 || !isFittingWidth) return;
    const pageWidth = page.getViewport({ scale: 1 }).width;
    setScale(roundScale(clampScale((width - 2 * PAGE_MARGIN_PX) / pageWidth)));
  }, [page, width, isFittingWidth]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!page || !canvas || scale === undefined) return;
    const viewport = page.getViewport({ scale });
    const cssWidth = Math.floor(viewport.width);
    const cssHeight = Math.floor(viewport.height);
    // Sharp text: the bitmap has the screen's device pixels, within what a cheap phone's memory allows.
    const pixelRatio = Math.min(
      window.devicePixelRatio || 1,
      3,
      Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, cssWidth * cssHeight)),
    );
    // Drawn off screen and copied in when done: the page on screen never goes blank while a new size renders.
    const offscreen = window.document.createElement('canvas');
    const deviceViewport = page.getViewport({ scale: scale * pixelRatio });
    offscreen.width = Math.floor(deviceViewport.width);
    offscreen.height = Math.floor(deviceViewport.height);
    const task: RenderTask = page.render({ canvas: offscreen, viewport: deviceViewport });
    let isCurrent = true;
    task.promise
      .then(() => {
        if (!isCurrent) return;
        canvas.width = offscreen.width;
        canvas.height = offscreen.height;
        canvas.getContext('2d')?.drawImage(offscreen, 0, 0);
        if (watermark) {
          drawWatermark(canvas, watermark, pixelRatio);
          canvas.dataset.watermark = watermark;
        }
        canvas.style.width = `${cssWidth}px`;
        canvas.style.height = `${cssHeight}px`;
        canvas.style.transform = '';
        const scroll = pendingScrollRef.current;
        const frame = frameRef.current;
        if (scroll && frame) {
          frame.scrollLeft = scroll.x;
          frame.scrollTop = scroll.y;
        }
        pendingScrollRef.current = undefined;
      })
      .catch(() => {
        // A cancelled render (page or zoom changed meanwhile) is expected.
      })
      .finally(() => {
        offscreen.width = 0;
        offscreen.height = 0;
      });
    return () => {
      isCurrent = false;
      task.cancel();
    };
  }, [page, scale, watermark]);

  useEffect(() => {
    // Two fingers zoom the page. While they move only a CSS transform follows them; the page is drawn again
    // once, when they lift.
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    if (!frame || !canvas) return;
    let gesture: { distance: number; scale: number; origin: Point; midpoint: Point } | undefined;
    let ratio = 1;
    let frameRequest = 0;
    const onStart = (event: TouchEvent) => {
      const startScale = scaleRef.current;
      if (event.touches.length !== 2 || startScale === undefined) return;
      const bounds = canvas.getBoundingClientRect();
      const midpoint = midpointOf(event.touches);
      gesture = {
        distance: Math.max(1, distanceOf(event.touches)),
        scale: startScale,
        origin: { x: midpoint.x - bounds.left, y: midpoint.y - bounds.top },
        midpoint,
      };
      ratio = 1;
      canvas.style.transformOrigin = `${gesture.origin.x}px ${gesture.origin.y}px`;
    };
    const onMove = (event: TouchEvent) => {
      if (!gesture || event.touches.length !== 2) return;
      // Not the browser's own page zoom (older iOS ignores touch-action: pan-x pan-y).
      event.preventDefault();
      ratio = clampScale((gesture.scale * distanceOf(event.touches)) / gesture.distance) / gesture.scale;
      if (frameRequest) return;
      frameRequest = window.requestAnimationFrame(() => {
        frameRequest = 0;
        canvas.style.transform = `scale(${ratio})`;
      });
    };
    const onEnd = (event: TouchEvent) => {
      if (!gesture || event.touches.length >= 2) return;
      const { scale: startScale, origin, midpoint } = gesture;
      gesture = undefined;
      window.cancelAnimationFrame(frameRequest);
      frameRequest = 0;
      const next = roundScale(startScale * ratio);
      if (next === startScale) {
        canvas.style.transform = '';
        return;
      }
      // The spot under the fingers stays under them once the page is drawn at the new size.
      const frameBounds = frame.getBoundingClientRect();
      const applied = next / startScale;
      pendingScrollRef.current = {
        x: canvas.offsetLeft + origin.x * applied - (midpoint.x - frameBounds.left),
        y: canvas.offsetTop + origin.y * applied - (midpoint.y - frameBounds.top),
      };
      setFittingWidth(false);
      setScale(next);
    };
    frame.addEventListener('touchstart', onStart, { passive: true });
    frame.addEventListener('touchmove', onMove, { passive: false });
    frame.addEventListener('touchend', onEnd);
    frame.addEventListener('touchcancel', onEnd);
    return () => {
      window.cancelAnimationFrame(frameRequest);
      frame.removeEventListener('touchstart', onStart);
      frame.removeEventListener('touchmove', onMove);
      frame.removeEventListener('touchend', onEnd);
      frame.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const pageCount = document?.numPages ?? 0;
  const zoom = (direction: 1 | -1) => {
    if (scale === undefined) return;
    const next = stepScale(scale, direction);
    if (next > MAX_SCALE + 1e-6) return void showToast({ content: t.pdf.maxScale });
    if (next < MIN_SCALE - 1e-6) return void showToast({ content: t.pdf.minScale });
    setFittingWidth(false);
    setScale(next);
  };
  const isReady = Boolean(document) && scale !== undefined;

  return (
    <section className="pdf-viewer" aria-label={t.pdf.document(title)}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so a keyboard pans the page. */}
      <div className="pdf-viewer-frame" ref={frameRef} tabIndex={0}>
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
          onClick={() => setPageNumber((current) => Math.max(1, current - 1))}
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
          onClick={() => setPageNumber((current) => Math.min(pageCount, current + 1))}
          disabled={!document || pageNumber >= pageCount}
        >
          {t.pdf.next}
        </button>
        <button
          type="button"
          className="pdf-viewer-button"
          aria-label={t.pdf.zoomOut}
          onClick={() => zoom(-1)}
          disabled={!isReady}
        >
          −
        </button>
        <span className="pdf-viewer-scale" aria-live="polite">
          {scale === undefined ? '' : t.pdf.scale(Math.round(scale * 100))}
        </span>
        <button
          type="button"
          className="pdf-viewer-button"
          aria-label={t.pdf.zoomIn}
          onClick={() => zoom(1)}
          disabled={!isReady}
        >
          +
        </button>
      </div>
    </section>
  );
};

export default PdfViewer;
