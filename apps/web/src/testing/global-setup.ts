import type { TestProject } from 'vitest/node';

/**
 * Starts the real Photoshoot server (SQLite in a temp dir, 127.0.0.1, OS-chosen port) for the
 * component tests, through the server's own test harness; tests reach it with `inject('apiUrl')`.
 */
type Harness = {
  startServer(opts: { engine: 'sqlite' }): Promise<{
    url: string;
    superuser(): Promise<{ collection(name: string): { create(body: object): Promise<unknown> } }>;
    close(): Promise<void>;
  }>;
};

/** The operator the back-office tests sign in as (a superuser of the test server). */
const OPERATOR = { email: 'web-tests-operator@example.com', password: 'operator-password-456' };

// note: a computed path keeps the web app's type check (DOM lib) out of the server's sources.
const HARNESS = new URL('../../../server/test/support/harness.ts', import.meta.url).pathname;

let server: { close(): Promise<void> } | undefined;

export async function setup(project: TestProject): Promise<void> {
  const { startServer } = (await import(/* @vite-ignore */ HARNESS)) as Harness;
  const started = await startServer({ engine: 'sqlite' });
  server = started;
  project.provide('apiUrl', started.url);
  // note: made through the API, so the tests know its password (the harness's own superuser is internal).
  const su = await started.superuser();
  await su.collection('_superusers').create({ ...OPERATOR, passwordConfirm: OPERATOR.password });
  project.provide('operator', OPERATOR);
}

export async function teardown(): Promise<void> {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    operator: { email: string; password: string };
  }
}
