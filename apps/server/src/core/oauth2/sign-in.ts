/**
 * auth-with-oauth2 without HTTP (PocketBase's auth-with-oauth2): check the provider, exchange the
 * code, read the user, pick or create the record. Provider failures become the protocol's two 400s;
 * the reason travels as the error's `cause` for the log, never in the response.
 */
import { ApiError, ValidationErrors } from '../errors.js';
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { Caller } from '../records/caller.js';
import type { RecordData } from '../records/codec.js';
import { linkAccount } from './link-account.js';
import { nonceFor } from './pkce.js';
import { fetchUser } from './profile.js';
import { enabledProviders, resolveProvider } from './providers.js';
import { exchangeCode } from './token.js';
import type { OAuth2User, ResolvedProvider, TokenSet } from './types.js';

export type OAuth2SignInInput = {
  provider: string;
  code: string;
  codeVerifier: string;
  redirectURL: string;
  createData: Record<string, unknown>;
  signedIn: RecordData | null;
  caller: Caller;
};

export type OAuth2SignInResult = { record: RecordData; isNew: boolean; user: OAuth2User; tokens: TokenSet };

async function step<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, message, {}, { cause: err });
  }
}

export async function signInWithOAuth2(
  app: App,
  collection: CollectionDef,
  input: OAuth2SignInInput,
): Promise<OAuth2SignInResult> {
  const configured = enabledProviders(app, collection);
  if (!configured.length) {
    throw ApiError.forbidden('The collection is not configured to allow OAuth2 authentication.');
  }
  const settings = configured.find((p) => p.name === input.provider);
  const errors = new ValidationErrors();
  if (!input.provider) {
    errors.add('provider', 'validation_required', 'Cannot be blank.');
  } else if (!settings) {
    const message = `Provider with name "${input.provider}" is missing or is not enabled.`;
    errors.add('provider', 'validation_invalid_provider', message, { name: input.provider });
  }
  if (!input.code) errors.add('code', 'validation_required', 'Cannot be blank.');
  errors.throwIfAny('An error occurred while loading the submitted data.');

  const tokenFailed = 'Failed to fetch OAuth2 token.';
  const provider: ResolvedProvider = await step(tokenFailed, () => resolveProvider(settings!));
  const tokens = await step(tokenFailed, () => exchangeCode(provider, input));
  const nonce = provider.pkce && input.codeVerifier ? nonceFor(input.codeVerifier) : '';
  const user = await step('Failed to fetch OAuth2 user.', () => fetchUser(provider, tokens, nonce));
  const { record, isNew } = await linkAccount(app, {
    collection,
    provider: provider.name,
    user,
    signedIn: input.signedIn,
    createData: input.createData,
    caller: input.caller,
  });
  return { record, isNew, user, tokens };
}
