import type { PhotoshootStatus } from '@photoshoot/contract';
import { STEPS, type Step } from '../../shared/flow-paths';

/**
 * Which step of the flow a photoshoot may show, from its status alone. Each page asks
 * `resolveStep` and is sent to the step it returns when that is not itself, so a bookmark, a
 * back button or a stale tab always lands where the photoshoot actually is.
 */
export { STEPS, type Step };

export type { PhotoshootStatus };

type Lifecycle = { status: PhotoshootStatus | ''; releasedAt?: string };

/** The step a photoshoot in this state belongs on. */
export function homeStep(p: Lifecycle): Step {
  switch (p.status) {
    case 'pending_payment':
      return 'payment-return';
    case 'queued':
    case 'processing':
    case 'review':
    case 'failed':
      return 'processing';
    case 'completed':
    case 'refunded':
      return 'results';
    default:
      return 'upload';
  }
}

/** The steps a photoshoot in this state may show. */
export function allowedSteps(p: Lifecycle): readonly Step[] {
  switch (p.status) {
    case 'draft':
      // note: payment-return stays reachable so a cancelled or failed payment can say why.
      return ['upload', 'styles', 'payment', 'payment-return'];
    case 'pending_payment':
      return ['payment', 'payment-return'];
    case 'queued':
    case 'processing':
      // A redo round runs while the earlier results stay released.
      return p.releasedAt ? ['processing', 'payment-return', 'results'] : ['processing', 'payment-return'];
    case 'review':
      return ['processing', 'payment-return', 'results'];
    case 'failed':
      return ['processing'];
    case 'completed':
      return ['results', 'review'];
    case 'refunded':
      return ['results'];
    default:
      return ['upload'];
  }
}

/** `wanted` when the lifecycle allows it, else the photoshoot's home step. */
export function resolveStep(p: Lifecycle, wanted: Step): Step {
  return allowedSteps(p).includes(wanted) ? wanted : homeStep(p);
}

/** Words for a status, as the flow shows them. */
export const STATUS_LABELS: Record<PhotoshootStatus, string> = {
  draft: 'Draft',
  pending_payment: 'Awaiting payment',
  queued: 'Queued',
  processing: 'Processing',
  review: 'In review',
  completed: 'Ready',
  failed: 'Failed',
  refunded: 'Refunded',
};
