import PocketBase, { BaseAuthStore } from 'pocketbase';
import { inject } from 'vitest';

let counter = 0;

/** A second SDK client (its own in-memory store), as another device or tab would be. */
export function otherClient(): PocketBase {
  // note: the SDK's default store is localStorage, shared with the app's client in jsdom.
  const client = new PocketBase(inject('apiUrl'), new BaseAuthStore());
  client.autoCancellation(false);
  return client;
}

/** Registers a fresh user through the API and returns its credentials. */
export async function newAccount(): Promise<{ id: string; email: string; password: string }> {
  const email = `web${Date.now()}${++counter}${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'a-good-password-1';
  const record = await otherClient()
    .collection('users')
    .create({ email, password, passwordConfirm: password, name: 'Ada Lovelace' });
  return { id: record.id, email, password };
}

/** An SDK client signed in as the test server's operator (a superuser). */
export async function operatorClient(): Promise<PocketBase> {
  const { email, password } = inject('operator');
  const client = otherClient();
  await client.collection('_superusers').authWithPassword(email, password);
  return client;
}
