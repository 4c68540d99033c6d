/**
 * The "test connection" of a hosted provider: one authenticated read that costs nothing (no job,
 * no credit) and tells a wrong key from an unreachable service. Messages name the provider and
 * the status, never the key.
 */
const TIMEOUT_MS = 15_000;

export class AccessCheckFailed extends Error {}

/**
 * GETs `url` with the provider's auth headers; resolves when the answer's status is one of
 * `accepted` (a read the key was allowed to make), fails with a sentence otherwise.
 */
export async function checkAccess(
  service: string,
  url: string,
  headers: Record<string, string>,
  accepted: readonly number[] = [200],
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    throw new AccessCheckFailed(
      `${service} could not be reached (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  await res.body?.cancel();
  if (accepted.includes(res.status)) return;
  if (res.status === 401 || res.status === 403)
    throw new AccessCheckFailed(`${service} refused the key (HTTP ${res.status}): check it and save again.`);
  throw new AccessCheckFailed(`${service} answered HTTP ${res.status}; try again later.`);
}
