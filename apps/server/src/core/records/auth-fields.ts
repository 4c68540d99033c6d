/**
 * The auth-collection rules of create and update (PocketBase's auth record rules): password and confirmation,
 * `oldPassword` for self-service changes, manage access for email/verified, tokenKey rotation.
 */
import type { CollectionDef } from '../schema/collection.js';
import type { ValidationErrors } from '../errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { randomString } from '../../tools/random.js';
import type { RecordData } from './codec.js';

export function newTokenKey(): string {
  return randomString(50);
}

type Input = {
  collection: CollectionDef;
  body: Record<string, unknown>;
  data: RecordData;
  existing: RecordData | null;
  submitted: Set<string>;
  /** Superuser, or the caller satisfies the collection's manageRule. */
  canManage: boolean;
  errors: ValidationErrors;
};

const NOT_ALLOWED = 'validation_not_allowed';

/** Checks and finalises auth fields in `data`; hashes a new password. */
export async function applyAuthFields(input: Input): Promise<void> {
  const { collection, body, data, existing, submitted, canManage, errors } = input;
  const opts = collection.auth!;
  const creating = existing === null;

  if (submitted.has('verified') && !canManage && data.verified !== (existing?.verified ?? false)) {
    errors.add('verified', NOT_ALLOWED, 'You are not allowed to change the verified state.');
  }
  if (!creating && submitted.has('email') && data.email !== existing.email && !canManage) {
    errors.add('email', NOT_ALLOWED, 'Use the email change flow to change your email.');
  }
  if (typeof data.email === 'string') data.email = data.email.trim();

  const password = submitted.has('password') ? String(data.password ?? '') : '';
  if (creating || password !== '') {
    if (password === '') {
      errors.add('password', 'validation_required', 'Cannot be blank.');
    } else if ([...password].length < opts.minPasswordLength) {
      errors.add(
        'password',
        'validation_min_text_constraint',
        `Must be at least ${opts.minPasswordLength} character(s).`,
        {
          min: opts.minPasswordLength,
        },
      );
    } else if ([...password].length > 71) {
      errors.add('password', 'validation_max_text_constraint', 'Must be less than 71 character(s).', {
        max: 71,
      });
    }
    const confirm = body.passwordConfirm;
    if (confirm === undefined || confirm === null || confirm === '') {
      errors.add('passwordConfirm', 'validation_required', 'Cannot be blank.');
    } else if (String(confirm) !== password) {
      errors.add('passwordConfirm', 'validation_values_mismatch', "Values don't match.");
    }
    if (!creating && !canManage) {
      const old = body.oldPassword;
      if (old === undefined || old === null || old === '') {
        errors.add('oldPassword', 'validation_required', 'Cannot be blank.');
      } else if (!(await verifyPassword(String(existing.password ?? ''), String(old)))) {
        errors.add('oldPassword', 'validation_invalid_old_password', 'Missing or invalid old password.');
      }
    }
  }
  if (!errors.empty) return;

  if (password !== '') data.password = await hashPassword(password);
  else if (existing) data.password = existing.password;
  const rotate = creating || password !== '' || (existing !== null && data.email !== existing.email);
  if (rotate) data.tokenKey = newTokenKey();
}
