/**
 * Where to go after signing in: only a path of this site ("/x", never "//host" or "https://…"),
 * so a crafted ?redirect= cannot send people elsewhere.
 */
export function safeRedirect(target: unknown, fallback = '/dashboard'): string {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  )
    return fallback;
  if (target.startsWith('/login') || target.startsWith('/register')) return fallback;
  return target;
}
