// Going back to a screen (home, a list) finds it where it was left. The app scrolls inside its own
// content element, which the browser's scroll restoration does not know, so positions are kept here
// per history entry and put back on a back/forward navigation once the content is tall enough again.
import { type RefObject, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const RESTORE_FOR_MS = 2000;
const positions = new Map<string, number>();

export const useScrollMemory = (scroller: RefObject<HTMLElement | null>) => {
  const { key } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one restore and one save per history entry.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    let isTouchedByUser = false;
    const stopRestoring = () => {
      isTouchedByUser = true;
    };
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (saved) {
      element.addEventListener('touchstart', stopRestoring, { passive: true });
      element.addEventListener('wheel', stopRestoring, { passive: true });
      const started = Date.now();
      // Lists and lazy screens render over a few frames: try until the position holds or time is up.
      const restore = () => {
        if (isTouchedByUser) return;
        element.scrollTop = saved;
        if (Math.abs(element.scrollTop - saved) > 1 && Date.now() - started < RESTORE_FOR_MS) {
          frame = requestAnimationFrame(restore);
        }
      };
      restore();
    }
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('touchstart', stopRestoring);
      element.removeEventListener('wheel', stopRestoring);
      positions.set(key, element.scrollTop);
    };
  }, [key]);
};
