import { ClientResponseError } from 'pocketbase';

/** What a form shows for a failed call: one sentence and a message per invalid field. */
export type FormError = { message: string; fields: Record<string, string> };

/** A form with nothing to show: before its first submit, and while it is being sent. */
export const NO_FORM_ERROR: FormError = { message: '', fields: {} };

/**
 * The fallback messages, used when the server sends no message of its own.
 */
export const FALLBACK = {
  login: 'Failed to login with email and password',
  register: 'Failed to register user',
  requestPasswordReset: 'Failed to request password reset',
  resetPassword: 'Failed to reset password',
  updateProfile: 'Failed to update profile',
  changePassword: 'Failed to change password',
  oauth2: (provider: string) => `Failed to login with ${provider}`,
  generic: 'Something went wrong while processing your request.',
} as const;

const NETWORK_MESSAGE = 'Network error occurred';

/**
 * The protocol's generic sentence for a record create: it names the API operation and the field
 * messages say what went wrong, so the form's own fallback is said above them instead. A sign-in
 * failure ("Failed to authenticate.") is the server's word on the sign-in itself and is shown.
 */
const GENERIC_SERVER_MESSAGES = new Set(['Failed to create record.']);

/**
 * Turns anything a call threw (usually the SDK's ClientResponseError) into a form error:
 * the server's message when it sent one that says something, else `fallback`, and
 * `data.<field>.message` per field.
 */
export function toFormError(err: unknown, fallback: string = FALLBACK.generic): FormError {
  if (err instanceof ClientResponseError) {
    const fields: Record<string, string> = {};
    const data = err.response?.data;
    if (data && typeof data === 'object') {
      for (const [name, detail] of Object.entries(data as Record<string, unknown>)) {
        if (
          detail &&
          typeof detail === 'object' &&
          typeof (detail as { message?: unknown }).message === 'string'
        )
          fields[name] = (detail as { message: string }).message;
      }
    }
    // note: status 0 is a network failure or an abort; the SDK's text for it is not for people.
    if (err.status === 0) return { message: err.isAbort ? FALLBACK.generic : NETWORK_MESSAGE, fields };
    const serverMessage = typeof err.response?.message === 'string' ? err.response.message.trim() : '';
    if (GENERIC_SERVER_MESSAGES.has(serverMessage)) return { message: fallback, fields };
    return { message: serverMessage || fallback, fields };
  }
  return { message: fallback, fields: {} };
}

/** Just the sentence of `toFormError`. */
export function errorMessage(err: unknown, fallback: string = FALLBACK.generic): string {
  return toFormError(err, fallback).message;
}

/** The call failed because the signed-in session is no longer valid. */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof ClientResponseError && err.status === 401;
}

/** The HTTP status of a failed SDK call (0 for a network failure, or anything that is not one). */
export function errorStatus(err: unknown): number {
  return err instanceof ClientResponseError ? err.status : 0;
}
