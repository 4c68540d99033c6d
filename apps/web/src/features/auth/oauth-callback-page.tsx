import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FALLBACK, errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { Alert, buttonClasses, Spinner } from '../../ui';
import { loginWithOAuth2Code } from './data/auth-actions';
import { oauth2CallbackUrl, takePendingOAuth2 } from './oauth2-state';

export const STATE_MISMATCH = "State parameters don't match.";

/**
 * /oauth-callback: the provider sends the browser back here with `code` and `state`. The state
 * must be the one saved before leaving (CSRF); then authWithOAuth2Code finishes the sign-in.
 */
export function OAuthCallbackPage() {
  useTitle('Signing you in');
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const pending = takePendingOAuth2();
    const providerError = params.get('error');
    if (!pending || !params.get('state') || params.get('state') !== pending.state) {
      setError(STATE_MISMATCH);
      return;
    }
    if (providerError || !params.get('code')) {
      setError(FALLBACK.oauth2(pending.displayName));
      return;
    }
    loginWithOAuth2Code(pending, params.get('code')!, oauth2CallbackUrl())
      .then(() => navigate({ to: '/dashboard', replace: true }))
      .catch((err: unknown) => setError(errorMessage(err, FALLBACK.oauth2(pending.displayName))));
  }, [navigate]);

  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-md text-center">
        {error ? (
          <div className="flex flex-col gap-4">
            <h1 className="text-2xl font-bold tracking-tight">Sign-in failed</h1>
            <Alert tone="error">{error}</Alert>
            <Link to="/login" className={buttonClasses('primary', 'lg')}>
              Back to sign in
            </Link>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 text-zinc-600">
            <h1 className="text-2xl font-bold tracking-tight text-zinc-900">Signing you in…</h1>
            <Spinner label="Finishing sign-in" />
          </div>
        )}
      </div>
    </div>
  );
}
