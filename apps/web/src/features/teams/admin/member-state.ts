import type { BadgeTone } from '../../../ui';
import type { MemberState } from '../data/team-api';

/** A member's state as the team admin reads it: where their team photoshoot is. */
export const MEMBER_STATES: Record<MemberState, { label: string; tone: BadgeTone }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  draft: { label: 'Uploading photos', tone: 'info' },
  pending_payment: { label: 'Waiting', tone: 'warning' },
  queued: { label: 'Submitted', tone: 'brand' },
  processing: { label: 'Processing', tone: 'brand' },
  review: { label: 'In review', tone: 'brand' },
  completed: { label: 'Ready', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A server date (`2026-01-02 10:00:00.000Z`) as a short date, '' when empty or unreadable. */
export function shortDate(value: string): string {
  const d = new Date(value.replace(' ', 'T'));
  return value && !Number.isNaN(d.getTime()) ? dateFormat.format(d) : '';
}
