// The browsers the web app is built for (DESIGN §10) and what their runtimes lack; read by vite.config.ts and by
// the check of the built files (e2e/delivery.spec.ts).
//
// Android WebViews and WeChat/WeCom in-app browsers of the Chrome 64 class and iOS Safari 12+ all run ES modules,
// dynamic import() and import.meta, so one module build serves them (no nomodule/SystemJS copy): its syntax is
// lowered to these browsers, and the few newer APIs that the shipped code calls unguarded are polyfilled.

/** browserslist query of the supported browsers. */
export const BROWSERS = 'chrome >= 64, safari >= 12, ios_saf >= 12';

/**
 * Polyfills in one small module script that index.html loads before the app's entry (so on every page, /login
 * included): each is something the app or a library it loads before sign-in or on the everyday screens calls
 * without checking for it first. `feature` is es-check's name for it, where it has one: the check of the built
 * files accepts it because of this polyfill. pdf.js gets its own polyfills with its chunk
 * (build/pdfjs-for-old-browsers.ts).
 */
export const POLYFILLS_BEFORE_ENTRY = [
  // zod reads globalThis when it loads (Chrome 71, Safari 12.1); the password hashing too.
  { module: 'core-js/modules/es.global-this.js', feature: 'globalThis' },
  // zod's enums, built when the contract loads (Chrome 73, Safari 12.1).
  { module: 'core-js/modules/es.object.from-entries.js', feature: 'ObjectFromEntries' },
  // The home menu, the paged lists, zod and react-router (Chrome 69).
  { module: 'core-js/modules/es.array.flat.js', feature: 'ArrayFlat' },
  { module: 'core-js/modules/es.array.flat-map.js', feature: 'ArrayFlatMap' },
  // zod (Chrome 66); es-check does not track it.
  { module: 'core-js/modules/es.string.trim-start.js', feature: undefined },
  // Every server call: TanStack Query and the API client create an AbortController (Chrome 66; Safari 12.0 has
  // one that cannot abort fetch). Not in core-js; this one also makes fetch reject when its signal aborts.
  { module: 'abortcontroller-polyfill/dist/polyfill-patch-fetch.js', feature: undefined },
] as const;

/**
 * Features es-check reports in the built files that these browsers run all the same, with the reason. Anything
 * else it reports fails the check.
 */
export const ACCEPTED_FEATURES: Record<string, string> = {
  // es-check files it under ES2020 and reports it whatever its own browser data says (Chrome 63, Safari 11.1).
  DynamicImport: 'supported by every target browser',
};

/**
 * What es-check also reports in pdf.js's chunk and worker once their polyfills (core-js, by usage) are accounted
 * for: built-ins no polyfill can provide, which pdf.js reaches only for what the handbook does not use.
 */
export const PDFJS_ACCEPTED_FEATURES: Record<string, string> = {
  BigInt: "core-js's own guarded probes, and the wasm image decoders",
  BigInt64Array: 'the wasm image decoders and a typed-array check in the worker',
  BigUint64Array: 'the wasm image decoders and a typed-array check in the worker',
  Float16Array: 'behind a feature test',
  FinalizationRegistry: 'ICC colour profiles, decoded in wasm',
  WeakRef: 'images in the text layer, which the viewer does not draw',
};
