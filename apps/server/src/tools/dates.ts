/** Dates on the wire and in storage: UTC `YYYY-MM-DD HH:MM:SS.sssZ` (PocketBase's HTTP conventions). */
export function formatDate(d: Date): string {
  return d.toISOString().replace('T', ' ');
}

export function nowString(): string {
  return formatDate(new Date());
}

/** Parses the protocol format, ISO strings and unix dates; returns null for anything else. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const s = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return null;
  const iso = s.includes(' ') || s.includes('T') ? s.replace(' ', 'T') : `${s}T00:00:00`;
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`;
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? null : d;
}
