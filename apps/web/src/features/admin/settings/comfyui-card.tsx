import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { SelectField, TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/use-toast';
import { refusedFields } from '../data/refused-fields';
import { updateSettings } from './data/settings-api';
import { adminKeys } from '../data/admin-keys';
import { ComfyuiTest } from './comfyui-test';
import { ComfyuiWorkflowInput } from './comfyui-workflow-input';

type Server = { name: string; url: string; authHeader: string; authValue: string };
type Workflow = { name: string } & Record<string, unknown>;
type Mapping = { style: string; workflow: string };
type Saved = {
  servers?: Server[];
  workflows?: Workflow[];
  defaultWorkflow?: string;
  styleWorkflows?: Mapping[];
};

/** The server's errors of a refused save, one sentence each, by settings path. */
function saveProblems(err: unknown): string[] {
  const data = refusedFields(err)?.comfyui as Record<string, { message?: string }> | undefined;
  if (!data) return [errorMessage(err)];
  return Object.entries(data).map(([field, d]) => `${field}: ${d?.message ?? ''}`);
}

/**
 * The ComfyUI section (docs/comfyui.md): the servers (URL and an optional auth header whose value
 * is write-only, blank keeping the saved one), the workflows (checked by the server before they
 * join the list), the default workflow and per-style choices, and the connection test.
 */
export function ComfyuiCard({
  settings,
  secrets,
}: {
  settings: Record<string, unknown>;
  secrets: Record<string, boolean>;
}) {
  const saved = (settings.comfyui ?? {}) as Saved;
  const [servers, setServers] = useState<Server[]>(() =>
    (saved.servers ?? []).map((s) => ({ ...s, authValue: '' })),
  );
  const [workflows, setWorkflows] = useState<Workflow[]>(saved.workflows ?? []);
  const [defaultWorkflow, setDefaultWorkflow] = useState(saved.defaultWorkflow ?? '');
  const [mappings, setMappings] = useState<Mapping[]>(saved.styleWorkflows ?? []);
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: () =>
      updateSettings({
        comfyui: {
          servers: servers.map((s) => ({
            ...s,
            name: s.name.trim(),
            url: s.url.trim(),
            authHeader: s.authHeader.trim(),
          })),
          workflows,
          defaultWorkflow,
          styleWorkflows: mappings,
        },
      }),
    onSuccess: async (result) => {
      queryClient.setQueryData(adminKeys.settings, result);
      await queryClient.invalidateQueries({ queryKey: adminKeys.settingsSecrets });
      setServers((prev) => prev.map((s) => ({ ...s, authValue: '' })));
      toast.success('ComfyUI saved.');
    },
  });
  const names = [{ value: '', label: 'None' }, ...workflows.map((w) => ({ value: w.name, label: w.name }))];
  const setServer = (i: number, patch: Partial<Server>) =>
    setServers((prev) => prev.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Card className="scroll-mt-6" id="comfyui">
      <form
        aria-labelledby="settings-comfyui"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <h2 id="settings-comfyui" className="text-lg font-semibold text-zinc-900">
          ComfyUI
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Your own GPU servers running ComfyUI, and the workflows they run. Choose “ComfyUI” as the generation
          provider under Processing to use them.
        </p>

        <h3 className="mt-5 text-base font-semibold text-zinc-900">Servers</h3>
        <ul className="mt-2 flex flex-col gap-3">
          {servers.map((s, i) => (
            <li
              key={i}
              className="grid gap-3 rounded-xl border border-zinc-200 p-3 sm:grid-cols-2 sm:items-end"
            >
              <TextField
                label={`Server ${i + 1} name`}
                value={s.name}
                placeholder="gpu-1"
                onChange={(e) => setServer(i, { name: e.target.value })}
              />
              <TextField
                label={`Server ${i + 1} URL`}
                value={s.url}
                placeholder="http://gpu-1.internal:8188"
                onChange={(e) => setServer(i, { url: e.target.value })}
              />
              <TextField
                label="Auth header"
                optional
                value={s.authHeader}
                placeholder="Authorization"
                onChange={(e) => setServer(i, { authHeader: e.target.value })}
              />
              <TextField
                label={
                  <span className="inline-flex items-center gap-2">
                    Header value
                    <Badge tone={secrets[`comfyui.servers.${i}.authValue`] ? 'success' : 'neutral'}>
                      {secrets[`comfyui.servers.${i}.authValue`] ? 'set' : 'not set'}
                    </Badge>
                  </span>
                }
                type="password"
                autoComplete="new-password"
                value={s.authValue}
                placeholder="Leave empty to keep"
                onChange={(e) => setServer(i, { authValue: e.target.value })}
              />
              <div className="sm:col-span-2">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => setServers((prev) => prev.filter((_, j) => j !== i))}
                >
                  Remove server {i + 1}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() =>
            setServers((prev) => [
              ...prev,
              { name: `gpu-${prev.length + 1}`, url: '', authHeader: '', authValue: '' },
            ])
          }
        >
          Add a server
        </Button>

        <h3 className="mt-6 text-base font-semibold text-zinc-900">Workflows</h3>
        {workflows.length ? (
          <ul className="mt-2 flex flex-col gap-2">
            {workflows.map((w) => (
              <li
                key={w.name}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-200 px-3 py-2"
              >
                <span className="font-medium text-zinc-900">{w.name}</span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => setWorkflows((prev) => prev.filter((x) => x.name !== w.name))}
                >
                  Remove {w.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-zinc-600">
            No workflow yet. The bundled example is docs/comfyui/photomaker-sdxl.workflow.json.
          </p>
        )}
        <div className="mt-3">
          <ComfyuiWorkflowInput
            onAdd={(w) => setWorkflows((prev) => [...prev.filter((x) => x.name !== w.name), w])}
          />
        </div>

        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Default workflow"
            description="For every style not listed below."
            options={names}
            value={defaultWorkflow}
            onChange={(e) => setDefaultWorkflow(e.target.value)}
          />
        </div>
        <h3 className="mt-6 text-base font-semibold text-zinc-900">Workflow per style</h3>
        <ul className="mt-2 flex flex-col gap-3">
          {mappings.map((m, i) => (
            <li key={i} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField
                label={`Style ${i + 1} (slug)`}
                value={m.style}
                placeholder="corporate-grey"
                onChange={(e) =>
                  setMappings((prev) => prev.map((x, j) => (j === i ? { ...x, style: e.target.value } : x)))
                }
              />
              <SelectField
                label="Uses workflow"
                options={names}
                value={m.workflow}
                onChange={(e) =>
                  setMappings((prev) =>
                    prev.map((x, j) => (j === i ? { ...x, workflow: e.target.value } : x)),
                  )
                }
              />
              <Button
                type="button"
                variant="secondary"
                onClick={() => setMappings((prev) => prev.filter((_, j) => j !== i))}
              >
                Remove style {i + 1}
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => setMappings((prev) => [...prev, { style: '', workflow: '' }])}
        >
          Choose a workflow for a style
        </Button>

        {save.isError ? (
          <Alert tone="error" className="mt-4" title="ComfyUI was not saved">
            <ul className="list-disc pl-5">
              {saveProblems(save.error).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="mt-5 flex flex-col gap-4">
          <div>
            <Button type="submit" loading={save.isPending}>
              Save ComfyUI
            </Button>
          </div>
          <ComfyuiTest />
        </div>
      </form>
    </Card>
  );
}
