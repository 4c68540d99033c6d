/**
 * Keeps secrets out of every log, stored or written to stdout/stderr. File and reset links carry
 * tokens in the query string (`?token=`), invite links in the path, OAuth2 redirects carry `code`/`state`, and a browser's
 * Referer repeats the page URL (e.g. `/reset-password?token=…`), so every logged URL goes through
 * `redactUrl`; free text (error messages, console lines) goes through `redactText`, and request
 * headers through `redactHeaders`.
 */

const SECRET_PARAM = /token|password|secret|^code$|^state$|^otp|api_?key|^key$|signature|credential/i;
export const REDACTED = 'REDACTED';

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return eq !== -1 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A path segment that is a secret: a JWT, or a long run of token characters (invite links carry a
 * 32–64 character token in the path, `/teams/invite/{token}`; record ids are 15 characters and
 * stored file names have a dot).
 */
const SECRET_SEGMENT = /^(eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*|[A-Za-z0-9_-]{32,})$/;

function redactPath(path: string): string {
  if (!/[A-Za-z0-9_-]{32,}|eyJ/.test(path)) return path;
  return path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
}

/**
 * The URL (absolute or path-only) with secret path segments and query values replaced and any
 * userinfo dropped.
 */
export function redactUrl(url: string): string {
  if (!url) return url;
  let out = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, '$1');
  const hash = out.indexOf('#');
  if (hash !== -1) out = out.slice(0, hash);
  const q = out.indexOf('?');
  if (q === -1) return redactPath(out);
  return `${redactPath(out.slice(0, q))}?${redactQuery(out.slice(q + 1))}`;
}

const memo = new Map<string, string>();
const MEMO_MAX = 1000;

/** `redactUrl` remembering recent URLs: clients repeat the same list and view URLs a lot. */
export function redactUrlMemo(url: string): string {
  let out = memo.get(url);
  if (out === undefined) {
    out = redactUrl(url);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(url, out);
  }
  return out;
}

/** Headers whose values are credentials: sessions, tokens, webhook signatures. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|signature|token|secret|api-?key/i;

/** A copy of `headers` with the values of credential headers replaced. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = SECRET_HEADER.test(name) ? REDACTED : value;
  return out;
}

const QUERY_PAIR = /([?&])([^=&\s?#"'<>]+)=([^&\s#"'<>]*)/g;
const TEXT_SECRETS: [RegExp, string][] = [
  // URL userinfo (`postgres://user:password@host`)
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s"']+@/gi, `$1${REDACTED}@`],
  // Authorization header values quoted in a message
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // JWTs (auth, file and reset tokens) wherever they appear
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Stripe keys and webhook secrets, and Stripe-Signature values (`t=…,v1=…`)
  [/\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+/g, REDACTED],
  [/\bv[01]=[0-9a-f]{16,}/g, REDACTED],
];

/** Free text (a message, a stack, a console line) with any secret it quotes replaced. */
export function redactText(text: string): string {
  let out = text.replace(QUERY_PAIR, (pair: string, sep: string, rawName: string) => {
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: judge the raw name
    }
    return SECRET_PARAM.test(name) ? `${sep}${rawName}=${REDACTED}` : pair;
  });
  for (const [pattern, replacement] of TEXT_SECRETS) out = out.replace(pattern, replacement);
  return out;
}
