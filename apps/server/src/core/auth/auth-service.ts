/**
 * Authentication of auth-collection records (PocketBase's auth collections): token issue and
 * verification, password sign-in, and the auth response shape. Flows that mail tokens build on
 * `issueToken`/`verifyRecordToken`.
 */
import { ApiError } from '../errors.js';
import { q } from '../db/db.js';
import type { CollectionDef } from '../schema/collection.js';
import type { App } from '../app.js';
import type { AuthState, Caller } from '../records/caller.js';
import type { RecordData } from '../records/codec.js';
import { recordMatchesRule } from '../records/rules.js';
import { AuthLookup } from './auth-lookup.js';
import { checkMfa, type AuthMethod } from './mfa.js';
import { dummyVerify, verifyPassword } from './passwords.js';
import { peekToken, signToken, verifyToken, type TokenClaims, type TokenType } from './tokens.js';
import { normalizeEmail } from '../../tools/normalize-email.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export type AuthResponse = { token: string; record: Record<string, unknown>; meta?: Record<string, unknown> };

type ResponseOptions = { token?: string; expand?: string; meta?: Record<string, unknown> };

/** How a sign-in ends: signed in, or (MFA) told to prove a second, different factor. */
export type SignInResult = { auth: AuthResponse } | { mfaId: string };

export class AuthService {
  /** Request authentication, with its caches (auth-lookup.ts). */
  private readonly lookup: AuthLookup;

  constructor(private readonly app: App) {
    this.lookup = new AuthLookup(app, (collection, record) => this.key(collection, record, 'auth'));
  }

  private key(collection: CollectionDef, record: RecordData, type: TokenType): string {
    return String(record.tokenKey ?? '') + this.app.tokenSecret(collection, type);
  }

  /** Signs a token of `type` for `record`; extra claims (email, newEmail) go in `extra`. */
  issueToken(
    collection: CollectionDef,
    record: RecordData,
    type: TokenType,
    opts: { duration?: number; refreshable?: boolean; extra?: Partial<TokenClaims> } = {},
  ): Promise<string> {
    const a = collection.auth!;
    const durations: Record<TokenType, number> = {
      auth: a.authTokenDuration,
      file: a.fileTokenDuration,
      verification: a.verificationTokenDuration,
      passwordReset: a.passwordResetTokenDuration,
      emailChange: a.emailChangeTokenDuration,
    };
    const claims: Omit<TokenClaims, 'exp'> = {
      id: String(record.id),
      type,
      collectionId: collection.id,
      ...opts.extra,
    };
    if (type === 'auth') claims.refreshable = opts.refreshable ?? true;
    return signToken(claims, this.key(collection, record, type), opts.duration || durations[type]);
  }

  /** Verifies a token of `type` against its record's current key; null when invalid for any reason. */
  async verifyRecordToken(
    token: string,
    type: TokenType,
  ): Promise<{ collection: CollectionDef; record: RecordData; claims: TokenClaims } | null> {
    const peek = peekToken(token);
    if (!peek || peek.type !== type) return null;
    const collection = this.app.registry.find(peek.collectionId);
    if (!collection || collection.type !== 'auth') return null;
    const record = await this.app.records.findById(collection, peek.id);
    if (!record) return null;
    const claims = await verifyToken(token, this.key(collection, record, type));
    if (!claims || claims.type !== type) return null;
    return { collection, record, claims };
  }

  /** The request's auth from an Authorization header value; invalid tokens mean a guest. */
  async authenticate(header: string | undefined): Promise<AuthState | null> {
    if (!header) return null;
    const token = header.replace(/^bearer\s+/i, '').trim();
    if (!token) return null;
    const found = await this.lookup.find(token);
    if (!found) return null;
    return {
      collection: found.collection,
      record: found.record,
      refreshable: found.claims.refreshable !== false,
      token,
    };
  }

  /** Throws 403 when the record fails the collection's authRule. */
  async checkAuthRule(collection: CollectionDef, record: RecordData, caller: Caller): Promise<void> {
    const rule = collection.auth?.authRule ?? null;
    const message = "The request doesn't satisfy the collection requirements to authenticate.";
    if (rule === null) throw ApiError.forbidden(message);
    if (rule === '') return;
    const asSelf: Caller = { ...caller, auth: { collection, record, refreshable: true, token: '' } };
    if (
      !(await recordMatchesRule(this.app.db, this.app.registry, collection, rule, asSelf, String(record.id)))
    ) {
      throw ApiError.forbidden(message);
    }
  }

  /** `{token, record}` with the record's own email visible; hidden fields only for superusers. */
  async authResponse(
    collection: CollectionDef,
    record: RecordData,
    caller: Caller,
    opts: ResponseOptions = {},
  ): Promise<AuthResponse> {
    await this.checkAuthRule(collection, record, caller);
    return this.respond(collection, record, caller, opts);
  }

  /**
   * The end of every sign-in by `factor.method` (password, OTP, OAuth2): the authRule, then MFA
   * (PocketBase's order), then the auth response. `factor.mfaId` is the client's MFA session, if any.
   */
  async signIn(
    collection: CollectionDef,
    record: RecordData,
    caller: Caller,
    factor: { method: AuthMethod; mfaId: string },
    opts: ResponseOptions = {},
  ): Promise<SignInResult> {
    await this.checkAuthRule(collection, record, caller);
    const mfaId = await checkMfa(this.app, collection, record, factor.method, factor.mfaId);
    if (mfaId) return { mfaId };
    return { auth: await this.respond(collection, record, caller, opts) };
  }

  private async respond(
    collection: CollectionDef,
    record: RecordData,
    caller: Caller,
    opts: ResponseOptions,
  ): Promise<AuthResponse> {
    const token = opts.token ?? (await this.issueToken(collection, record, 'auth'));
    const self: Caller = { ...caller, auth: { collection, record, refreshable: true, token } };
    const [json] = await this.app.records.shape(collection, [record], self, { expand: opts.expand });
    const body: AuthResponse = { token, record: json! };
    if (opts.meta) body.meta = opts.meta;
    return body;
  }

  /** Finds the record for `identity` and checks the password; 400 "Failed to authenticate." otherwise. */
  async withPassword(
    collection: CollectionDef,
    identity: string,
    password: string,
    identityField?: string,
  ): Promise<RecordData> {
    const fields = identityField ? [identityField] : collection.auth!.passwordAuth.identityFields;
    let record: RecordData | null = null;
    for (const field of fields) {
      if (field === 'email' && !EMAIL_SHAPE.test(identity)) continue;
      const ci =
        field === 'email'
          ? this.app.db.dialect === 'postgres'
            ? `LOWER(${q(field)}) = LOWER(?)`
            : `${q(field)} = ? COLLATE NOCASE`
          : `${q(field)} = ?`;
      const row = await this.app.db.get(`SELECT * FROM ${q(collection.name)} WHERE ${ci} LIMIT 1`, [
        field === 'email' ? normalizeEmail(identity) : identity,
      ]);
      if (row) {
        record = (await this.app.records.findById(collection, String(row.id)))!;
        break;
      }
    }
    if (!record) {
      await dummyVerify(password);
      throw ApiError.badRequest('Failed to authenticate.');
    }
    if (!(await verifyPassword(String(record.password ?? ''), password)))
      throw ApiError.badRequest('Failed to authenticate.');
    return record;
  }
}
