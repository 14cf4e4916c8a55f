// Build of the HR console (/admin, admin.html): a second build into the same dist/, after the employee app's, so
// that antd and the console's code can never end up in a chunk the phones load (docs/decisions.md, "HR console
// shape"). Office PCs and tablets run current browsers: no legacy lowering or polyfills here.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

/**
 * The code every console page shares, in chunks of its own, cached across pages and releases of the pages: after
 * the first page, a visit of another downloads only that page's chunk. The rest (the pages, the app's toast widget
 * the console never shows, the hash used only on plain http) is left to Rollup.
 */
const VENDOR_CHUNKS: [name: string, pattern: RegExp][] = [
  [
    'vendor-react',
    /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//,
  ],
  ['vendor-query', /\/node_modules\/@tanstack\//],
  ['vendor-contract', /\/node_modules\/zod\/|\/packages\/contract\//],
  [
    'vendor-antd',
    /\/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+|@emotion|stylis|dayjs|classnames|clsx|@babel\/runtime|react-is|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|resize-observer-polyfill)\//,
  ],
  // The console's own shared pieces (api client, realtime, query client, forms, tables, dialogs): tiny, but a page
  // that met them first would otherwise leave them for the next page to download. The app's question component
  // (antd-mobile) stays with the one page that previews questions: in the shared chunk it would tie the two in a
  // cycle of chunks that fails at start.
  [
    'console-common',
    /\/apps\/web\/src\/(lib\/(?!toast-view)|components\/(?!paper-form)|admin\/(components|api)\/|admin\/(download|plant-options)\.ts)/,
  ],
];

const vendorChunkOf = (id: string) => VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0];

export default defineConfig({
  plugins: [react(), precompress({ onlyOwnFiles: true })],
  build: {
    // The employee app was built into dist/ just before; its files stay.
    emptyOutDir: false,
    // Under assets/ (hashed, cached for good by the server), in a folder of its own.
    assetsDir: 'assets/admin',
    // The employee build's manifest (.vite/manifest.json) is read by scripts/measure-login-js.mjs.
    manifest: '.vite/admin-manifest.json',
    target: ['chrome100', 'edge100', 'firefox100', 'safari15'],
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input: { admin: 'admin.html' }, output: { manualChunks: vendorChunkOf } },
  },
});
