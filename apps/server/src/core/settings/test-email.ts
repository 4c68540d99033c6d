/**
 * `POST /api/settings/test/email`: sends one of the account mails, as an auth collection's users
 * would get it, to an address the operator names, through the mail settings in force. The links
 * carry a placeholder token: a test mail must not be able to change any account.
 */
import type { App } from '../app.js';
import { checkEmailInput } from '../auth/email-address.js';
import { ApiError, ValidationErrors } from '../errors.js';
import {
  emailChangeMail,
  loginAlertMail,
  otpMail,
  passwordResetMail,
  verificationMail,
} from '../mail/templates.js';
import { renderMail, type RenderedMail } from '../mail/layout.js';
import type { CollectionDef } from '../schema/collection.js';

export const TEST_EMAIL_TEMPLATES = [
  'verification',
  'password-reset',
  'email-change',
  'otp',
  'login-alert',
  // Ours, beyond PocketBase's account mails: a message that says it is a test and nothing else,
  // for the back office's "Send test mail".
  'test',
] as const;
type Template = (typeof TEST_EMAIL_TEMPLATES)[number];

const FAILED = 'Failed to send the test email.';
const TEST_TOKEN = 'this-is-a-test-token';
const TEST_CODE = '12345678';
/** Where the test alert says the sign-in came from: a documentation address (RFC 5737), never a real one. */
const TEST_ORIGIN = 'a test browser at 192.0.2.1 (this is a test email: nobody signed in)';

export type TestEmailInput = { email?: unknown; template?: unknown; collection?: unknown };

function render(app: App, collection: CollectionDef, template: Template, to: string): RenderedMail {
  const meta = app.settings.get().meta;
  const auth = collection.auth!;
  switch (template) {
    case 'verification':
      return verificationMail(meta, TEST_TOKEN, auth.verificationTokenDuration);
    case 'password-reset':
      return passwordResetMail(meta, TEST_TOKEN, auth.passwordResetTokenDuration);
    case 'email-change':
      return emailChangeMail(meta, TEST_TOKEN, to, auth.emailChangeTokenDuration);
    case 'otp': {
      const { length, duration } = app.settings.get().otp;
      return otpMail(meta, TEST_CODE.padEnd(length, '0').slice(0, length), duration);
    }
    case 'login-alert':
      return loginAlertMail(meta, TEST_ORIGIN);
    case 'test':
      return renderMail(meta, {
        subject: `Test mail from ${meta.appName}`,
        heading: 'Your mail settings work',
        paragraphs: [
          `This is a test sent from the ${meta.appName} back office to check the mail settings. Customers get their mails the same way.`,
          'Nothing else happened: no account was changed.',
        ],
      });
  }
}

export async function sendTestEmail(app: App, input: TestEmailInput): Promise<void> {
  const errors = new ValidationErrors();
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  checkEmailInput(errors, 'email', email);
  const template = typeof input.template === 'string' ? input.template : '';
  if (!template) errors.add('template', 'validation_required', 'Cannot be blank.');
  else if (!(TEST_EMAIL_TEMPLATES as readonly string[]).includes(template))
    errors.add('template', 'validation_in_invalid', 'Must be a valid value.');
  const name = typeof input.collection === 'string' && input.collection ? input.collection : '_superusers';
  const collection = app.registry.find(name);
  if (!collection || collection.type !== 'auth' || !collection.auth)
    errors.add('collection', 'validation_invalid_collection', 'Must be an auth collection.');
  errors.throwIfAny(FAILED);

  const mail = render(app, collection!, template as Template, email);
  try {
    await app.mailer.send({ to: email, ...mail });
  } catch (err) {
    throw ApiError.badRequest(`${FAILED} Raw error: \n${err instanceof Error ? err.message : String(err)}`);
  }
}
