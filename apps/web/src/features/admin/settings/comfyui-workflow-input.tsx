import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-field';
import { refusedFields } from '../data/refused-fields';
import { validateWorkflow } from './data/settings-api';

type Workflow = { name: string } & Record<string, unknown>;

/** The server's field errors of a refused workflow, one sentence each ("graph: Node 7 …"). */
function problems(err: unknown): string[] {
  const data = (refusedFields(err) ?? {}) as Record<string, { message?: string }>;
  const lines = Object.entries(data).map(([field, d]) => `${field}: ${d?.message ?? ''}`);
  return lines.length ? lines : [errorMessage(err)];
}

/**
 * Paste or upload a workflow (ComfyUI's API export wrapped with its placeholders), checked by the
 * server (`POST /api/admin/comfyui/workflows/validate`) before it joins the list to save.
 */
export function ComfyuiWorkflowInput({ onAdd }: { onAdd: (w: Workflow) => void }) {
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState('');
  const check = useMutation({
    mutationFn: (w: Workflow) => validateWorkflow(w),
    onSuccess: (_answer, w) => {
      onAdd(w);
      setText('');
    },
  });
  const submit = () => {
    setParseError('');
    check.reset();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      setParseError(`This is not JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    check.mutate(parsed as Workflow);
  };
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4">
      <TextAreaField
        label="Add a workflow"
        description="Paste a workflow file (see docs/comfyui.md: the API export with its name, placeholders and output node), or choose one below."
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="font-mono text-xs"
        spellCheck={false}
        error={parseError || undefined}
      />
      <label className="text-sm text-zinc-700">
        <span className="mr-2">Or upload a .json file:</span>
        <input
          type="file"
          accept=".json,application/json"
          className="text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then(setText);
          }}
        />
      </label>
      <div role="status" aria-live="polite">
        {check.isError ? (
          <Alert tone="error" title="The workflow was not added">
            <ul className="list-disc pl-5">
              {problems(check.error).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {check.isSuccess ? (
          <p className="text-sm text-emerald-700">Checked and added: save to keep it.</p>
        ) : null}
      </div>
      <div>
        <Button
          type="button"
          variant="secondary"
          loading={check.isPending}
          disabled={!text.trim()}
          onClick={submit}
        >
          Check and add
        </Button>
      </div>
    </div>
  );
}
