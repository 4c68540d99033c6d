import { errorMessage } from '../lib/errors';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A read that failed, in place of what it would have shown: what could not be loaded, the
 * server's or the network's reason, and a way to ask again.
 *
 * note: not exported from ./index: lib/errors brings the SDK's error class, which the landing
 * page's bundle leaves out.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  /** Asks again; without it the reason stands alone (nothing the visitor can do would help). */
  onRetry?: () => void;
}) {
  return (
    <Alert tone="error" title={title}>
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
