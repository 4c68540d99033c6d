/**
 * Picks the one rule that governs a request: the most specific label that matches.
 *
 * Order: collection tags first (`users:authWithPassword`, `users:auth`, `*:authWithPassword`,
 * `*:auth`), then paths (`POST /api/batch` before `/api/batch`, an exact path before a prefix,
 * a longer prefix before a shorter one). A path label ending in `/` is a prefix (`/api/` covers
 * everything under it); any other path label matches that path only. Among rules with the same
 * label, one restricted to the caller's audience beats an unrestricted one.
 */
import type { RateLimitRule } from '../settings/settings.js';
import type { RequestTarget } from './request-target.js';

export type Audience = '@guest' | '@auth';

const METHOD_LABEL = /^([A-Z]+)\s+(\/\S*)$/;

function appliesTo(rule: RateLimitRule, audience: Audience): boolean {
  return !rule.audience || rule.audience === audience;
}

function tagCandidates(t: RequestTarget): string[] {
  if (!t.collection || !t.action) return [];
  const out = [`${t.collection}:${t.action}`];
  if (t.group) out.push(`${t.collection}:${t.group}`);
  out.push(`*:${t.action}`);
  if (t.group) out.push(`*:${t.group}`);
  return out;
}

/** Higher is more specific; -1 when the label does not match. */
function pathScore(label: string, t: RequestTarget): number {
  let method: string | undefined;
  let path = label.trim();
  const m = METHOD_LABEL.exec(path);
  if (m) {
    method = m[1];
    path = m[2]!;
  }
  if (!path.startsWith('/')) return -1;
  if (method && method !== t.method) return -1;
  const methodBonus = method ? 1 : 0;
  if (t.path === path) return path.length * 4 + 2 + methodBonus;
  if (path.endsWith('/') && `${t.path}/`.startsWith(path)) return path.length * 4 + methodBonus;
  return -1;
}

export function findRule(
  rules: readonly RateLimitRule[],
  t: RequestTarget,
  audience: Audience,
): RateLimitRule | null {
  const usable = rules.filter((r) => appliesTo(r, audience));
  const byAudience = (a: RateLimitRule, b: RateLimitRule) => (b.audience ? 1 : 0) - (a.audience ? 1 : 0);
  for (const tag of tagCandidates(t)) {
    const hit = usable.filter((r) => r.label.trim() === tag).sort(byAudience)[0];
    if (hit) return hit;
  }
  let best: RateLimitRule | null = null;
  let bestScore = -1;
  for (const rule of usable) {
    const score = pathScore(rule.label, t) * 2 + (rule.audience ? 1 : 0);
    if (score >= 0 && score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}
