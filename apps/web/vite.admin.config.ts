// Build of the HR console (/admin, admin.html): a second build into the same dist/, after the employee app's, so
// that antd and the console's code can never end up in a chunk the phones load (docs/decisions.md, "HR console
// shape"). Office PCs and tablets run current browsers: no legacy lowering or polyfills here.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

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
    rollupOptions: { input: { admin: 'admin.html' } },
  },
});
