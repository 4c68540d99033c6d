import { useMutation } from '@tanstack/react-query';
import type { ConnectionTest } from '@photoshoot/contract';
import { errorMessage } from '../../../lib/errors';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { testProvider } from './data/settings-api';

const HOSTED: Record<string, string> = { fal: 'fal', replicate: 'Replicate', astria: 'Astria' };

/** The title over the server's words: whether the saved configuration makes real portraits. */
export function connectionVerdict(answer: ConnectionTest): string {
  if (answer.notice) return 'Connected, but no real portraits';
  return answer.realPortraits ? 'Ready to make real portraits' : 'Connected';
}

/**
 * "Test connection" for a hosted provider (`POST /api/admin/processing/providers/{name}/test`):
 * the saved key, and where the adapter can tell, whether the saved configuration can make real
 * portraits, told in the server's words. Nothing for the built-in studio engine.
 */
export function TestConnection({ provider }: { provider: unknown }) {
  const name = typeof provider === 'string' ? provider : '';
  const test = useMutation({
    mutationFn: (tested: string) => testProvider(tested),
  });
  if (!HOSTED[name]) return null;
  // An answer is about the provider it tested: choosing another one in the form hides it.
  const current = test.variables === name;
  const answer = current ? test.data : undefined;
  return (
    <div className="flex w-full flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" loading={test.isPending && current} onClick={() => test.mutate(name)}>
          Test connection to {HOSTED[name]}
        </Button>
        {test.isIdle || !current ? (
          <span className="text-sm text-zinc-600">Tests the saved settings: save first.</span>
        ) : null}
      </div>
      {answer ? (
        <Alert tone={answer.notice ? 'warning' : 'success'} title={connectionVerdict(answer)}>
          <p>{answer.message}</p>
          {answer.notice ? <p className="mt-1">{answer.notice}</p> : null}
        </Alert>
      ) : null}
      {test.isError && current ? (
        <Alert tone="error" title="Not ready">
          <p>{errorMessage(test.error)}</p>
        </Alert>
      ) : null}
    </div>
  );
}
