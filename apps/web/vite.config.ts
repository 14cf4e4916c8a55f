// Build and dev server of the web app; the dev server forwards API and websocket calls to the local server.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
