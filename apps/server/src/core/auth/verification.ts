/**
 * Email verification (PocketBase's verification and email change): a mailed link whose token
 * carries the address it was sent to.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import { ApiError, ValidationErrors } from '../errors.js';
import { verificationMail } from '../mail/templates.js';
import { randomString } from '../../tools/random.js';
import { checkEmailInput } from './email-address.js';
import { findAuthRecordByEmail } from './find-by-email.js';
import { readFlowToken } from './flow-token.js';
import { resendThrottle } from './resend-throttle.js';
import { updateAsSystem } from './system-update.js';
import { dropUnprovenLinks } from '../oauth2/proven-mailbox.js';
import { peekToken } from './tokens.js';

const INVALID_DATA = 'An error occurred while validating the submitted data.';

function refuseSuperusers(collection: CollectionDef): void {
  if (collection.name === '_superusers') throw ApiError.badRequest('All superusers are verified by default.');
}

const throttleKey = (collection: CollectionDef, id: unknown) => `verification:${collection.id}:${String(id)}`;

/** Mails a verification link unless the address is unknown, already verified or recently mailed. */
export async function requestVerification(app: App, collection: CollectionDef, email: string): Promise<void> {
  refuseSuperusers(collection);
  const errors = new ValidationErrors();
  checkEmailInput(errors, 'email', email);
  errors.throwIfAny(INVALID_DATA);
  const record = await findAuthRecordByEmail(app, collection, email);
  if (!record || record.verified) return;
  const throttle = resendThrottle(app);
  const key = throttleKey(collection, record.id);
  if (!throttle.claim(key)) return;
  const to = String(record.email);
  const validFor = collection.auth!.verificationTokenDuration;
  const token = await app.auth.issueToken(collection, record, 'verification', { extra: { email: to } });
  await app.mailer.queue(
    { to, ...verificationMail(app.settings.get().meta, token, validFor) },
    { expiresAt: new Date(Date.now() + validFor * 1000) },
  );
}

/** Marks the record verified; a repeated confirmation of a still-valid token is a harmless no-op. */
export async function confirmVerification(app: App, collection: CollectionDef, token: string): Promise<void> {
  refuseSuperusers(collection);
  const errors = new ValidationErrors();
  const claimedEmail = token ? peekToken(token)?.email : undefined;
  let found = null;
  if (token && !claimedEmail)
    errors.add('token', 'validation_invalid_token_claims', 'Missing email token claim.');
  else found = await readFlowToken(app, collection, token, 'verification', errors);
  if (found && found.record.email !== claimedEmail) {
    errors.add(
      'token',
      'validation_token_email_mismatch',
      "The record email doesn't match with the requested token claims.",
    );
  }
  errors.throwIfAny(INVALID_DATA);
  // The link reached the account's mailbox: links a squatter made before that proof go.
  const record = await dropUnprovenLinks(app, collection, found!.record);
  if (!record.verified) {
    const body: Record<string, unknown> = { verified: true };
    // note: without password sign-in, whoever pre-registered this address must not keep a usable password.
    if (!collection.auth!.passwordAuth.enabled) {
      const password = randomString(30);
      Object.assign(body, { password, passwordConfirm: password });
    }
    await updateAsSystem(app, collection, String(record.id), body);
  }
  resendThrottle(app).release(throttleKey(collection, record.id));
}
