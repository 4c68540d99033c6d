import type { APIRequestContext } from '@playwright/test';

/**
 * The scripts the landing page starts with: those its HTML names, and the app modules its start
 * script imports after the first paint (listed on that script's tag). Everything else is a lazy chunk.
 */
export async function initialScripts(request: APIRequestContext): Promise<Set<string>> {
  const html = await (await request.get('/')).text();
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const started = [...html.matchAll(/data-after-first-paint="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
  return new Set([...named, ...started]);
}
