import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { LogoMark } from '../../app/logo';
import { FALLBACK, toFormError, type FormError } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { Alert, Button, Card, TextField } from '../../ui';
import { signInAdmin } from './admin-auth-store';
import { adminRedirect } from './admin-guard';

const NO_ERROR: FormError = { message: '', fields: {} };

/**
 * /admin/login (no layout): an operator's password sign-in on the admin client. A customer
 * signed in on the site stays signed in. MFA and the rest of the back office come later.
 */
export function AdminLoginPage() {
  useTitle('Back office sign-in');
  const { redirect } = useSearch({ from: '/bare/admin/login' });
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError>(NO_ERROR);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(NO_ERROR);
    try {
      await signInAdmin(email.trim(), password);
      await navigate({ href: adminRedirect(redirect), replace: true });
    } catch (err) {
      setError(toFormError(err, FALLBACK.login));
      setBusy(false);
    }
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-zinc-100 px-4 py-10">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="flex items-center gap-2 font-bold">
          <LogoMark className="size-8" />
          <span>Photoshoot back office</span>
        </div>
        <h1 className="mt-6 text-2xl font-bold tracking-tight">Operator sign-in</h1>
        <p className="mt-1 text-sm text-zinc-600">For staff with a back-office account.</p>
        {redirect ? (
          <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
            Please sign in as an operator to continue.
          </p>
        ) : null}
        <form
          onSubmit={submit}
          noValidate
          className="mt-6 flex flex-col gap-4"
          aria-label="Operator sign-in with password"
        >
          {error.message ? <Alert tone="error">{error.message}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error.fields.identity}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error.fields.password}
          />
          <Button type="submit" size="lg" loading={busy}>
            Sign in
          </Button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Back to the site
          </Link>
        </p>
      </Card>
    </div>
  );
}
