// Build and dev server of the web app; the dev server forwards API and websocket calls to the local server.
// The build serves the old phones of DESIGN §10 (build/browsers.ts).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

const LOGIN_PAGE = '/src/features/account/login-page.tsx';

/**
 * /login is the screen every worker waits for on a weak network, and the entry asks for its chunks only once it
 * has run. index.html names them (modulepreload, and preload for their styles), so they download beside the entry,
 * at low priority so that the entry and its stylesheet still come first. Other routes pay for it once at most: the
 * files are hashed and cached as immutable.
 */
const preloadLoginScreen = (): Plugin => {
  let base = '/';
  return {
    name: 'ess:preload-login-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
        );
        const login = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(LOGIN_PAGE));
        if (!login) throw new Error(`no chunk for ${LOGIN_PAGE}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(login.fileName);
        const isInHtml = (file: string) => html.includes(`"${base}${file}"`);
        return [
          ...[...scripts].filter((file) => !isInHtml(file)).map((file) => ({ rel: 'modulepreload', href: file })),
          ...[...styles].filter((file) => !isInHtml(file)).map((file) => ({ rel: 'preload', as: 'style', href: file })),
        ].map(({ href, ...attrs }) => ({
          tag: 'link',
          attrs: { ...attrs, fetchpriority: 'low', crossorigin: true, href: `${base}${href}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
};

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|pdf|txt|xml|webmanifest)$/;
// Smaller files save a few dozen bytes at most, next to a kilobyte of response headers.
const MIN_COMPRESSIBLE_BYTES = 256;
// A copy that saves less than a tenth is not worth the decompression on a slow phone.
const MAX_COMPRESSED_RATIO = 0.9;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each text file of the build, which
 * the server sends as they are to browsers that take them (@fastify/static `preCompressed`); built once here, so
 * no request pays for compression. The pdf.js worker and public/ (the handbook PDF) are included.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'ess:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      const files = await readdir(outDir, { recursive: true });
      // The build manifest (.vite/) is for the tooling, not for browsers.
      const candidates = files.filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'));
      for (const file of candidates) {
        const fullPath = path.join(outDir, file);
        if ((await stat(fullPath)).size < MIN_COMPRESSIBLE_BYTES) continue;
        const content = await readFile(fullPath);
        const copies = [
          ['br', await compressBrotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
          ['gz', await compressGzip(content, { level: 9 })],
        ] as const;
        for (const [extension, compressed] of copies) {
          if (compressed.length <= content.length * MAX_COMPRESSED_RATIO) {
            await writeFile(`${fullPath}.${extension}`, compressed);
          }
        }
      }
    },
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
    preloadLoginScreen(),
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
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
});
