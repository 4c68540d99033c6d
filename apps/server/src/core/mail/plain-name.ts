/**
 * A name someone else chose (a team's, a person's) as it may stand in a mail: one line of plain
 * text, at most `max` characters, with nothing a mail client would turn into a link. Without this
 * a team named "URGENT: verify your account at http://evil.example/login" makes every invitation
 * a phishing mail signed by us.
 */

/** Control and format characters (line breaks, bidi overrides, zero-width joiners): never in a name. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

export function plainName(text: string, max = 60): string {
  let out = text.normalize('NFKC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  // note: "http://x" and "x.example" are what clients auto-link; brackets keep them readable.
  out = out
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/(?<=[\p{L}\p{N}])@(?=[\p{L}\p{N}])/gu, '[at]');
  const chars = [...out];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : out;
}
