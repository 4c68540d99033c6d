/**
 * Sign-in with a mailed one-time code (PocketBase's OTP and MFA). Codes are stored hashed, work once, expire
 * after `settings.otp.duration`, and allow a few guesses each; unknown addresses get a decoy code
 * (stored, never mailed) so neither the request nor the guesses tell whether an account exists.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';
import { ApiError, ValidationErrors } from '../errors.js';
import { otpMail } from '../mail/templates.js';
import { formatDate, nowString, parseDate } from '../../tools/dates.js';
import { newId, randomDigits } from '../../tools/random.js';
import { decoyRecordRef, isDecoy } from './otp-decoy.js';
import { checkEmailInput, sameEmail } from './email-address.js';
import { findAuthRecordByEmail } from './find-by-email.js';
import { countAttempt, deleteExpiredOtps, deleteOtp, findOtp, insertOtp, liveOtps } from './otp-store.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { updateAsSystem } from './system-update.js';
import { dropUnprovenLinks } from '../oauth2/proven-mailbox.js';

const INVALID_DATA = 'An error occurred while validating the submitted data.';
/** Guesses allowed per code. */
export const OTP_MAX_ATTEMPTS = 5;
/** Beyond this many live codes per record, the newest is handed out again instead of mailing more. */
const MAX_LIVE_OTPS = 10;

/** OTP is on when enabled in settings and listed for this collection. */
export function otpEnabled(app: App, collection: CollectionDef): boolean {
  const otp = app.settings.get().otp;
  return otp.enabled && Array.isArray(otp.collections) && otp.collections.includes(collection.name);
}

function requireOtp(app: App, collection: CollectionDef): void {
  if (!otpEnabled(app, collection))
    throw ApiError.forbidden('The collection is not configured to allow OTP authentication.');
}

function cutoff(durationSeconds: number): string {
  return formatDate(new Date(Date.now() - durationSeconds * 1000));
}

/** Creates and mails a code for `email`; returns its id (a fake one for unknown addresses). */
export async function requestOtp(app: App, collection: CollectionDef, email: string): Promise<string> {
  requireOtp(app, collection);
  const errors = new ValidationErrors();
  checkEmailInput(errors, 'email', email);
  errors.throwIfAny(INVALID_DATA);
  const settings = app.settings.get().otp;
  const code = randomDigits(settings.length);
  // note: hashed before the lookup so known and unknown addresses take the same time.
  const hash = await hashPassword(code);
  const record = await findAuthRecordByEmail(app, collection, email);
  // note: an unknown address gets a stored decoy (counted guesses, the same live-code cap), so its
  // answers to guesses are those of a real account whose code was never guessed right.
  const recordRef = record ? String(record.id) : decoyRecordRef(email);
  const since = cutoff(settings.duration);
  await deleteExpiredOtps(app.db, since);
  const live = await liveOtps(app.db, collection.id, recordRef, since);
  if (live.length >= MAX_LIVE_OTPS) return live[0]!.id;
  const id = newId();
  const to = record ? String(record.email) : '';
  await insertOtp(app.db, {
    id,
    collectionRef: collection.id,
    recordRef,
    password: hash,
    sentTo: to,
    attempts: 0,
    created: nowString(),
  });
  if (!record) return id;
  await app.mailer.queue(
    { to, ...otpMail(app.settings.get().meta, code, settings.duration) },
    { expiresAt: new Date(Date.now() + settings.duration * 1000) },
  );
  return id;
}

/** Spends the code and returns the record it signs in (verified if the code went to its current email). */
export async function authenticateWithOtp(
  app: App,
  collection: CollectionDef,
  otpId: string,
  password: string,
): Promise<RecordData> {
  requireOtp(app, collection);
  const errors = new ValidationErrors();
  if (otpId === '') errors.add('otpId', 'validation_required', 'Cannot be blank.');
  else if (otpId.length > 255)
    errors.add('otpId', 'validation_length_out_of_range', 'The length must be between 1 and 255.');
  if (password === '') errors.add('password', 'validation_required', 'Cannot be blank.');
  else if (password.length > 71)
    errors.add('password', 'validation_length_out_of_range', 'The length must be between 1 and 71.');
  errors.throwIfAny(INVALID_DATA);

  const invalid = () => ApiError.badRequest('Invalid or expired OTP.');
  const otp = await findOtp(app.db, otpId);
  const created = otp ? parseDate(otp.created) : null;
  const maxAge = app.settings.get().otp.duration * 1000;
  if (!otp || otp.collectionRef !== collection.id || !created || Date.now() - created.getTime() >= maxAge)
    throw invalid();
  // note: the guess counts before anything that tells a decoy from a real code.
  if ((await countAttempt(app.db, otp.id)) > OTP_MAX_ATTEMPTS) {
    throw ApiError.tooManyRequests('Too many attempts, please try again later with a new OTP.');
  }
  if (!(await verifyPassword(otp.password, password))) throw invalid();
  const record = isDecoy(otp.recordRef) ? null : await app.records.findById(collection, otp.recordRef);
  if (!record) throw invalid();
  if (!(await deleteOtp(app.db, otp.id))) throw invalid();
  if (!sameEmail(otp.sentTo, record.email)) return record;
  // The code reached the account's mailbox: links a squatter made before that proof go.
  const proven = await dropUnprovenLinks(app, collection, record);
  if (proven.verified) return proven;
  return (await updateAsSystem(app, collection, String(record.id), { verified: true })).data;
}
