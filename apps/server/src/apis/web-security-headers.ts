/**
 * The security headers of the web app's responses: a strict Content-Security-Policy, referrer and
 * permissions policies, and HSTS when the app's public URL is https.
 */

/** An origin an integration loads from: `https://host[:port]` or `host`, wildcards as `*.host`. */
const HOST =
  /^(?:https:\/\/)?(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/**
 * The policy for the app's pages. Scripts, connections, frames and images come from our origin
 * plus exactly `extraHosts` (the hosts of configured integrations; none today).
 *
 * note: style-src keeps 'unsafe-inline' (styles only, never scripts): Radix Dialog's scroll lock
 * (react-remove-scroll-bar) injects a <style> element whose text holds the measured scrollbar
 * width, so no hash can cover it, and a nonce would make every HTML response unique, defeating its
 * ETag revalidation. An injected style can restyle a page but cannot run code.
 */
export function contentSecurityPolicy(extraHosts: readonly string[] = []): string {
  for (const host of extraHosts) {
    if (!HOST.test(host))
      throw new Error(`not a host for the Content-Security-Policy: ${JSON.stringify(host)}`);
  }
  const withHosts = (...sources: string[]) => [...sources, ...extraHosts].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', withHosts("'self'")],
    ['style-src', "'self' 'unsafe-inline'"],
    // blob: previews of the selfies being uploaded; data: small inline images of the UI kit.
    ['img-src', withHosts("'self'", 'data:', 'blob:')],
    ['font-src', "'self'"],
    ['connect-src', withHosts("'self'")],
    ['frame-src', extraHosts.length ? extraHosts.join(' ') : "'none'"],
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
  extraHosts?: readonly string[];
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
