/**
 * Keeps `_externalAuths` honest after other flows change accounts: a deleted record takes its
 * links along, and a record that turns verified (mail link, OTP, password reset) loses the links
 * made while its address was unproven, since a squatter may have made them (PocketBase drops them
 * on the same change). Runs after commit; sign-in also re-checks such links itself.
 */
import type { App } from '../app.js';
import { deleteLinks } from './external-auths.js';

const watched = new WeakSet<App>();

export function watchAccountLinks(app: App): void {
  if (watched.has(app)) return;
  watched.add(app);
  app.events.onAny(({ action, collection, record }) => {
    if (collection.type !== 'auth') return;
    const id = String(record.id);
    if (action === 'delete') void deleteLinks(app.db, collection.id, id).catch(() => {});
    else if (action === 'update' && record.verified === true) {
      void deleteLinks(app.db, collection.id, id, { onlyUnproven: true }).catch(() => {});
    }
  });
}
