import type { AuthProviderInfo } from 'pocketbase';

/**
 * The redirect-based OAuth2 sign-in keeps what it needs to finish in sessionStorage (this tab
 * only): the provider, its state and PKCE verifier, and where to go afterwards.
 */
const KEY = 'photoshoot:oauth2';

export type PendingOAuth2 = {
  provider: string;
  displayName: string;
  state: string;
  codeVerifier: string;
  redirect: string;
};

export function oauth2CallbackUrl(): string {
  return `${window.location.origin}/oauth-callback`;
}

/** Saves the flow and sends the browser to the provider. */
export function startOAuth2(provider: AuthProviderInfo, redirect: string): void {
  const pending: PendingOAuth2 = {
    provider: provider.name,
    displayName: provider.displayName || provider.name,
    state: provider.state,
    codeVerifier: provider.codeVerifier,
    redirect,
  };
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  // note: the server's authURL ends with "redirect_uri=" for the client to complete.
  window.location.assign(provider.authURL + encodeURIComponent(oauth2CallbackUrl()));
}

/** Takes (and forgets) the saved flow: a code is good for one attempt only. */
export function takePendingOAuth2(): PendingOAuth2 | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PendingOAuth2;
    return typeof value.state === 'string' && typeof value.provider === 'string' ? value : null;
  } catch {
    return null;
  }
}
