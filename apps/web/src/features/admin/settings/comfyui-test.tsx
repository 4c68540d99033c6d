import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/errors';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { testComfyui } from './data/settings-api';

/** "Test connection" for the saved ComfyUI servers: up, which GPU, every workflow's nodes installed. */
export function ComfyuiTest() {
  const test = useMutation({
    mutationFn: () => testComfyui(),
  });
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button type="button" variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
          Test connection
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {test.isIdle ? (
          <p className="text-zinc-600">Uses the saved servers and workflows: save first.</p>
        ) : null}
        {test.isError ? <p className="text-red-700">{errorMessage(test.error)}</p> : null}
        {test.isSuccess && !test.data.servers.length ? (
          <p className="text-zinc-700">No server is saved yet.</p>
        ) : null}
        {test.isSuccess ? (
          <ul className="flex flex-col gap-2">
            {test.data.servers.map((s) => (
              <li key={s.url} className="rounded-lg border border-zinc-200 p-3">
                <p className="flex flex-wrap items-center gap-2 font-medium break-all text-zinc-900">
                  <Badge tone={s.ok ? 'success' : 'danger'}>{s.ok ? 'ready' : 'not ready'}</Badge>
                  {s.url}
                </p>
                <p className="mt-1 text-zinc-700">{s.message}</p>
                {s.workflows
                  .filter((w) => w.problems.length)
                  .map((w) => (
                    <p key={w.name} className="mt-1 text-red-700">
                      {w.name}: {w.problems.join('; ')}
                    </p>
                  ))}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
