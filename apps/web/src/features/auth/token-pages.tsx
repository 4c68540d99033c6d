import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FALLBACK, NO_FORM_ERROR, errorMessage, toFormError, type FormError } from '../../lib/errors';
import { confirmEmailChange, confirmPasswordReset, confirmVerification } from './data/token-actions';
import { useTitle } from '../../lib/use-title';
import { Alert, Button, buttonClasses, Card, Spinner, TextField } from '../../ui';
import { refreshUser } from '../../lib/auth-store';
import { FormErrorAlert } from './form-error';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6 flex flex-col gap-4">{children}</div>
      </Card>
    </div>
  );
}

function MissingToken() {
  return (
    <Alert tone="error" title="This link is incomplete">
      Open the link from the email again, or ask for a new one.
    </Alert>
  );
}

/** /reset-password?token=: choose a new password (confirm-password-reset), then sign in. */
export function ResetPasswordPage() {
  useTitle('Choose a new password');
  const { token } = useSearch({ from: '/public/reset-password' });
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== passwordConfirm) {
      setError({ message: '', fields: { passwordConfirm: 'The passwords don’t match.' } });
      return;
    }
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      await confirmPasswordReset(token ?? '', password, passwordConfirm);
      setDone(true);
    } catch (err) {
      const formError = toFormError(err, FALLBACK.resetPassword);
      // note: an expired or used token is reported on the `token` field, which has no input here.
      if (formError.fields.token)
        formError.message = `${formError.message} The link has expired or was already used; ask for a new one.`;
      setError(formError);
    }
    setBusy(false);
  }

  if (!token)
    return (
      <Frame title="Choose a new password">
        <MissingToken />
      </Frame>
    );
  if (done) {
    return (
      <Frame title="Password changed">
        <Alert tone="success">Your password has been changed. You can now sign in with it.</Alert>
        <Link to="/login" className={buttonClasses('primary', 'lg')}>
          Sign in
        </Link>
      </Frame>
    );
  }
  return (
    <Frame title="Choose a new password">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormErrorAlert message={error.message} />
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error.fields.password}
          description="At least 8 characters."
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="passwordConfirm"
          autoComplete="new-password"
          required
          value={passwordConfirm}
          onChange={(e) => setPasswordConfirm(e.target.value)}
          error={error.fields.passwordConfirm}
        />
        <Button type="submit" loading={busy} size="lg">
          Change password
        </Button>
      </form>
      <Link to="/forgot-password" className="text-center text-sm font-medium text-brand-700 hover:underline">
        Ask for a new link
      </Link>
    </Frame>
  );
}

/** /confirm-verification?token=: confirms the email address as soon as the page opens. */
export function ConfirmVerificationPage() {
  useTitle('Confirm your email');
  const { token } = useSearch({ from: '/public/confirm-verification' });
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; message?: string }>({
    status: 'working',
  });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmVerification(token)
      .then(async () => {
        setState({ status: 'done' });
        await refreshUser().catch(() => undefined);
      })
      .catch((err: unknown) => setState({ status: 'failed', message: errorMessage(err) }));
  }, [token]);

  if (!token)
    return (
      <Frame title="Confirm your email">
        <MissingToken />
      </Frame>
    );
  return (
    <Frame title="Confirm your email">
      {state.status === 'working' ? <Spinner label="Confirming your email" /> : null}
      {state.status === 'done' ? (
        <>
          <Alert tone="success">Thank you — your email address is confirmed.</Alert>
          <Link to="/dashboard" className={buttonClasses('primary', 'lg')}>
            Go to your dashboard
          </Link>
        </>
      ) : null}
      {state.status === 'failed' ? (
        <Alert tone="error" title="We couldn’t confirm your email">
          {state.message} The link may have expired; you can ask for a new one in your settings.
        </Alert>
      ) : null}
    </Frame>
  );
}

/** /confirm-email-change?token=: the new address takes effect after the current password is given. */
export function ConfirmEmailChangePage() {
  useTitle('Confirm your new email');
  const { token } = useSearch({ from: '/public/confirm-email-change' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      await confirmEmailChange(token ?? '', password);
      setDone(true);
    } catch (err) {
      setError(toFormError(err, FALLBACK.updateProfile));
    }
    setBusy(false);
  }

  if (!token)
    return (
      <Frame title="Confirm your new email">
        <MissingToken />
      </Frame>
    );
  if (done) {
    return (
      <Frame title="Email changed">
        <Alert tone="success">
          Your email address has been changed. Please sign in again with the new address.
        </Alert>
        <Link to="/login" className={buttonClasses('primary', 'lg')}>
          Sign in
        </Link>
      </Frame>
    );
  }
  return (
    <Frame title="Confirm your new email">
      <p className="text-sm text-zinc-600">
        For your security, enter your current password to finish changing your email address.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormErrorAlert message={error.message} />
        <TextField
          label="Current password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error.fields.password}
        />
        <Button type="submit" loading={busy} size="lg">
          Confirm new email
        </Button>
      </form>
    </Frame>
  );
}
