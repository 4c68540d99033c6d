import { randomBytes, randomInt } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A cryptographically random string from `alphabet` without modulo bias. */
export function randomString(length: number, alphabet: string = ALNUM): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // note: rejecting bytes past the largest multiple keeps every character equally likely.
      if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A record id: 15 characters of [a-z0-9]. */
export function newId(): string {
  return randomString(15, LOWER_ALNUM);
}

/** Generates a value for an autogenerate pattern of the form `[chars]{n}` (e.g. `[a-z0-9]{15}`). */
export function fromPattern(pattern: string): string {
  const m = /^\[(.+)\]\{(\d+)\}$/.exec(pattern);
  if (!m) return randomString(15, LOWER_ALNUM);
  const set = m[1]!.replace(/(.)-(.)/g, (_s, a: string, b: string) => {
    let r = '';
    for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) r += String.fromCharCode(c);
    return r;
  });
  return randomString(Number(m[2]), set);
}

export function randomDigits(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

export { LOWER_ALNUM, ALNUM };
