/**
 * Email change (PocketBase's verification and email change): the link goes to the new address, and
 * confirming needs the current password, so neither a stolen session nor a stolen mailbox alone can
 * move the account.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';
import { ApiError, ValidationErrors } from '../errors.js';
import { emailChangeMail } from '../mail/templates.js';
import { checkEmailInput, sameEmail } from './email-address.js';
import { findAuthRecordByEmail } from './find-by-email.js';
import { normalizeEmail } from '../../tools/normalize-email.js';
import { readFlowToken, spendFlowToken } from './flow-token.js';
import { verifyPassword } from './passwords.js';
import { resendThrottle } from './resend-throttle.js';
import { updateAsSystem } from './system-update.js';
import { peekToken } from './tokens.js';

const INVALID_DATA = 'An error occurred while validating the submitted data.';

function refuseSuperusers(collection: CollectionDef): void {
  if (collection.name === '_superusers')
    throw ApiError.badRequest('All superusers can change their emails directly.');
}

/** Mails a confirmation link to `newEmail` for the signed-in `record`. */
export async function requestEmailChange(
  app: App,
  collection: CollectionDef,
  record: RecordData,
  newEmail: string,
): Promise<void> {
  refuseSuperusers(collection);
  const errors = new ValidationErrors();
  // note: in its normal form, so a lookalike of a taken address is found taken.
  newEmail = normalizeEmail(newEmail);
  checkEmailInput(errors, 'newEmail', newEmail);
  if (errors.empty && sameEmail(newEmail, record.email))
    errors.add('newEmail', 'validation_not_in_invalid', 'Must be a valid value.');
  if (errors.empty) {
    const other = await findAuthRecordByEmail(app, collection, newEmail);
    if (other && other.id !== record.id)
      errors.add('newEmail', 'validation_invalid_new_email', 'Invalid new email address.');
  }
  errors.throwIfAny(INVALID_DATA);
  // note: keyed by the target address too, so correcting a typo is not swallowed by the throttle.
  const throttle = resendThrottle(app);
  const key = `emailChange:${collection.id}:${String(record.id)}:${newEmail.toLowerCase()}`;
  if (!throttle.claim(key)) return;
  const validFor = collection.auth!.emailChangeTokenDuration;
  const token = await app.auth.issueToken(collection, record, 'emailChange', {
    extra: { email: String(record.email), newEmail },
  });
  try {
    await app.mailer.send({
      to: newEmail,
      ...emailChangeMail(app.settings.get().meta, token, newEmail, validFor),
    });
  } catch {
    throttle.release(key);
    throw ApiError.badRequest('Failed to request email change.');
  }
}

export type EmailChangeInput = { token: string; password: string };

/** Moves the account to the new address, marks it verified and ends every session (tokenKey rotates). */
export async function confirmEmailChange(
  app: App,
  collection: CollectionDef,
  input: EmailChangeInput,
): Promise<void> {
  refuseSuperusers(collection);
  const errors = new ValidationErrors();
  const newEmail = input.token ? peekToken(input.token)?.newEmail : undefined;
  let found = null;
  if (input.token && !newEmail)
    errors.add('token', 'validation_invalid_token_payload', 'Invalid token payload - newEmail must be set.');
  else found = await readFlowToken(app, collection, input.token, 'emailChange', errors);
  if (found) {
    const other = await findAuthRecordByEmail(app, collection, newEmail!);
    if (other && other.id !== found.record.id)
      errors.add('token', 'validation_invalid_token_email', 'The new email address is invalid.');
  }
  if (input.password === '') errors.add('password', 'validation_required', 'Cannot be blank.');
  else if (!found || !(await verifyPassword(String(found.record.password ?? ''), input.password))) {
    errors.add('password', 'validation_invalid_password', 'Missing or invalid auth record password.');
  }
  errors.throwIfAny(INVALID_DATA);
  const record = found!.record;
  if (!(await spendFlowToken(app, collection, record))) {
    throw ApiError.badRequest(INVALID_DATA, {
      token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
    });
  }
  await updateAsSystem(app, collection, String(record.id), { email: newEmail, verified: true });
}
