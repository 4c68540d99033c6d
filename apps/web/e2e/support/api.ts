import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import PocketBase from 'pocketbase';

/**
 * Node-side access to the server the Playwright config started: a superuser client (created with
 * the real CLI in the same data dir) and fresh users made through the API.
 */
const CLI = fileURLToPath(new URL('../../../server/dist/cli.js', import.meta.url));
const DATA_DIR = process.env.PHOTOSHOOT_E2E_DATA_DIR ?? '';
// One operator per worker: an upsert sets the password, which signs out that superuser's other
// sessions, so workers sharing one account would sign each other out.
export const OPERATOR = {
  email: `e2e-operator-w${process.env.TEST_WORKER_INDEX ?? 0}@example.com`,
  password: 'operator-password-456',
};

export function baseUrl(): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT || 18091)}`;
}

export function client(): PocketBase {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  return pb;
}

let operatorReady = false;

/** A client signed in as a superuser (upserted once per worker through `photoshoot superuser upsert`). */
export async function superuser(): Promise<PocketBase> {
  if (!operatorReady) {
    execFileSync(
      process.execPath,
      [CLI, 'superuser', 'upsert', OPERATOR.email, OPERATOR.password, `--dir=${DATA_DIR}`],
      {
        env: { ...process.env, DATABASE_URL: '' },
        stdio: 'ignore',
      },
    );
    operatorReady = true;
  }
  const pb = client();
  await pb.collection('_superusers').authWithPassword(OPERATOR.email, OPERATOR.password);
  return pb;
}

let counter = 0;

/** Registers a user through the API (not the UI) and returns the credentials. */
export async function newUser(
  name = 'Erin Example',
): Promise<{ id: string; email: string; password: string; name: string }> {
  const email = `e2e-${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'e2e-password-123';
  const record = await client()
    .collection('users')
    .create({ email, password, passwordConfirm: password, name });
  return { id: record.id, email, password, name };
}

/**
 * The e2e server is a throwaway instance that signs in far more often than the default `*:auth`
 * limit (10 a minute per IP) allows; switch the limits off there.
 */
export async function disableRateLimits(): Promise<void> {
  const su = await superuser();
  await su.settings.update({ rateLimits: { enabled: false } });
}
