/**
 * One form per email address, so lookalikes compare equal: NFKC (the Kelvin sign "\u212A" becomes
 * "K", full-width letters plain ones) and the domain in its ASCII (IDNA) form, lower-case. Without
 * it `k@\u212Aelvin-acme.com` registered beside `k@kelvin-acme.com` and passed an invite meant for
 * `kelvin-acme.com` addresses. The local part keeps its case (the unique index ignores case).
 */
import { domainToASCII } from 'node:url';

/** The normal form of `email`; a domain IDNA refuses is left as given, for validation to refuse. */
export function normalizeEmail(email: string): string {
  const text = email.trim().normalize('NFKC');
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  return `${text.slice(0, at)}@${normalizeDomain(text.slice(at + 1))}`;
}

/** A domain's ASCII (IDNA) form, lower-case; '' when IDNA refuses it. */
export function asciiDomain(domain: string): string {
  return domainToASCII(domain.trim().normalize('NFKC').toLowerCase());
}

function normalizeDomain(domain: string): string {
  return asciiDomain(domain) || domain;
}
