/**
 * Where the API is. It is served from the same origin as the app (`photoshoot serve`), so the
 * base URL defaults to the page's origin; `VITE_API_URL` points a development build at another
 * server. Both the SDK client (`pb.ts`) and the SDK-free public fetches (`public-fetch.ts`) use it.
 */
function defaultBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? 'http://127.0.0.1:8090' : window.location.origin;
}

let baseUrl = defaultBaseUrl();

export function apiBaseUrl(): string {
  return baseUrl;
}

/** For tests, which talk to a server of their own (set `pb.baseURL` alongside). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}
