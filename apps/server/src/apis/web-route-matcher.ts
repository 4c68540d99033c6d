/**
 * Whether a URL path is a page of the web app, from the route patterns its build lists in
 * `routes.json` (TanStack Router syntax: `$name` is one path segment, a bare `$` the rest).
 */
export function createRouteMatcher(patterns: readonly string[]): (path: string) => boolean {
  const compiled = patterns.map((p) => p.split('/').filter(Boolean));
  return (path) => {
    const segments = path.split('/').filter(Boolean);
    return compiled.some((pattern) => matches(pattern, segments));
  };
}

function matches(pattern: string[], segments: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === '$') return segments.length > i;
    if (i >= segments.length) return false;
    if (part.startsWith('$')) continue;
    if (part !== decode(segments[i]!)) return false;
  }
  return pattern.length === segments.length;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
