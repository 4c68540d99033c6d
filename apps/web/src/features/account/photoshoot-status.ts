import type { PhotoshootStatus } from '@photoshoot/contract';
import { flowPath, photoshootFlowBase, type Step } from '../../shared/flow-paths';
import type { BadgeTone } from '../../ui';

/** How the dashboard shows each photoshoot status and which step of the flow comes next. */
export const STATUS_VIEW: Record<
  PhotoshootStatus,
  { label: string; tone: BadgeTone; step: Step; action: string }
> = {
  draft: { label: 'Draft', tone: 'neutral', step: 'upload', action: 'Continue setup' },
  pending_payment: {
    label: 'Awaiting payment',
    tone: 'warning',
    step: 'payment',
    action: 'Complete payment',
  },
  queued: { label: 'Queued', tone: 'info', step: 'processing', action: 'View progress' },
  processing: { label: 'Processing', tone: 'info', step: 'processing', action: 'View progress' },
  review: { label: 'In review', tone: 'brand', step: 'results', action: 'See status' },
  completed: { label: 'Ready', tone: 'success', step: 'results', action: 'View portraits' },
  failed: { label: 'Failed', tone: 'danger', step: 'processing', action: 'See what happened' },
  refunded: { label: 'Refunded', tone: 'neutral', step: 'results', action: 'View' },
};

export function statusView(status: string) {
  return STATUS_VIEW[status as PhotoshootStatus] ?? STATUS_VIEW.draft;
}

/** The next step's URL of a photoshoot. */
export function nextStepHref(p: { id: string; status: string; team?: string }): string {
  return flowPath(photoshootFlowBase(p), statusView(p.status).step);
}
