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
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // note: the basic UI kit (what ui/index.ts re-exports) is needed by the landing page anyway;
            // one chunk for it, so lazy pages importing its files one by one do not split it into many
            // small chunks the landing page would then preload one by one (DESIGN §8 budget).
            {
              name: 'ui',
              test: /\/src\/ui\/(alert|badge|button|card|cx|empty-state|page-header|spinner|text-field|index)\.tsx?$/,
            },
          ],
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
