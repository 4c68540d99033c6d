/**
 * fal's webhook public keys, from its published JWKS (`https://rest.fal.ai/.well-known/jwks.json`,
 * fal docs "Webhooks": Ed25519 keys as OKP JWKs, cacheable for up to 24 hours). Cached; fetched
 * again when older than MAX_AGE_MS, or when a signature fails to verify (fal rotated its keys) but
 * at most once per MIN_REFRESH_MS, so forged webhooks cannot make us hammer fal. A failed fetch
 * keeps the keys we had; with none, verification fails and the polling backstop settles the job.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';

const MAX_AGE_MS = 12 * 3600_000;
const MIN_REFRESH_MS = 60_000;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 64 * 1024;
const MAX_KEYS = 16;

function keyOf(jwk: unknown): KeyObject | null {
  const k = jwk as Record<string, unknown> | null;
  if (!k || k.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string') return null;
  // note: fal's live set pads `x` with '=', which a strict base64url JWK reader refuses.
  const x = k.x.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]{43}$/.test(x)) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  } catch {
    return null;
  }
}

export class FalJwks {
  private keys: KeyObject[] = [];
  private fetchedAt = -Infinity;
  private triedAt = -Infinity;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached keys, fetched first when there are none or they are old. */
  async current(): Promise<KeyObject[]> {
    if (!this.keys.length || this.now() - this.fetchedAt > MAX_AGE_MS) await this.fetchBounded();
    return this.keys;
  }

  /** Fetches again (for a signature no cached key verifies); null when that was tried just now. */
  async refreshed(): Promise<KeyObject[] | null> {
    return (await this.fetchBounded()) ? this.keys : null;
  }

  /** True when a fetch ran (or was running); false when the last try was under MIN_REFRESH_MS ago. */
  private async fetchBounded(): Promise<boolean> {
    if (!this.inFlight) {
      if (this.now() - this.triedAt < MIN_REFRESH_MS) return false;
      this.inFlight = this.fetchKeys().finally(() => (this.inFlight = null));
    }
    await this.inFlight;
    return true;
  }

  private async fetchKeys(): Promise<void> {
    this.triedAt = this.now();
    try {
      const res = await fetch(this.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        redirect: 'error',
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      if (text.length > MAX_BYTES) throw new Error('the key set is too large');
      const body = JSON.parse(text) as { keys?: unknown };
      const keys = (Array.isArray(body.keys) ? body.keys : []).slice(0, MAX_KEYS).map(keyOf);
      const usable = keys.filter((k): k is KeyObject => k !== null);
      if (!usable.length) throw new Error('no Ed25519 key in the set');
      this.keys = usable;
      this.fetchedAt = this.now();
    } catch (err) {
      console.error(
        '[processing] fetching fal webhook keys failed:',
        err instanceof Error ? err.message : String(err),
      );
    }
  }
}
