/**
 * Keeps secrets out of stored logs. File and reset links carry tokens in the query string
 * (`?token=`), OAuth2 redirects carry `code`/`state`, and a browser's Referer repeats the page URL
 * (e.g. `/reset-password?token=…`), so every logged URL goes through `redactUrl`.
 */

const SECRET_PARAM = /token|password|secret|^code$|^state$|^otp|api_?key|^key$|signature|credential/i;
const REDACTED = 'REDACTED';

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

/** The URL (absolute or path-only) with secret query values replaced and any userinfo dropped. */
export function redactUrl(url: string): string {
  if (!url) return url;
  let out = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, '$1');
  const hash = out.indexOf('#');
  if (hash !== -1) out = out.slice(0, hash);
  const q = out.indexOf('?');
  if (q === -1) return out;
  return `${out.slice(0, q)}?${redactQuery(out.slice(q + 1))}`;
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
