import { useMutation } from '@tanstack/react-query';
import type { ConnectionTest } from '@photoshoot/contract';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/button';
import { adminPb } from '../admin-client';

const HOSTED: Record<string, string> = { fal: 'fal', replicate: 'Replicate', astria: 'Astria' };

/**
 * "Test connection" for a hosted provider: one authenticated read with the saved key
 * (`POST /api/admin/processing/providers/{name}/test`). Nothing for the built-in studio engine.
 */
export function TestConnection({ provider }: { provider: unknown }) {
  const name = typeof provider === 'string' ? provider : '';
  const test = useMutation({
    mutationFn: () =>
      adminPb.send<ConnectionTest>(`/api/admin/processing/providers/${encodeURIComponent(name)}/test`, {
        method: 'POST',
      }),
  });
  if (!HOSTED[name]) return null;
  return (
    <>
      <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
        Test connection to {HOSTED[name]}
      </Button>
      <p role="status" className="text-sm" aria-live="polite">
        {test.isSuccess ? <span className="text-emerald-700">Connected: {test.data.message}</span> : null}
        {test.isError ? <span className="text-red-700">{errorMessage(test.error)}</span> : null}
        {test.isIdle ? <span className="text-zinc-500">Uses the saved key: save first.</span> : null}
      </p>
    </>
  );
}
