/** The states of a photoshoot (the lifecycle `lifecycle.ts` moves it along). */
export const PHOTOSHOOT_STATUSES = [
  'draft',
  'pending_payment',
  'queued',
  'processing',
  'review',
  'completed',
  'failed',
  'refunded',
] as const;

export type PhotoshootStatus = (typeof PHOTOSHOOT_STATUSES)[number];

export function isPhotoshootStatus(value: unknown): value is PhotoshootStatus {
  return typeof value === 'string' && (PHOTOSHOOT_STATUSES as readonly string[]).includes(value);
}
