// Build and dev server of the web app; the dev server forwards API and websocket calls to the local server.
// The build serves the old phones of DESIGN §10 (build/browsers.ts).
import legacy from '@vitejs/plugin-legacy';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BROWSERS, POLYFILLS_BEFORE_ENTRY } from './build/browsers';
import { pdfJsForOldBrowsers } from './build/pdfjs-for-old-browsers';

const SERVER = 'http://127.0.0.1:8080';

/**
 * zod builds its int64/uint64 ranges with BigInt() as it loads; Chrome 64–66 and iOS Safari before 14 have no
 * BigInt, so the whole chunk with the contract failed there. Inside zod's own modules BigInt falls back to Number
 * on those browsers: the app has no bigint schemas, and where BigInt exists nothing changes.
 */
const zodWithoutBigInt: Plugin = {
  name: 'ess:zod-without-bigint',
  apply: 'build',
  transform(code, id) {
    if (!/\/node_modules\/zod\//.test(id) || !/\bBigInt\(/.test(code)) return null;
    return { code: `const BigInt = globalThis.BigInt || Number;\n${code}`, map: null };
  },
};

export default defineConfig({
  plugins: [
    react(),
    // Only the module build (renderLegacyChunks: false): every supported browser runs ES modules. The plugin sets
    // build.target from `modernTargets` and puts the polyfills in a module script before the entry.
    legacy({
      renderLegacyChunks: false,
      modernTargets: BROWSERS,
      modernPolyfills: POLYFILLS_BEFORE_ENTRY.filter(({ module }) => module.startsWith('core-js/')).map(({ module }) =>
        module.replace(/^core-js\/modules\/(.*)\.js$/, '$1'),
      ),
      additionalModernPolyfills: POLYFILLS_BEFORE_ENTRY.filter(({ module }) => !module.startsWith('core-js/')).map(
        ({ module }) => module,
      ),
    }),
    zodWithoutBigInt,
    pdfJsForOldBrowsers({ browsers: BROWSERS }),
  ],
  server: {
    proxy: {
      '/api': SERVER,
      '/ws': { target: SERVER, ws: true },
    },
  },
  build: {
    // scripts/measure-login-js.mjs reads the manifest to find what /login loads.
    manifest: true,
    // The pdf.js build and its worker are large by nature and only load when a PDF opens.
    chunkSizeWarningLimit: 1500,
  },
});
