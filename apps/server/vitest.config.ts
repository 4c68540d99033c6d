import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on a two-core CI machine, which
// then idles a core while most files wait on sockets, timers and the database. Files are isolated
// (own data directory, own port, own PostgreSQL schema), so two may always run side by side.
const workers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
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
