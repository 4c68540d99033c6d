/**
 * Password reset (PocketBase's password reset). The token is signed with the record's tokenKey, and
 * setting the new password rotates that key: the link works once, and every older session ends with
 * it.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import { ApiError, ValidationErrors } from '../errors.js';
import { passwordResetMail } from '../mail/templates.js';
import { checkEmailInput } from './email-address.js';
import { findAuthRecordByEmail } from './find-by-email.js';
import { readFlowToken, spendFlowToken } from './flow-token.js';
import { resendThrottle } from './resend-throttle.js';
import { updateAsSystem } from './system-update.js';

const INVALID_DATA = 'An error occurred while validating the submitted data.';
const MAX_PASSWORD = 71;

function requirePasswordAuth(collection: CollectionDef): void {
  if (!collection.auth!.passwordAuth.enabled) {
    throw ApiError.badRequest('The collection is not configured to allow password authentication.');
  }
}

const throttleKey = (collection: CollectionDef, id: unknown) =>
  `passwordReset:${collection.id}:${String(id)}`;

/** Mails a reset link unless the address is unknown or was mailed within the resend window. */
export async function requestPasswordReset(
  app: App,
  collection: CollectionDef,
  email: string,
): Promise<void> {
  requirePasswordAuth(collection);
  const errors = new ValidationErrors();
  checkEmailInput(errors, 'email', email);
  errors.throwIfAny(INVALID_DATA);
  const record = await findAuthRecordByEmail(app, collection, email);
  if (!record) return;
  const throttle = resendThrottle(app);
  const key = throttleKey(collection, record.id);
  if (!throttle.claim(key)) return;
  const to = String(record.email);
  const validFor = collection.auth!.passwordResetTokenDuration;
  const token = await app.auth.issueToken(collection, record, 'passwordReset', { extra: { email: to } });
  await app.mailer.queue(
    { to, ...passwordResetMail(app.settings.get().meta, token, validFor) },
    { expiresAt: new Date(Date.now() + validFor * 1000) },
  );
}

export type PasswordResetInput = { token: string; password: string; passwordConfirm: string };

export async function confirmPasswordReset(
  app: App,
  collection: CollectionDef,
  input: PasswordResetInput,
): Promise<void> {
  const errors = new ValidationErrors();
  const found = await readFlowToken(app, collection, input.token, 'passwordReset', errors);
  const min = collection.auth!.minPasswordLength;
  const length = [...input.password].length;
  if (input.password === '') errors.add('password', 'validation_required', 'Cannot be blank.');
  else if (length < min)
    errors.add('password', 'validation_min_text_constraint', `Must be at least ${min} character(s).`, {
      min,
    });
  else if (length > MAX_PASSWORD) {
    errors.add(
      'password',
      'validation_max_text_constraint',
      `Must be less than ${MAX_PASSWORD} character(s).`,
      { max: MAX_PASSWORD },
    );
  }
  if (input.passwordConfirm === '') errors.add('passwordConfirm', 'validation_required', 'Cannot be blank.');
  else if (input.passwordConfirm !== input.password)
    errors.add('passwordConfirm', 'validation_values_mismatch', "Values don't match.");
  errors.throwIfAny(INVALID_DATA);

  const { record, claims } = found!;
  if (!(await spendFlowToken(app, collection, record))) {
    throw ApiError.badRequest(INVALID_DATA, {
      token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
    });
  }
  const body: Record<string, unknown> = { password: input.password, passwordConfirm: input.passwordConfirm };
  // note: following the link proves the mailbox, but only if the address has not changed since.
  if (!record.verified && claims.email !== undefined && claims.email === record.email) body.verified = true;
  await updateAsSystem(app, collection, String(record.id), body);
  resendThrottle(app).release(throttleKey(collection, record.id));
}
