/**
 * Rate limiting as decided in docs/decisions/004-rate-limits.md:
 * - every request is counted against the matching rule per client IP (an IPv6 client per /64,
 *   since one host holds a whole /64 and could rotate addresses within it);
 * - sign-in guessing (`authWithPassword` by identity, `authWithOTP` by otpId) additionally has a
 *   per-account bucket that counts failed attempts only. A password sign-in's bucket is keyed by
 *   the identity and the client's address (decision 035): keyed by the identity alone, ten wrong
 *   passwords from anywhere locked the real owner out. Guessing from many addresses stays bound
 *   by each address's own limit. Mail-sending and token-confirming actions never consult account
 *   buckets, so nobody can keep a real user from requesting a password reset.
 * Rules are read on every call, so settings changes apply at once.
 */
import { isIPv6 } from 'node:net';
import type { RateLimitRule } from '../settings/settings.js';
import { FixedWindowCounters, type WindowState } from './fixed-window.js';
import { findRule, type Audience } from './find-rule.js';
import type { RequestTarget } from './request-target.js';

export type RateLimitSettings = { enabled: boolean; rules: RateLimitRule[] };

const MAX_ACCOUNT_LENGTH = 320;

/** The part of an address that identifies one client: the IP, or an IPv6 /64 network. */
export function clientKey(ip: string): string {
  if (!isIPv6(ip) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const full = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${full
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

function ruleKey(rule: RateLimitRule): string {
  return `${rule.label}\u0000${rule.audience ?? ''}\u0000${rule.maxRequests}\u0000${rule.duration}`;
}

/**
 * Whose failed attempts a guess counts against: the account, and for a password sign-in also the
 * client's address, so one attacker's failures never lock the owner out of their own address.
 */
export function lockoutSubject(target: RequestTarget, account: string, ip: string): string {
  return target.accountField === 'identity' ? `${account}\u0000${clientKey(ip)}` : account;
}

export class RateLimiter {
  private readonly counters: FixedWindowCounters;

  constructor(clock?: () => number) {
    this.counters = new FixedWindowCounters(clock);
  }

  /** The rule that governs this request, or null when limits are off or nothing matches. */
  ruleFor(settings: RateLimitSettings, target: RequestTarget, audience: Audience): RateLimitRule | null {
    if (!settings.enabled || !Array.isArray(settings.rules)) return null;
    return findRule(settings.rules, target, audience);
  }

  /** Counts one request from `ip` under `rule`. */
  hitIp(rule: RateLimitRule, ip: string): WindowState {
    return this.counters.hit(
      `ip\u0000${ruleKey(rule)}\u0000${clientKey(ip)}`,
      rule.maxRequests,
      rule.duration * 1000,
    );
  }

  /**
   * Reserves one attempt on `account` for this guessing action. The attempt counts as a failure
   * until `settleAccount` says otherwise, so parallel guesses cannot overshoot the limit while
   * their passwords are being checked.
   */
  reserveAccount(rule: RateLimitRule, target: RequestTarget, account: string): WindowState {
    return this.counters.hit(this.accountKey(rule, target, account), rule.maxRequests, rule.duration * 1000);
  }

  /** A failed attempt stays counted; a success clears the account's failures; anything else is given back. */
  settleAccount(
    rule: RateLimitRule,
    target: RequestTarget,
    account: string,
    outcome: 'failed' | 'succeeded' | 'neutral',
  ): void {
    const key = this.accountKey(rule, target, account);
    if (outcome === 'succeeded') this.counters.reset(key);
    else if (outcome === 'neutral') this.counters.release(key);
  }

  private accountKey(rule: RateLimitRule, target: RequestTarget, account: string): string {
    const who = account.trim().toLowerCase().slice(0, MAX_ACCOUNT_LENGTH);
    return `acct\u0000${ruleKey(rule)}\u0000${target.collection ?? ''}\u0000${target.action ?? ''}\u0000${who}`;
  }
}
