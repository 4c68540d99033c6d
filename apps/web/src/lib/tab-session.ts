/**
 * A tab that holds its own customer session, apart from the browser's shared one: the tab an
 * operator opens to see the product as a customer (impersonation, ADR 026). Such a tab keeps its
 * session in sessionStorage, which no other tab reads or writes, so neither the operator's back
 * office nor a customer signed in elsewhere in the same browser is touched, and it ends with the tab.
 *
 * In the first bundle (called from main.tsx before anything reads a session): keep it tiny.
 */

/** The tab's session, in the SDK's stored shape (`{token, record}`). */
export const TAB_AUTH_KEY = 'photoshoot_tab_auth';
/** Set for the tab's whole life: signing out must not fall back to the shared session. */
const TAB_MODE_KEY = 'photoshoot_tab_mode';
/** The route that receives the hand-over, its token in the fragment (`#token=…`). */
export const HANDOVER_PATH = '/impersonate';

function tabStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** This tab keeps its own session (it took a hand-over). */
export function isTabSession(): boolean {
  return tabStorage()?.getItem(TAB_MODE_KEY) === '1';
}

/** The storage and key of this tab's customer session. */
export function sessionStore(): { storage: Storage | null; key: string } | null {
  return isTabSession() ? { storage: tabStorage(), key: TAB_AUTH_KEY } : null;
}

/**
 * Takes a hand-over from the URL: on `/impersonate#token=…` the token goes into this tab's
 * sessionStorage and the fragment is replaced out of the address at once (never a history entry,
 * and a fragment never reaches the server, its logs or a Referer). The record is only its id
 * until the start-up refresh fetches it with the token. True when a token was taken.
 */
export function takeHandOver(loc: Location = window.location, hist: History = window.history): boolean {
  if (loc.pathname !== HANDOVER_PATH || !loc.hash) return false;
  const token = new URLSearchParams(loc.hash.slice(1)).get('token') ?? '';
  hist.replaceState(null, '', HANDOVER_PATH);
  const storage = tabStorage();
  const id = tokenSubject(token);
  if (!storage || !id) return false;
  storage.setItem(TAB_MODE_KEY, '1');
  storage.setItem(TAB_AUTH_KEY, JSON.stringify({ token, record: { id, collectionName: 'users' } }));
  return true;
}

/**
 * The record id an impersonation token was issued to, or ''. Only a non-refreshable token (what
 * impersonation makes, superusers only) is taken: a link carrying someone's ordinary session token
 * cannot plant their account in a visitor's tab.
 */
function tokenSubject(token: string): string {
  try {
    const payload: unknown = JSON.parse(
      atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
    );
    const { id, refreshable } = (payload ?? {}) as { id?: unknown; refreshable?: unknown };
    return typeof id === 'string' && refreshable === false ? id : '';
  } catch {
    return '';
  }
}
