/**
 * The auth half of every API request: an `Authorization` token to its collection and record, with
 * a memo of verified tokens that never changes an outcome (decision 014). A token that verified
 * under a signing key verifies under that key again, so a repeat only checks expiry and that the
 * record's current key is still that key; a changed tokenKey or collection secret, or a record that
 * is gone, misses and goes through full verification. The record itself is read on every request.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';
import { peekToken, verifyToken, type TokenClaims } from './tokens.js';

export type FoundAuth = { collection: CollectionDef; record: RecordData; claims: TokenClaims };

/** Past this many tokens the memo starts over: cheap, and bounded whatever clients send. */
const MAX_TOKENS = 10_000;

type Verified = { key: string; claims: TokenClaims };

export class AuthLookup {
  private verified = new Map<string, Verified>();

  constructor(
    private readonly app: App,
    /** The signing key of `record`'s auth tokens (tokenKey + the collection's auth secret). */
    private readonly keyOf: (collection: CollectionDef, record: RecordData) => string,
  ) {}

  /** Same result as verifying an auth token from scratch; null when invalid for any reason. */
  async find(token: string): Promise<FoundAuth | null> {
    const memo = this.verified.get(token);
    if (memo) {
      const found = await this.reuse(memo);
      if (found) return found;
      this.verified.delete(token);
    }
    const peek = peekToken(token);
    if (!peek || peek.type !== 'auth') return null;
    const collection = this.authCollection(peek.collectionId);
    if (!collection) return null;
    const record = await this.app.records.findById(collection, peek.id);
    if (!record) return null;
    const key = this.keyOf(collection, record);
    const claims = await verifyToken(token, key);
    if (!claims || claims.type !== 'auth') return null;
    if (this.verified.size >= MAX_TOKENS) this.verified = new Map();
    this.verified.set(token, { key, claims });
    return { collection, record, claims };
  }

  /** A remembered token, if full verification would accept it now. */
  private async reuse({ key, claims }: Verified): Promise<FoundAuth | null> {
    if (typeof claims.exp === 'number' && claims.exp <= Math.floor(Date.now() / 1000)) return null;
    const collection = this.authCollection(claims.collectionId);
    if (!collection) return null;
    const record = await this.app.records.findById(collection, claims.id);
    if (!record || this.keyOf(collection, record) !== key) return null;
    return { collection, record, claims };
  }

  private authCollection(id: string): CollectionDef | null {
    const collection = this.app.registry.find(id);
    return collection && collection.type === 'auth' ? collection : null;
  }
}
