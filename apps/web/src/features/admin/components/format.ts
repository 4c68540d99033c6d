/** How the back office writes dates and waits: short, in the operator's time zone. */

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

function parse(value: string): Date | null {
  if (!value) return null;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(value: string): string {
  const d = parse(value);
  return d ? dateTime.format(d) : '—';
}

export function formatDay(value: string): string {
  const d = parse(value);
  return d ? dateOnly.format(d) : '—';
}

/** "3 h 20 min", "2 days 4 h": how long ago `since` was, relative to `now`. */
export function formatWait(since: string, now: Date = new Date()): string {
  const d = parse(since);
  if (!d) return '—';
  const minutes = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/** A likeness score (0–1) as a percentage. */
export function formatLikeness(value: number | null | undefined): string {
  return typeof value === 'number' && value > 0 ? `${Math.round(value * 100)}%` : '—';
}
