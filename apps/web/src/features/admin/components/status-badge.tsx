import { Badge, type BadgeTone } from '../../../ui/badge';

const PHOTOSHOOT: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  pending_payment: { label: 'Awaiting payment', tone: 'warning' },
  queued: { label: 'Queued', tone: 'info' },
  processing: { label: 'Processing', tone: 'info' },
  review: { label: 'In review', tone: 'brand' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/** Every photoshoot status in lifecycle order, for filters. */
export const PHOTOSHOOT_STATUS_OPTIONS = Object.entries(PHOTOSHOOT).map(([value, v]) => ({
  value,
  label: v.label,
}));

export function PhotoshootStatusBadge({ status }: { status: string }) {
  const view = PHOTOSHOOT[status] ?? { label: status || '—', tone: 'neutral' as const };
  return <Badge tone={view.tone}>{view.label}</Badge>;
}

const REVIEW: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'To review', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export function ReviewBadge({ review }: { review: string }) {
  const view = REVIEW[review] ?? { label: 'Not reviewed', tone: 'neutral' as const };
  return <Badge tone={view.tone}>{view.label}</Badge>;
}

const PAYMENT: Record<string, BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  refunded: 'neutral',
  // The provider could not return the money: an operator must settle it with the buyer.
  refund_failed: 'danger',
};

export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge tone={PAYMENT[status] ?? 'neutral'}>{status || '—'}</Badge>;
}
