// Whether the window is wide enough (an office PC, ≥ 1024 px) for the console's two panes: list and detail.
import { useEffect, useState } from 'react';

export const WIDE_QUERY = '(min-width: 1024px)';

const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;

export const useWideLayout = () => {
  const [isWide, setWide] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_QUERY);
    const update = () => setWide(query.matches);
    update();
    // Safari before 14 (iOS 12 included) has only the older addListener on a MediaQueryList.
    if (typeof query.addEventListener === 'function') {
      query.addEventListener('change', update);
      return () => query.removeEventListener('change', update);
    }
    query.addListener(update);
    return () => query.removeListener(update);
  }, []);
  return isWide;
};
