import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FALLBACK, NO_FORM_ERROR, toFormError, type FormError } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { Alert, Button, Card, TextField } from '../../ui';
import { requestMailedLink } from '../../shared/data/request-mailed-link';
import { FormErrorAlert } from './form-error';
import { MailDelayedNote } from '../../shared/mail-delayed-note';

/** /forgot-password: asks for a reset link (the answer never says whether the account exists). */
export function ForgotPasswordPage() {
  useTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [mailDelayed, setMailDelayed] = useState(false);
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      setMailDelayed((await requestMailedLink('request-password-reset', email.trim())).mailDelayed);
      setSent(true);
    } catch (err) {
      setError(toFormError(err, FALLBACK.requestPasswordReset));
    }
    setBusy(false);
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Reset your password</h1>
        {sent ? (
          <div className="mt-6 flex flex-col gap-4">
            <Alert tone="success" title="Check your inbox">
              If an account exists for {email}, we’ve sent a link to choose a new password. It is valid for a
              limited time.
            </Alert>
            {mailDelayed ? <MailDelayedNote /> : null}
            <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
              Back to sign in
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
            <p className="text-sm text-zinc-600">
              Enter the email you signed up with and we’ll send you a reset link.
            </p>
            <FormErrorAlert message={error.message} />
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error.fields.email}
            />
            <Button type="submit" loading={busy} size="lg">
              Send reset link
            </Button>
            <Link to="/login" className="text-center text-sm font-medium text-brand-700 hover:underline">
              Back to sign in
            </Link>
          </form>
        )}
      </Card>
    </div>
  );
}
