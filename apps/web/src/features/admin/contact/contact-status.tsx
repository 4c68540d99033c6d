import { Badge, type BadgeTone } from '../../../ui/badge';

/** The back office's words for a contact message's `status` ("handled" is stored as `answered`). */
export const CONTACT_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  new: { label: 'New', tone: 'brand' },
  read: { label: 'Read', tone: 'info' },
  answered: { label: 'Handled', tone: 'success' },
  spam: { label: 'Spam', tone: 'neutral' },
};

export const CONTACT_STATUS_OPTIONS = Object.entries(CONTACT_STATUS).map(([value, v]) => ({
  value,
  label: v.label,
}));

export function ContactStatusBadge({ status }: { status: string }) {
  const view = CONTACT_STATUS[status] ?? { label: status || '—', tone: 'neutral' as const };
  return <Badge tone={view.tone}>{view.label}</Badge>;
}
