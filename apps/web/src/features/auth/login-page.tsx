import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { AuthProviderInfo } from 'pocketbase';
import { FALLBACK, NO_FORM_ERROR, toFormError, type FormError } from '../../lib/errors';
import { safeRedirect } from '../../lib/safe-redirect';
import { useTitle } from '../../lib/use-title';
import { Button, Card, TextField } from '../../ui';
import { login, loginWithOtp, requestOtp } from './data/auth-actions';
import { authMethodsQuery } from './data/auth-methods';
import { FormErrorAlert } from './form-error';
import { startOAuth2 } from './oauth2-state';

function PasswordForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      await login(email.trim(), password);
      onDone();
    } catch (err) {
      setError(toFormError(err, FALLBACK.login));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign in with password">
      <FormErrorAlert message={error.message} />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
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
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" loading={busy} size="lg">
        Sign in
      </Button>
    </form>
  );
}

function OtpForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [otpId, setOtpId] = useState('');
  const [mailDelayed, setMailDelayed] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const [busy, setBusy] = useState(false);

  async function send(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      const sent = await requestOtp(email.trim());
      setMailDelayed(sent.mailDelayed);
      setOtpId(sent.otpId);
    } catch (err) {
      setError(toFormError(err, FALLBACK.login));
    }
    setBusy(false);
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(NO_FORM_ERROR);
    try {
      await loginWithOtp(otpId, code.trim());
      onDone();
    } catch (err) {
      setError(toFormError(err, FALLBACK.login));
      setBusy(false);
    }
  }

  if (!otpId) {
    return (
      <form
        onSubmit={send}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Sign in with an email code"
      >
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
          description="We’ll email you a one-time code."
        />
        <Button type="submit" loading={busy} size="lg">
          Email me a code
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={verify} noValidate className="flex flex-col gap-4" aria-label="Enter your email code">
      <p className="text-sm text-zinc-600" role="status">
        If an account exists for <strong className="text-zinc-900">{email}</strong>, a code is on its way. It
        expires in a few minutes.
      </p>
      {mailDelayed ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          Email delivery is delayed right now, so the code may arrive late. A code that expires before it can
          be sent is not sent at all: if none arrives in a few minutes, sign in with your password or try
          again later.
        </p>
      ) : null}
      <FormErrorAlert message={error.message} />
      <TextField
        label="Code from the email"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error.fields.password || error.fields.otpId}
      />
      <Button type="submit" loading={busy} size="lg">
        Sign in
      </Button>
      <button
        type="button"
        className="text-sm font-medium text-brand-700 hover:underline"
        onClick={() => {
          setOtpId('');
          setCode('');
          setError(NO_FORM_ERROR);
        }}
      >
        Use another email
      </button>
    </form>
  );
}

function ProviderButtons({ providers, redirect }: { providers: AuthProviderInfo[]; redirect: string }) {
  if (!providers.length) return null;
  return (
    <div className="flex flex-col gap-2">
      {providers.map((p) => (
        <Button key={p.name} variant="secondary" size="lg" onClick={() => startOAuth2(p, redirect)}>
          Continue with {p.displayName || p.name}
        </Button>
      ))}
    </div>
  );
}

function Divider({ children }: { children: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-zinc-400">
      <span className="h-px flex-1 bg-zinc-200" />
      {children}
      <span className="h-px flex-1 bg-zinc-200" />
    </div>
  );
}

/** /login: password, the configured OAuth2 providers, and a one-time email code as an alternative. */
export function LoginPage() {
  useTitle('Sign in');
  const search = useSearch({ from: '/auth/login' });
  const navigate = useNavigate();
  const methods = useQuery(authMethodsQuery);
  const [mode, setMode] = useState<'password' | 'otp'>('password');
  const target = safeRedirect(search.redirect);
  const done = () => void navigate({ to: target, replace: true });

  const providers = methods.data?.oauth2.enabled ? methods.data.oauth2.providers : [];
  const otpEnabled = !!methods.data?.otp.enabled;

  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-1 text-sm text-zinc-600">
        New here?{' '}
        <Link
          to="/register"
          search={{ redirect: search.redirect }}
          className="font-medium text-brand-700 hover:underline"
        >
          Create an account
        </Link>
      </p>
      {search.redirect ? (
        <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {target.startsWith('/teams/invite/')
            ? 'Sign in, or create an account, to join the team.'
            : 'Please sign in to continue.'}
        </p>
      ) : null}
      <div className="mt-6">
        {mode === 'password' ? <PasswordForm onDone={done} /> : <OtpForm onDone={done} />}
      </div>
      {otpEnabled ? (
        <button
          type="button"
          className="mt-4 w-full text-center text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setMode(mode === 'password' ? 'otp' : 'password')}
        >
          {mode === 'password' ? 'Sign in with an email code instead' : 'Sign in with your password instead'}
        </button>
      ) : null}
      {providers.length ? (
        <>
          <Divider>or</Divider>
          <ProviderButtons providers={providers} redirect={target} />
        </>
      ) : null}
    </Card>
  );
}
