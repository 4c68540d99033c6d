/**
 * What goes with a deleted account besides its record and cascading relations: its pending OTPs
 * and MFA sessions. (Its tokens die with the record, since they are signed with its tokenKey.) Runs
 * after the delete commits; a leftover row would be harmless anyway, as both need the record.
 * Also installs the rules of deleting a `users` account (account-deletion.ts).
 */
import type { App } from '../app.js';
import { guardAccountDeletion } from './account-deletion.js';
import { deleteMfasOf } from './mfa-store.js';
import { deleteOtpsOf } from './otp-store.js';

const watched = new WeakSet<App>();

export function cleanUpDeletedAccounts(app: App): void {
  if (watched.has(app)) return;
  watched.add(app);
  guardAccountDeletion(app);
  app.events.onAny((event) => {
    if (event.action !== 'delete' || event.collection.type !== 'auth') return;
    const id = String(event.record.id);
    void deleteOtpsOf(app.db, event.collection.id, id).catch(() => {});
    void deleteMfasOf(app.db, event.collection.id, id).catch(() => {});
  });
}
