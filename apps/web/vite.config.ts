// Build and dev server of the web app; the dev server forwards API and websocket calls to the local server.
// The build serves the old phones of DESIGN §10 (build/browsers.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import legacy from '@vitejs/plugin-legacy';
import react from '@vitejs/plugin-react';
import type { GetManualChunk } from 'rollup';
import { defineConfig, type Plugin } from 'vite';
import { BROWSERS, POLYFILLS_BEFORE_ENTRY } from './build/browsers';
import { pdfJsForOldBrowsers } from './build/pdfjs-for-old-browsers';
import { precompress } from './build/precompress';

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

/**
 * The documents the server chooses between (apps/server/src/http/web-app.ts). A screen's code is asked for only
 * once the entry has run; each document names the chunks of the screen it is for (modulepreload), so they download
 * beside the entry instead of one round trip after it: on a weak network that round trip is the dearest. Without a
 * session the next screen is /login; with one it is the route gate (every signed-in screen), and on / and /home the
 * home screen and its first call too. Low priority, so that the entry and the stylesheet still come first and the
 * page paints its loading state as soon as they are in. A wrong guess costs a few kilobytes once: the files are
 * hashed and cached as immutable.
 */
const DOCUMENTS = [
  { file: 'index.html', modules: ['/src/features/account/login-page.tsx'] },
  { file: 'app.html', modules: ['/src/app/route-gate.tsx'] },
  {
    file: 'home.html',
    modules: [
      '/src/app/route-gate.tsx',
      '/src/features/home/home-page.tsx',
      '/src/features/home/api/get-banner-list.ts',
    ],
  },
] as const;

const preloadScreens = (): Plugin => {
  let base = '/';
  let outDir = '';
  /** Each document's preload tags; index.html is written with its own, the others are copies with theirs. */
  const linksOf = new Map<string, string>();
  return {
    name: 'ess:preload-screens',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = [...Object.values(bundle ?? {})].flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const chunkByFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const isInHtml = (file: string) => html.includes(`"${base}${file}"`);
        for (const { file, modules } of DOCUMENTS) {
          const scripts = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = chunkByFile.get(fileName);
            if (!chunk || scripts.has(fileName)) return;
            scripts.add(fileName);
            for (const imported of chunk.imports) visit(imported);
          };
          for (const module of modules) {
            // The chunk holding the module: a screen's own, or a shared one a small module was folded into.
            const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
            if (!chunk) throw new Error(`no chunk holds ${module}`);
            visit(chunk.fileName);
          }
          const links = [...scripts]
            .filter((script) => !isInHtml(script))
            .map(
              (script) => `\n    <link rel="modulepreload" href="${base}${script}" fetchpriority="low" crossorigin>`,
            );
          linksOf.set(file, links.join(''));
        }
        return html.replace(/\n\s*<\/head>/, `${linksOf.get('index.html')}\n  </head>`);
      },
    },
    async writeBundle() {
      const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const indexLinks = linksOf.get('index.html') ?? '';
      if (!indexHtml.includes(indexLinks)) throw new Error('index.html lost its preload links');
      for (const { file } of DOCUMENTS) {
        if (file !== 'index.html')
          await writeFile(path.join(outDir, file), indexHtml.replace(indexLinks, linksOf.get(file) ?? ''));
      }
    },
  };
};

/**
 * What /login downloads, each in a chunk that holds its own modules and nothing else: the entry (walked from
 * index.html), the sign-in screen and the sign-in call it fetches on idle. `experimentalMinChunkSize` merges a small
 * shared chunk into another chunk that is loaded whenever it is: the entry is loaded always, and a tiny chunk costs
 * little to load anywhere, so icons, helpers and texts of other screens ended up in what /login downloads
 * (docs/decisions.md, "/login size"). Rollup merges small chunks only among the chunks it made itself, so these are
 * named as manual chunks: each takes the modules reached by static imports from its start, those of an earlier
 * one excepted. A manual chunk also takes every static import of its modules that no manual chunk holds yet, so
 * one start that reached a library's index module (`import { Button } from 'antd-mobile'`) would take the whole
 * library; the /login budget (scripts/measure-login-js.mjs, e2e/login-size.spec.ts) would show it.
 */
const OWN_CHUNKS = [
  { name: 'index', start: '/index.html' },
  { name: 'login-page', start: '/src/features/account/login-page.tsx' },
  { name: 'check-login-call', start: '/src/features/account/api/check-login-call.ts' },
  // Not on /login: the query library in one chunk, loaded with the first screen that queries. Left to the merging,
  // its parts were spread over four chunks, as each lazy screen uses a different part of it.
  { name: 'query-scope', start: '/src/app/query-scope.tsx' },
] as const;

const ownChunks = (): GetManualChunk => {
  let chunkOf: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!chunkOf) {
      const assigned = new Map<string, string>();
      const ids = [...getModuleIds()];
      for (const { name, start } of OWN_CHUNKS) {
        const first = ids.find((moduleId) => moduleId.endsWith(start));
        if (!first) throw new Error(`no module ${start} for the ${name} chunk`);
        const modules = new Set([first]);
        for (const moduleId of modules) {
          if (assigned.has(moduleId)) continue;
          assigned.set(moduleId, name);
          for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) modules.add(imported);
        }
      }
      chunkOf = assigned;
    }
    return chunkOf.get(id);
  };
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
    preloadScreens(),
    precompress(),
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
    // Fewer, larger chunks: on HTTP/1.1 a phone opens six connections to the server, and every further round of
    // tiny chunks (antd-mobile's many components) waits its turn. 96 chunks became 57; /home 86 requests → 58.
    rollupOptions: { output: { experimentalMinChunkSize: 20_000, manualChunks: ownChunks() } },
    // One stylesheet for the whole app (55 KB, 9.5 KB brotli), render-blocking in index.html: per-chunk
    // stylesheets were 17 more requests on /home, each a round trip on one of a phone's six connections.
    cssCodeSplit: false,
  },
});
