// The phone's back button and Esc close an open sheet instead of leaving the page and losing what was
// typed: while the sheet is open it owns one history entry of its own (same URL), which back takes off.
// Sheets and pickers may open over one another (a date picker in a record's sheet): they form a stack, and
// back or Esc closes only the top one.
import { useEffect, useRef } from 'react';

type SheetHistoryState = { essSheet?: string } | null;

type OpenSheet = { marker: string; closeRef: { current: (() => void) | undefined }; isTakenOffByBack: boolean };

/** The open sheets, the last one on top. */
const openSheets: OpenSheet[] = [];

const markerOfState = () => (window.history.state as SheetHistoryState)?.essSheet;

let isListening = false;
const listenOnce = () => {
  if (isListening) return;
  isListening = true;
  window.addEventListener('popstate', () => {
    // Back took off the entries above the one now current: close their sheets, the top one first.
    const current = markerOfState();
    const below = openSheets.findIndex((sheet) => sheet.marker === current);
    const popped = openSheets.slice(below + 1).reverse();
    for (const sheet of popped) {
      sheet.isTakenOffByBack = true;
      sheet.closeRef.current?.();
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = openSheets[openSheets.length - 1];
    if (!top) return;
    event.preventDefault();
    top.closeRef.current?.();
  });
};

export const useBackToClose = (isOpen: boolean, close: (() => void) | undefined) => {
  const closeRef = useRef(close);
  closeRef.current = close;
  const isClosable = Boolean(close);

  useEffect(() => {
    if (!isOpen || !isClosable) return;
    listenOnce();
    const marker = `sheet-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    // The router's own state (key, index) is kept, so for the router this entry is the same location.
    window.history.pushState({ ...(window.history.state ?? {}), essSheet: marker }, '');
    const sheet: OpenSheet = { marker, closeRef, isTakenOffByBack: false };
    openSheets.push(sheet);
    return () => {
      const index = openSheets.indexOf(sheet);
      if (index >= 0) openSheets.splice(index, 1);
      // Closed from the sheet itself: take its entry off again, unless back already did or a navigation
      // has put another entry on top.
      if (!sheet.isTakenOffByBack && markerOfState() === marker) window.history.back();
    };
  }, [isOpen, isClosable]);
};
