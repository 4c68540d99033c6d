/**
 * A realtime subscription for the life of a component. `onEvent` receives every create, update
 * and delete; `onResync` runs once the subscription is live and again after every reconnect,
 * because events sent while the connection was down are lost and the caller must re-read. Before
 * that re-read, the session is checked: a connection lost because the session ended (a password
 * changed elsewhere) must not re-read as a guest and show an empty page.
 *
 * The first connection is checked too. A session that ends after the page's reads but before its
 * subscription reaches the server is taken there as a guest's (as PocketBase does with a refused
 * token), so the server has no signed-in connection to close and nothing would tell the page.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel, RecordSubscription } from 'pocketbase';
import { useEffect, useRef } from 'react';
import { pb } from './pb';
import { checkSession } from './session-check';

export function useSubscription<T extends RecordModel>(
  collection: string,
  topic: string,
  filter: string | undefined,
  onEvent: (e: RecordSubscription<T>) => void,
  onResync?: () => void,
  enabled = true,
  /** The SDK client whose connection (and auth) carries the subscription: the back office passes its own. */
  client: PocketBase = pb,
): void {
  const handlers = useRef({ onEvent, onResync });
  handlers.current = { onEvent, onResync };

  useEffect(() => {
    if (!enabled) return;
    let disposed = false;
    const unsubscribers: Array<() => Promise<void>> = [];
    const keep = (unsubscribe: () => Promise<void>) => {
      if (disposed) void unsubscribe().catch(() => {});
      else unsubscribers.push(unsubscribe);
    };
    // note: when another page already holds the connection, the next PB_CONNECT is a reconnect.
    let connectedOnce = client.realtime.isConnected;
    // note: a connection another page opened was checked when it opened (or is being).
    const opensConnection = !connectedOnce;

    client
      .collection(collection)
      .subscribe<T>(topic, (e) => handlers.current.onEvent(e), filter ? { filter } : undefined)
      .then(async (unsubscribe) => {
        keep(unsubscribe);
        if (opensConnection && !disposed) await checkSession(client);
        if (!disposed) handlers.current.onResync?.();
      })
      // note: without realtime the pages still work from their reads and polling backstops.
      .catch(() => {});

    client.realtime
      .subscribe('PB_CONNECT', () => {
        // The first connect is covered by the subscription above; later ones are reconnects, and
        // the server closes the connection of a session that ended: ask whether it still holds.
        if (connectedOnce && !disposed)
          void checkSession(client).then(() => {
            if (!disposed) handlers.current.onResync?.();
          });
        connectedOnce = true;
      })
      .then(keep)
      .catch(() => {});

    return () => {
      disposed = true;
      for (const unsubscribe of unsubscribers.splice(0)) void unsubscribe().catch(() => {});
    };
  }, [collection, topic, filter, enabled, client]);
}
