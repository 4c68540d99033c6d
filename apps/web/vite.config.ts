import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress';
import { prerenderHome } from './vite-plugins/prerender-home';
import { routeManifest } from './vite-plugins/route-manifest';

// The Photoshoot server (apps/server) serves the built app from apps/web/dist and the API under /api.
// In development, Vite serves the app and forwards /api (including realtime SSE) to a local server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), routeManifest(), prerenderHome(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The landing page's initial JavaScript is budgeted (scripts/check-bundle.mjs).
    rolldownOptions: {
      // note: importing the ui kit has no effects, so the barrel does not drag the forms' fields
      // (forwardRef calls look like effects) into the landing page when it only wants a button.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]ui[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // note: one chunk for everything the entry statically needs; left alone, rolldown cut it
          // into ~15 shared chunks, each gzipped on its own with its import/export glue (~5 KB).
          groups: [{ name: 'landing', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8090', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8090', changeOrigin: true },
    },
  },
});
