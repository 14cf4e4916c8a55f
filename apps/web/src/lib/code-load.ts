// A screen's code that does not arrive (the network dropped, the server restarted, or a redeploy removed the old
// files) must not take the app down: a lazy component made here fails with a CodeLoadError that a LoadBoundary
// (components/load-boundary.tsx) shows in place of the screen, and its 重试 loads the code again. React remembers a lazy
// component's failed load for good, so a retry needs a new one: each failed load leaves a reset behind.
import { type ComponentProps, type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

export class CodeLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'CodeLoadError';
  }
}

const resetsOfFailedLoads = new Set<() => void>();

/** Like React's lazy, but a load that failed is tried again after `retryFailedLoads()`. */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React's own lazy takes.
export const retryableLazy = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T => {
  let current: LazyExoticComponent<T>;
  const reset = () => {
    current = lazy(() =>
      load().catch((cause: unknown) => {
        resetsOfFailedLoads.add(reset);
        throw new CodeLoadError(cause);
      }),
    );
  };
  reset();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React's lazy is.
  const Loaded = (props: ComponentProps<T>) => createElement(current, props);
  return Loaded as unknown as T;
};

/** Every lazy component whose load failed loads again when next rendered. */
export const retryFailedLoads = () => {
  for (const reset of resetsOfFailedLoads) reset();
  resetsOfFailedLoads.clear();
};

/** The app's own script files named by the page the browser is showing (the entry, its polyfills). */
const ownScripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'))
    .map((script) => new URL(script.src, window.location.href).pathname)
    .filter((pathname) => pathname.startsWith('/assets/'));

/**
 * What the server answers now: `new` when the page it sends names other script files than the ones this page runs
 * (their names carry a hash of their content: a redeploy), `same` for this version, `unreachable` when it does not
 * answer (or answers with an error).
 */
export const servedVersion = async (): Promise<'new' | 'same' | 'unreachable'> => {
  try {
    const response = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return 'unreachable';
    const html = await response.text();
    return ownScripts().every((script) => html.includes(script)) ? 'same' : 'new';
  } catch {
    return 'unreachable';
  }
};

const RELOADED_AT_KEY = 'ess-reloaded-for-code';
/** A reload is not repeated within this time: a page whose code fails after it shows its error instead. */
const RELOAD_GUARD_MS = 60_000;

/** Reloads the page once (to the version the server serves); false when it did so a moment ago. */
export const reloadOnce = (): boolean => {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false; // storage refused (a private tab of an old browser): without the guard a reload could loop
  }
  window.location.reload();
  return true;
};
