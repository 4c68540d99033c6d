import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  FALLBACK,
  NO_FORM_ERROR,
  errorMessage,
  errorStatus,
  toFormError,
  type FormError,
} from '../../lib/errors';
import { useFormFields } from '../../lib/use-form-fields';
import { fileUrl } from '../../lib/file-url';
import { Alert, Badge, Button, Card, TextField } from '../../ui';
import { Dialog } from '../../ui/dialog';
import type { User } from '../../lib/auth-store';
import {
  changePassword,
  confirmPassword,
  deleteAccount,
  requestEmailChange,
  updateProfile,
} from './data/account-api';
import { requestMailedLink } from '../../shared/data/request-mailed-link';
import { MailDelayedNote } from '../../shared/mail-delayed-note';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const AVATAR_MAX = 5 * 1024 * 1024;

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <div>
          <h2 id={id} className="text-lg font-semibold text-zinc-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-zinc-600">{description}</p> : null}
        </div>
        <div className="min-w-0">{children}</div>
      </Card>
    </section>
  );
}

/** Name, company and avatar (multipart PATCH of the user's own record). */
export function ProfileSection({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [companyName, setCompanyName] = useState(user.companyName);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!avatar) return setPreview('');
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  function pick(file: File | undefined) {
    setSaved(false);
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      setError({ message: '', fields: { avatar: 'Please choose a JPEG, PNG, WebP or GIF image.' } });
      return;
    }
    if (file.size > AVATAR_MAX) {
      setError({ message: '', fields: { avatar: 'Please choose an image under 5 MB.' } });
      return;
    }
    setError(NO_FORM_ERROR);
    setAvatar(file);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    setError(NO_FORM_ERROR);
    try {
      const body = new FormData();
      body.set('name', name.trim());
      body.set('companyName', companyName.trim());
      if (avatar) body.set('avatar', avatar);
      // note: updating the signed-in record also refreshes the SDK's auth store, hence the header.
      await updateProfile(user.id, body);
      setAvatar(null);
      setSaved(true);
    } catch (err) {
      setError(toFormError(err, FALLBACK.updateProfile));
    }
    setBusy(false);
  }

  const current = preview || (user.avatar ? fileUrl(user, user.avatar, '100x100') : '');
  return (
    <Section id="profile-title" title="Profile" description="How you appear on your photoshoots and teams.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Profile">
        {error.message ? <Alert tone="error">{error.message}</Alert> : null}
        {saved ? <Alert tone="success">Your profile has been saved.</Alert> : null}
        <div className="flex items-center gap-4">
          {current ? (
            <img
              src={current}
              alt="Your avatar"
              width={64}
              height={64}
              className="size-16 rounded-full object-cover ring-1 ring-zinc-200"
            />
          ) : (
            <span
              aria-hidden="true"
              className="inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700"
            >
              {(user.name || user.email).charAt(0).toUpperCase()}
            </span>
          )}
          <div className="flex flex-col gap-1">
            <label className="inline-flex w-fit cursor-pointer items-center rounded-xl bg-white px-3 py-2 text-sm font-semibold text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-300 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-zinc-50">
              {user.avatar || avatar ? 'Change avatar' : 'Upload avatar'}
              <input
                type="file"
                accept={AVATAR_TYPES.join(',')}
                className="sr-only"
                onChange={(e) => pick(e.target.files?.[0])}
                aria-describedby="avatar-hint"
              />
            </label>
            <p id="avatar-hint" className="text-xs text-zinc-500">
              JPEG, PNG, WebP or GIF, up to 5 MB.
            </p>
            {error.fields.avatar ? (
              <p className="text-sm font-medium text-red-700">{error.fields.avatar}</p>
            ) : null}
          </div>
        </div>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error.fields.name}
        />
        <TextField
          label="Company"
          name="companyName"
          autoComplete="organization"
          optional
          value={companyName}
          onChange={(e) => setCompanyName(e.target.value)}
          error={error.fields.companyName}
        />
        <div>
          <Button type="submit" loading={busy}>
            Save profile
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Verification status and resend, and an email change (a confirmation link goes to the new address). */
export function EmailSection({ user }: { user: User }) {
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [notice, setNotice] = useState('');
  const [mailDelayed, setMailDelayed] = useState(false);
  const [busy, setBusy] = useState<'' | 'change' | 'verify'>('');

  async function resend() {
    setBusy('verify');
    setNotice('');
    setMailDelayed(false);
    setError(NO_FORM_ERROR);
    try {
      setMailDelayed((await requestMailedLink('request-verification', user.email)).mailDelayed);
      setNotice(`We sent a new confirmation link to ${user.email}.`);
    } catch (err) {
      setError(toFormError(err));
    }
    setBusy('');
  }

  async function change(e: FormEvent) {
    e.preventDefault();
    setBusy('change');
    setNotice('');
    setMailDelayed(false);
    setError(NO_FORM_ERROR);
    try {
      await requestEmailChange(newEmail.trim());
      setNotice(`We sent a confirmation link to ${newEmail.trim()}. Your email changes once you open it.`);
      setNewEmail('');
    } catch (err) {
      setError(toFormError(err, FALLBACK.updateProfile));
    }
    setBusy('');
  }

  return (
    <Section id="email-title" title="Email" description="Where we send your results and receipts.">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-medium text-zinc-900">{user.email}</span>
          {user.verified ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <Badge tone="warning">Not verified</Badge>
          )}
          {!user.verified ? (
            <Button variant="secondary" size="sm" loading={busy === 'verify'} onClick={() => void resend()}>
              Resend confirmation email
            </Button>
          ) : null}
        </div>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {mailDelayed ? <MailDelayedNote /> : null}
        {error.message ? <Alert tone="error">{error.message}</Alert> : null}
        <form
          onSubmit={change}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Change email"
        >
          <div className="flex-1">
            <TextField
              label="New email"
              type="email"
              name="newEmail"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              error={error.fields.newEmail}
            />
          </div>
          <Button type="submit" variant="secondary" loading={busy === 'change'} disabled={!newEmail.trim()}>
            Change email
          </Button>
        </form>
      </div>
    </Section>
  );
}

/**
 * Password change: re-authenticate with the current password first, then PATCH the new
 * password, its confirmation and the old one. The change signs out other devices, so this one
 * signs in again with the new password.
 */
export function PasswordSection({ user }: { user: User }) {
  const { values, setValues, error, setError, field } = useFormFields({
    oldPassword: '',
    password: '',
    passwordConfirm: '',
  });
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const oldPasswordField = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    if (values.password !== values.passwordConfirm) {
      setError({ message: '', fields: { passwordConfirm: 'The passwords don’t match.' } });
      return;
    }
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      try {
        await confirmPassword(user.email, values.oldPassword);
      } catch (err) {
        // note: a 400 is the server refusing the password; anything else (offline, too many tries) says itself.
        const wrong = errorStatus(err) === 400;
        setError(
          wrong
            ? { message: '', fields: { oldPassword: 'Your current password is not correct.' } }
            : toFormError(err, FALLBACK.changePassword),
        );
        if (wrong) oldPasswordField.current?.focus();
        setBusy(false);
        return;
      }
      await changePassword(user, values);
      setValues({ oldPassword: '', password: '', passwordConfirm: '' });
      setSaved(true);
    } catch (err) {
      setError(toFormError(err, FALLBACK.changePassword));
    }
    setBusy(false);
  }

  return (
    <Section
      id="password-title"
      title="Password"
      description="Changing it signs you out on your other devices."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Change password">
        {error.message ? <Alert tone="error">{error.message}</Alert> : null}
        {saved ? <Alert tone="success">Your password has been changed.</Alert> : null}
        <TextField
          ref={oldPasswordField}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...field('oldPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...field('password')}
          description="At least 8 characters."
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...field('passwordConfirm')}
        />
        <div>
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Deletes the account after the password is confirmed; photos and portraits go with it. */
export function DeleteAccountSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      try {
        await confirmPassword(user.email, password);
      } catch {
        setError('Your password is not correct.');
        setBusy(false);
        return;
      }
      await deleteAccount(user.id);
      void navigate({ to: '/', replace: true, state: { deletedAccountEmail: user.email } });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <Section
      id="delete-title"
      title="Delete account"
      description="Permanently removes your account, photos and portraits."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setError('');
          setPassword('');
        }}
        title="Delete your account?"
        description="This cannot be undone. Your photoshoots, uploaded photos and portraits are deleted too."
      >
        <form onSubmit={confirm} noValidate className="flex flex-col gap-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            label="Your password"
            type="password"
            name="deletePassword"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" loading={busy} disabled={!password}>
              Delete permanently
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
