import { HANDOVER_PATH } from '../../../../lib/tab-session';
import { adminPb } from '../../data/admin-client';

/** How long a customer view lasts: long enough to look around, short enough to be harmless if left open. */
export const IMPERSONATION_SECONDS = 15 * 60;

/** The hand-over address: the token in the fragment, which never reaches a server, log or Referer. */
export function customerViewUrl(origin: string, token: string): string {
  return `${origin}${HANDOVER_PATH}#token=${encodeURIComponent(token)}`;
}

type Impersonate = (id: string, seconds: number) => Promise<string>;

const impersonateWithAdmin: Impersonate = async (id, seconds) =>
  (await adminPb.collection('users').impersonate(id, seconds)).authStore.token;

/**
 * Opens customer `id`'s view in a new tab, signed in there only (ADR 026). The tab is opened at
 * once, inside the operator's click, so no pop-up blocker stops it; it is cut from this page
 * (`opener`) and sent to the hand-over once the short-lived token arrives. Nothing here touches
 * the back office's session or a customer session stored in this browser.
 */
export async function openCustomerView(
  id: string,
  deps: { open?: typeof window.open; impersonate?: Impersonate; origin?: string } = {},
): Promise<void> {
  const open = deps.open ?? window.open.bind(window);
  const tab = open('about:blank', '_blank');
  if (!tab) throw new Error('The browser blocked the new tab. Allow pop-ups for this site and try again.');
  tab.opener = null;
  try {
    const token = await (deps.impersonate ?? impersonateWithAdmin)(id, IMPERSONATION_SECONDS);
    tab.location.replace(customerViewUrl(deps.origin ?? window.location.origin, token));
  } catch (err) {
    tab.close();
    throw err;
  }
}
