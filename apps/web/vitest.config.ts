import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests: jsdom + Testing Library, talking to the real API server that
// src/testing/global-setup.ts starts on a loopback port with a throwaway SQLite database.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['src/testing/global-setup.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // note: one server, one auth store per file; files run in parallel workers, each with its own jsdom.
    pool: 'forks',
    // At least two, also on a two-core machine (Vitest's default there is one): most of a file's
    // time is spent waiting on the API server, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
