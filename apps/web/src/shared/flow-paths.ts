/** The steps of the photoshoot flow, in order. */
export const STEPS = [
  'upload',
  'styles',
  'payment',
  'payment-return',
  'processing',
  'results',
  'review',
] as const;
export type Step = (typeof STEPS)[number];

/**
 * Where the photoshoot flow lives. The same pages serve a customer's own photoshoot
 * (`/photoshoot/{id}/…`) and a team member's (`/teams/{teamId}/photoshoots/{photoshootId}/…`);
 * links between steps are built from the base, never written out.
 */

const seg = encodeURIComponent;

/** The base of a customer's own photoshoot. */
export function individualFlowBase(photoshootId: string): string {
  return `/photoshoot/${seg(photoshootId)}`;
}

/** The base of a team member's photoshoot. */
export function teamFlowBase(teamId: string, photoshootId: string): string {
  return `/teams/${seg(teamId)}/photoshoots/${seg(photoshootId)}`;
}

/** The base a photoshoot's own flow lives under: a team's photoshoot never leaves its team's flow. */
export function photoshootFlowBase(p: { id: string; team?: string }): string {
  return p.team ? teamFlowBase(p.team, p.id) : individualFlowBase(p.id);
}

/** The path of `step` under `base`, with an optional query (empty values left out). */
export function flowPath(base: string, step: Step, search: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value) query.set(key, value);
  const qs = query.toString();
  return `${base}/${step}${qs ? `?${qs}` : ''}`;
}
