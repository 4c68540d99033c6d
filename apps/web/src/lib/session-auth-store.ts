import { BaseAuthStore, type AuthRecord } from 'pocketbase';

/**
 * The SDK auth store of a tab with its own session (`tab-session.ts`): like the SDK's
 * LocalAuthStore, but in sessionStorage, so nothing it saves reaches another tab. Same stored
 * shape (`{token, record}`), so `stored-auth.ts` reads it before the SDK loads.
 */
export class SessionAuthStore extends BaseAuthStore {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {
    super();
    try {
      const { token, record } = JSON.parse(storage.getItem(key) ?? '{}') as {
        token?: unknown;
        record?: AuthRecord;
      };
      if (typeof token === 'string') super.save(token, record ?? null);
    } catch {
      // note: an unreadable entry is no session.
    }
  }

  override save(token: string, record?: AuthRecord): void {
    this.storage.setItem(this.key, JSON.stringify({ token, record: record ?? null }));
    super.save(token, record);
  }

  override clear(): void {
    this.storage.removeItem(this.key);
    super.clear();
  }
}
