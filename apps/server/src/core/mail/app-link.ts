/** Builds a link into the web app from `meta.appURL`, keeping any path prefix the app is served under. */
export function appLink(appURL: string, path: string, query: Record<string, string> = {}): string {
  const base = appURL.replace(/\/+$/, '');
  const search = new URLSearchParams(query).toString();
  return `${base}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/** Seconds as words for mail copy ("30 minutes", "1 day"). */
export function humanDuration(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  if (seconds >= 120) return `${Math.round(seconds / 60)} minutes`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
