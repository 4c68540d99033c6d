import type { TestProject } from 'vitest/node';

/**
 * Starts the real Photoshoot server (SQLite in a temp dir, 127.0.0.1, OS-chosen port) for the
 * component tests, through the server's own test harness; tests reach it with `inject('apiUrl')`.
 */
type Harness = {
  startServer(opts: { engine: 'sqlite' }): Promise<{ url: string; close(): Promise<void> }>;
};

// note: a computed path keeps the web app's type check (DOM lib) out of the server's sources.
const HARNESS = new URL('../../../server/test/support/harness.ts', import.meta.url).pathname;

let server: { close(): Promise<void> } | undefined;

export async function setup(project: TestProject): Promise<void> {
  const { startServer } = (await import(/* @vite-ignore */ HARNESS)) as Harness;
  const started = await startServer({ engine: 'sqlite' });
  server = started;
  project.provide('apiUrl', started.url);
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}
