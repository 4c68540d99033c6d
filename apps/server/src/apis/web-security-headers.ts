/**
 * The security headers of the web app's responses: a strict Content-Security-Policy, referrer and
 * permissions policies, and HSTS when the app's public URL is https.
 */

/** An origin an integration loads from: `https://host[:port]` or `host`, wildcards as `*.host`. */
const HOST =
  /^(?:https:\/\/)?(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/** Hosts one integration (or all of them) needs, per kind of resource. */
export type CspSources = {
  script?: readonly string[];
  style?: readonly string[];
  img?: readonly string[];
  font?: readonly string[];
  connect?: readonly string[];
  frame?: readonly string[];
};

/** Merges the sources of several integrations, each host once. */
export function mergeCspSources(all: readonly CspSources[]): CspSources {
  const out: Record<string, string[]> = {};
  for (const sources of all) {
    for (const [kind, hosts] of Object.entries(sources) as [keyof CspSources, readonly string[]][]) {
      const list = (out[kind] ??= []);
      for (const host of hosts) if (!list.includes(host)) list.push(host);
    }
  }
  return out;
}

/**
 * The policy for the app's pages. Scripts, styles, fonts, connections, frames and images come
 * from our origin plus exactly the hosts the configured integrations need: a list applies to
 * scripts, connections, images and frames; `CspSources` names them per kind. Nothing configured
 * gives the strict policy.
 *
 * note: style-src keeps 'unsafe-inline' (styles only, never scripts): Radix Dialog's scroll lock
 * (react-remove-scroll-bar) injects a <style> element whose text holds the measured scrollbar
 * width, so no hash can cover it, and a nonce would make every HTML response unique, defeating its
 * ETag revalidation. An injected style can restyle a page but cannot run code.
 */
export function contentSecurityPolicy(extra: readonly string[] | CspSources = []): string {
  const sources: CspSources = Array.isArray(extra)
    ? { script: extra, img: extra, connect: extra, frame: extra }
    : (extra as CspSources);
  for (const host of Object.values(sources).flat() as string[]) {
    if (!HOST.test(host))
      throw new Error(`not a host for the Content-Security-Policy: ${JSON.stringify(host)}`);
  }
  const withHosts = (kind: keyof CspSources, ...own: string[]) =>
    [...own, ...(sources[kind] ?? [])].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', withHosts('script', "'self'")],
    ['style-src', withHosts('style', "'self'", "'unsafe-inline'")],
    // blob: previews of the selfies being uploaded; data: small inline images of the UI kit.
    ['img-src', withHosts('img', "'self'", 'data:', 'blob:')],
    ['font-src', withHosts('font', "'self'")],
    ['connect-src', withHosts('connect', "'self'")],
    ['frame-src', sources.frame?.length ? sources.frame.join(' ') : "'none'"],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Features the app never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export type WebSecurityOptions = {
  /** `meta.appURL` of the settings: HSTS only when it is https. */
  appURL: string;
  /** Hosts of the configured integrations (none: the strict policy). */
  extraHosts?: readonly string[] | CspSources;
};

export function webSecurityHeaders(opts: WebSecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(opts.extraHosts),
    // note: reset and verification links carry their token in the query; no page sends its URL on.
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
  };
  if (/^https:\/\//i.test(opts.appURL.trim())) {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}
