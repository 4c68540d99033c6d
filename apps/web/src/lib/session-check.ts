/**
 * Noticing that the signed-in session has ended. A password change or reset (on another device too)
 * ends every session, but the server still answers the old token, as a guest's: lists come back
 * empty instead of failing, so a page would go on showing "nothing here" to someone who believes
 * they are signed in. The server closes the realtime connections of an ended session; when the
 * connection comes back, and when the person comes back to the tab, `checkSession` asks the server
 * (auth-refresh), and a refusal ends the session here. `useSessionEnded` tells the signed-in layout to say so, rather than the page
 * silently emptying.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { useSyncExternalStore } from 'react';
import { authStore } from './auth-store';
import { pb } from './pb';

let ended = false;
const listeners = new Set<() => void>();

function setEnded(value: boolean): void {
  if (ended === value) return;
  ended = value;
  for (const l of listeners) l();
}

// note: signing in again starts a new session; the notice is for the one that ended.
authStore.subscribe(() => {
  if (authStore.getState().user) setEnded(false);
});

/** The server refused `client`'s session: forget it (for the customer's client, say so). */
export function endSession(client: PocketBase = pb): void {
  if (!client.authStore.token) return;
  if (client === pb) setEnded(true);
  client.authStore.clear();
}

/** Per client: the check running, and the one queued to run after it. */
const checks = new WeakMap<PocketBase, { running: Promise<void>; next?: Promise<void> }>();

/**
 * Asks the server whether `client`'s session still holds; a 401 (or 403/404: the account is gone)
 * ends it. A network failure decides nothing. A check asked for while one is running waits for it
 * and then asks again, once for all who asked meanwhile: the running one may have been answered
 * before the session ended (a connection's first check, then the password changed elsewhere and
 * the reconnect asks), and sharing its "still signed in" would miss the end for good.
 */
export function checkSession(client: PocketBase = pb): Promise<void> {
  const state = checks.get(client);
  if (state) return (state.next ??= state.running.then(() => checkSession(client)));
  const collection = client.authStore.record?.collectionName;
  if (!client.authStore.token || !collection) return Promise.resolve();
  const token = client.authStore.token;
  const running = (async () => {
    try {
      // note: a bare request, not the SDK's authRefresh, which saves the refreshed session: a
      // check answered after a sign-out (in this tab or another) would sign the person back in.
      await client.send(`/api/collections/${encodeURIComponent(collection)}/auth-refresh`, {
        method: 'POST',
        requestKey: null,
      });
    } catch (err) {
      // note: only the session that was refused: the person may have signed in afresh meanwhile
      // (changing one's own password signs in again with the new one).
      const refused = err instanceof ClientResponseError && [401, 403, 404].includes(err.status);
      if (refused && client.authStore.token === token) endSession(client);
    }
  })();
  const entry: { running: Promise<void>; next?: Promise<void> } = { running };
  checks.set(client, entry);
  // note: the queued check starts when this one settles, so this entry is gone by then.
  void running.finally(() => {
    if (checks.get(client) === entry) checks.delete(client);
  });
  return running;
}

/** True from the moment the server refused the customer's session until someone signs in again. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => ended,
    () => false,
  );
}
