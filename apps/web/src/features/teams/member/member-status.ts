import { flowPath, teamFlowBase, type Step } from '../../../shared/flow-paths';
import type { BadgeTone } from '../../../ui';
import type { MemberState } from '../data/team-api';

type View = { label: string; tone: BadgeTone; step: Step; action: string };

/** How the team pages show a member's photoshoot state, and where in the team flow it continues. */
export const MEMBER_STATE_VIEW: Record<MemberState, View> = {
  not_started: { label: 'Not started', tone: 'neutral', step: 'upload', action: 'Start' },
  draft: { label: 'Setting up', tone: 'neutral', step: 'upload', action: 'Continue setup' },
  // note: a team photoshoot is never paid for; the state exists only for the shared status list.
  pending_payment: { label: 'Awaiting payment', tone: 'warning', step: 'processing', action: 'View' },
  queued: { label: 'Submitted', tone: 'info', step: 'processing', action: 'View progress' },
  processing: { label: 'Processing', tone: 'info', step: 'processing', action: 'View progress' },
  review: { label: 'In quality review', tone: 'brand', step: 'processing', action: 'See status' },
  completed: { label: 'Ready', tone: 'success', step: 'results', action: 'View portraits' },
  failed: { label: 'Failed', tone: 'danger', step: 'processing', action: 'See what happened' },
  refunded: { label: 'Refunded', tone: 'neutral', step: 'results', action: 'View' },
};

export function memberStateView(state: string): View {
  return MEMBER_STATE_VIEW[state as MemberState] ?? MEMBER_STATE_VIEW.draft;
}

/** The team flow page a member's photoshoot continues on. */
export function teamShootHref(teamId: string, p: { id: string; status: string }): string {
  return flowPath(teamFlowBase(teamId, p.id), memberStateView(p.status).step);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A server timestamp ("2026-01-02 10:00:00.000Z") in the reader's words; "" when absent. */
export function formatWhen(value: string): string {
  if (!value) return '';
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}
