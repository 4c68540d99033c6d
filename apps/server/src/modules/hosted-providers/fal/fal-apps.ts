/**
 * Whether fal still serves the configured apps: its model search (fal docs "Platform APIs" →
 * "Model search", `GET https://api.fal.ai/v1/models?endpoint_id=a&endpoint_id=b`) answers
 * `{models: [{endpoint_id, metadata: {status: "active" | "deprecated"}}]}` for the ids it knows.
 * Part of the operator's connection test, so a typo or a retired app shows before a customer pays.
 * Sent without our key: the search needs none, and some of fal's docs ask for an admin key there.
 */
import { AccessCheckFailed } from '../check-access.js';

const TIMEOUT_MS = 15_000;

export async function checkFalApps(platformBase: string, apps: readonly string[]): Promise<void> {
  const query = apps.map((a) => `endpoint_id=${encodeURIComponent(a)}`).join('&');
  let models: unknown[];
  try {
    const res = await fetch(`${platformBase}/v1/models?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { models?: unknown };
    models = Array.isArray(body.models) ? body.models : [];
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new AccessCheckFailed(`fal accepted the key, but its model list could not be read (${why}).`);
  }
  for (const app of apps) {
    const found = models.find((m) => (m as Record<string, unknown>)?.endpoint_id === app) as
      { metadata?: { status?: unknown } } | undefined;
    if (!found)
      throw new AccessCheckFailed(`fal accepted the key, but has no app "${app}": check the app ids.`);
    if (found.metadata?.status === 'deprecated')
      throw new AccessCheckFailed(
        `fal accepted the key, but the app "${app}" is deprecated: choose its successor.`,
      );
  }
}
