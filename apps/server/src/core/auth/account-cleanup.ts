/**
 * What goes with a deleted account besides its record and cascading relations: its pending OTPs.
 * (Its tokens die with the record, since they are signed with its tokenKey.) Runs after the delete
 * commits; a leftover code would be harmless anyway, as auth-with-otp needs the record to exist.
 */
import type { App } from '../app.js';
import { deleteOtpsOf } from './otp-store.js';

const watched = new WeakSet<App>();

export function cleanUpDeletedAccounts(app: App): void {
  if (watched.has(app)) return;
  watched.add(app);
  app.events.on((event) => {
    if (event.action !== 'delete' || event.collection.type !== 'auth') return;
    void deleteOtpsOf(app.db, event.collection.id, String(event.record.id)).catch(() => {});
  });
}
