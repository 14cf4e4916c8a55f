// The worker's name and number drawn faintly over the payslip (antd-mobile's WaterMark), so a photo or screenshot of
// it on a shared phone says whose it is. Removed from the page or hidden by hand (the browser's tools, a script), it is
// put back as it was at once: the node React rendered is re-inserted where it was and its attributes restored, so
// React's own tree stays true.
import { WaterMark } from 'antd-mobile';
import { useLayoutEffect, useMemo, useRef } from 'react';

/** Canvas is what the watermark is drawn with; without it (an old WebView, a test DOM) nothing is drawn. */
const canDraw = () => {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
};

// Written for the old WebViews too: no getAttributeNames, no :scope.
const attributeNamesOf = (node: Element) => Array.from(node.attributes, (attribute) => attribute.name);

/** A node's attributes as they are now, to put back. */
const attributesOf = (node: Element) => new Map(attributeNamesOf(node).map((name) => [name, node.getAttribute(name)]));

/** Undoes whatever was set on the node since `kept` was taken. */
const keepAttributes = (node: Element, kept: Map<string, string | null>) => {
  for (const name of attributeNamesOf(node)) if (!kept.has(name)) node.removeAttribute(name);
  for (const [name, value] of kept)
    if (value !== null && node.getAttribute(name) !== value) node.setAttribute(name, value);
};

const markIn = (host: HTMLElement) =>
  Array.from(host.children).find((child): child is HTMLElement => child.classList.contains('adm-water-mark'));

/**
 * Watches the host's parent (which the host is taken from) and the host's own subtree: whatever is removed or changed
 * is put back. The mark counts as drawn once its image is in (WaterMark draws on a canvas after its first render).
 */
const guard = (host: HTMLElement) => {
  const parent = host.parentElement;
  if (!parent) return () => {};
  const hostAttributes = attributesOf(host);
  let mark: { node: HTMLElement; attributes: Map<string, string | null> } | undefined;
  const restore = (records: readonly MutationRecord[]) => {
    if (host.parentNode !== parent) {
      const removal = records.find((record) => Array.from(record.removedNodes).includes(host));
      const next = removal?.nextSibling?.parentNode === parent ? removal.nextSibling : null;
      parent.insertBefore(host, next);
    }
    keepAttributes(host, hostAttributes);
    if (!mark) {
      const node = markIn(host);
      if (node?.getAttribute('style')?.includes('url(')) mark = { node, attributes: attributesOf(node) };
      return;
    }
    if (mark.node.parentNode !== host) host.appendChild(mark.node);
    keepAttributes(mark.node, mark.attributes);
  };
  const observer = new MutationObserver(restore);
  observer.observe(parent, { childList: true, subtree: true, attributes: true });
  restore([]);
  return () => observer.disconnect();
};

export const GuardedWaterMark = ({ lines }: { lines: readonly string[] }) => {
  const hostRef = useRef<HTMLDivElement>(null);
  const isDrawable = useMemo(canDraw, []);
  // One array for the life of the lines (the page keeps them): WaterMark draws again whenever it gets a new one.
  const content = useMemo(() => [...lines], [lines]);
  // A layout effect: its clean-up runs before React itself removes the host on leaving, which must not be undone.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !isDrawable) return;
    return guard(host);
  }, [isDrawable]);
  if (!isDrawable) return null;
  return (
    <div ref={hostRef} className="salary-water-mark" aria-hidden="true">
      <WaterMark
        content={content}
        fullPage={false}
        zIndex={1}
        fontColor="rgba(0,0,0,.08)"
        fontSize={14}
        gapX={36}
        gapY={56}
      />
    </div>
  );
};
