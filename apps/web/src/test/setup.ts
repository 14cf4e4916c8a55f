// jsdom lacks a few browser APIs antd-mobile and the app use; tests get small stand-ins.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first screen of a file loads its lazy chunks through the transform: on 2 cores shared with other work (load
// average 13) that took several seconds. findBy/waitFor return as soon as the state is there, so a long limit costs
// nothing when the machine is quiet; it only decides how long a test that is really broken takes to say so.
configure({ asyncUtilTimeout: 15_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

if (!window.scrollTo) window.scrollTo = () => {};

// The signed-in shell opens the app's websocket; in component tests it never connects (lib/realtime.test.ts
// drives the client with a socket of its own).
class NeverConnectingSocket {
  readonly readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}
globalThis.WebSocket = NeverConnectingSocket as unknown as typeof WebSocket;
window.WebSocket = globalThis.WebSocket;

afterEach(async () => {
  cleanup();
  // Imported here, not at the top: a test file's vi.mock of a module the client uses must still apply.
  (await import('../lib/realtime')).stopRealtime();
  // The route gate keeps the page's query cache for the whole page load; every test is a new page load.
  (await import('../lib/query-client')).forgetPageQueryClient();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resets the session cookies between tests.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
