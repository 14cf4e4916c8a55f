// The phone's back button and Esc close an open sheet instead of leaving the page and losing what was
// typed: while the sheet is open it owns one history entry of its own (same URL), which back takes off.
import { useEffect, useRef } from 'react';

type SheetHistoryState = { essSheet?: string } | null;

export const useBackToClose = (isOpen: boolean, close: (() => void) | undefined) => {
  const closeRef = useRef(close);
  closeRef.current = close;
  const isClosable = Boolean(close);

  useEffect(() => {
    if (!isOpen || !isClosable) return;
    const marker = `sheet-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    // The router's own state (key, index) is kept, so for the router this entry is the same location.
    window.history.pushState({ ...(window.history.state ?? {}), essSheet: marker }, '');
    let isTakenOffByBack = false;
    const closeOnBack = () => {
      isTakenOffByBack = true;
      closeRef.current?.();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current?.();
    };
    window.addEventListener('popstate', closeOnBack);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      window.removeEventListener('popstate', closeOnBack);
      document.removeEventListener('keydown', closeOnEscape);
      // Closed from the sheet itself: take its entry off again, unless back already did or a navigation
      // has put another entry on top.
      const state = window.history.state as SheetHistoryState;
      if (!isTakenOffByBack && state?.essSheet === marker) window.history.back();
    };
  }, [isOpen, isClosable]);
};
