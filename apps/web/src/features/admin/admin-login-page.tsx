import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { LogoMark } from '../../ui/logo';
import { FALLBACK, NO_FORM_ERROR, toFormError, type FormError } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/text-field';
import { adminOtpEnabled, requestAdminOtp, signInAdmin, signInAdminWithOtp } from './data/admin-auth-store';
import { adminRedirect } from './admin-guard';

/**
 * Where the sign-in stands: the password (or, with OTP on, the email a code goes to), then the
 * mailed code. `mfaId` is set when the code is the second factor after a password (MFA).
 */
type Step =
  { kind: 'password'; mfaId?: string } | { kind: 'email' } | { kind: 'code'; otpId: string; mfaId: string };

/**
 * /admin/login (no layout): an operator's sign-in on the admin client, with the second factor when
 * MFA is on for superusers and a code-only sign-in when OTP is. A customer signed in on the site
 * stays signed in.
 */
export function AdminLoginPage() {
  useTitle('Back office sign-in');
  const { redirect } = useSearch({ from: '/bare/admin/login' });
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [busy, setBusy] = useState(false);
  const [otpOn, setOtpOn] = useState(false);

  useEffect(() => {
    let live = true;
    // note: without the answer the page simply offers the password, which always exists.
    adminOtpEnabled().then(
      (on) => live && setOtpOn(on),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      await action();
    } catch (err) {
      setError(toFormError(err, FALLBACK.login));
    } finally {
      setBusy(false);
    }
  }

  const done = () => navigate({ href: adminRedirect(redirect), replace: true });

  /** The second step: a code to the operator's mail, for the MFA session `mfaId` (if any). */
  async function askForCode(mfaId: string) {
    const otpId = await requestAdminOtp(email.trim());
    setCode('');
    setStep({ kind: 'code', otpId, mfaId });
  }

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const mfaId = step.kind === 'password' ? step.mfaId : undefined;
      const pending = await signInAdmin(email.trim(), password, mfaId);
      if (pending) await askForCode(pending.mfaId);
      else await done();
    });
  };

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    void run(() => askForCode(''));
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'code') return;
    void run(async () => {
      const pending = await signInAdminWithOtp(step.otpId, code.trim(), step.mfaId || undefined);
      // note: a code alone under MFA is a first factor too; the password is the second.
      if (pending) {
        setPassword('');
        setStep({ kind: 'password', mfaId: pending.mfaId });
      } else await done();
    });
  };

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
        {step.kind === 'code' ? (
          <form
            onSubmit={submitCode}
            noValidate
            className="mt-6 flex flex-col gap-4"
            aria-label="Operator sign-in with a one-time code"
          >
            <p className="text-sm text-zinc-700" role="status">
              {step.mfaId ? 'One more step: we' : 'We'} sent a one-time code to{' '}
              <strong>{email.trim()}</strong>.
            </p>
            {error.message ? <Alert tone="error">{error.message}</Alert> : null}
            <TextField
              label="One-time code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={error.fields.password || error.fields.otpId}
            />
            <Button type="submit" size="lg" loading={busy}>
              Verify code
            </Button>
            <div className="flex justify-between text-sm">
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => void run(() => askForCode(step.mfaId))}
              >
                Send a new code
              </button>
              <button
                type="button"
                className="font-medium text-zinc-600 hover:underline"
                onClick={() => {
                  setError(NO_FORM_ERROR);
                  setStep({ kind: 'password' });
                }}
              >
                Start over
              </button>
            </div>
          </form>
        ) : step.kind === 'email' ? (
          <form
            onSubmit={submitEmail}
            noValidate
            className="mt-6 flex flex-col gap-4"
            aria-label="Request a one-time code"
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
              error={error.fields.email}
            />
            <Button type="submit" size="lg" loading={busy}>
              Email me a code
            </Button>
            <button
              type="button"
              className="text-sm font-medium text-brand-700 hover:underline"
              onClick={() => {
                setError(NO_FORM_ERROR);
                setStep({ kind: 'password' });
              }}
            >
              Use my password instead
            </button>
          </form>
        ) : (
          <form
            onSubmit={submitPassword}
            noValidate
            className="mt-6 flex flex-col gap-4"
            aria-label="Operator sign-in with password"
          >
            {step.mfaId ? (
              <p className="text-sm text-zinc-700" role="status">
                Code accepted. Enter your password to finish signing in.
              </p>
            ) : null}
            {error.message ? <Alert tone="error">{error.message}</Alert> : null}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              readOnly={!!step.mfaId}
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
            {otpOn && !step.mfaId ? (
              <button
                type="button"
                className="text-sm font-medium text-brand-700 hover:underline"
                onClick={() => {
                  setError(NO_FORM_ERROR);
                  setStep({ kind: 'email' });
                }}
              >
                Email me a one-time code instead
              </button>
            ) : null}
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Back to the site
          </Link>
        </p>
      </Card>
    </div>
  );
}
