import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on a two-core CI machine, which
// then idles a core while most files wait on sockets, timers and the database. Files are isolated
// (own data directory, own port, own PostgreSQL schema), so two may always run side by side.
const workers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  // The contract's body schemas run from source in tests; built code reads their compiled copy.
  resolve: {
    alias: {
      '@photoshoot/contract/bodies': fileURLToPath(
        new URL('../../packages/contract/src/bodies/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    restoreMocks: true,
  },
});
