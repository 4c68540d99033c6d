import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { cx } from '../../../ui/cx';
import { useToast } from '../../../ui/use-toast';
import { updateSettings } from './data/settings-api';
import { adminKeys } from '../data/admin-keys';
import { fieldError, getPath, pickFields, setPath, type FieldSpec } from './settings-fields';
import type { SectionSpec } from './settings-sections';
import { SettingControl } from './setting-control';

type Plain = Record<string, unknown>;

/**
 * One settings section as its own form: saves only its fields (`PATCH /api/settings`), blank
 * secrets meaning "keep", and shows the server's field errors next to their fields. A saved
 * secret is removed on its own, after a confirmation, by sending it as `null`.
 */
export function SectionForm({
  spec,
  settings,
  secrets,
  extra,
}: {
  spec: SectionSpec;
  settings: Plain;
  secrets: Record<string, boolean>;
  /** Actions that work on the saved values (test connection, test mail), under the fields. */
  extra?: (values: Plain) => ReactNode;
}) {
  const [values, setValues] = useState(() => pickFields(settings, spec.fields));
  // The field stays set while the dialog closes, so its title does not change on the way out.
  const [removing, setRemoving] = useState<FieldSpec | null>(null);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = async (f: FieldSpec) => {
    const saved = await updateSettings(setPath({}, f.path, null));
    queryClient.setQueryData(adminKeys.settings, saved);
    await queryClient.invalidateQueries({ queryKey: adminKeys.settingsSecrets });
    setValues((prev) => setPath(prev, f.path, ''));
    toast.success(`${f.label} removed.`);
  };
  const save = useMutation({
    mutationFn: () => {
      let patch = values;
      for (const f of spec.fields) {
        const v = getPath(values, f.path);
        if (typeof v === 'string' && f.kind !== 'secret') patch = setPath(patch, f.path, v.trim());
      }
      return updateSettings(patch);
    },
    onSuccess: async (saved) => {
      // The form restarts from what the server kept; replaced secrets go back to blank.
      setValues(pickFields(saved, spec.fields));
      queryClient.setQueryData(adminKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.settingsSecrets });
      toast.success(`${spec.title} saved.`);
    },
  });
  const shown = spec.fields.filter((f) => !f.when || f.when(values));
  const headingId = `settings-${spec.id}`;
  const unplaced = save.isError && !spec.fields.some((f) => fieldError(save.error, f.path));
  return (
    <Card className="scroll-mt-6" id={spec.id}>
      <form
        aria-labelledby={headingId}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        noValidate
      >
        <h2 id={headingId} className="text-lg font-semibold text-zinc-900">
          {spec.title}
        </h2>
        <p className="mt-1 text-sm text-zinc-600">{spec.description}</p>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          {shown.map((f) => (
            <div
              key={f.path}
              // min-w-0: a select's long option must truncate, not widen the column past a phone's screen.
              className={cx(
                'min-w-0',
                f.kind === 'toggle' ? 'sm:col-span-2' : f.newRow ? 'sm:col-start-1' : undefined,
              )}
            >
              <SettingControl
                field={f}
                value={getPath(values, f.path)}
                isSet={secrets[f.path]}
                error={save.isError ? fieldError(save.error, f.path) : undefined}
                onChange={(v) => setValues((prev) => setPath(prev, f.path, v))}
                onRemove={() => {
                  setRemoving(f);
                  setConfirming(true);
                }}
              />
            </div>
          ))}
        </div>
        {save.isError ? (
          <Alert tone="error" className="mt-4">
            {unplaced ? errorMessage(save.error) : 'Some values need fixing: see the fields above.'}
          </Alert>
        ) : null}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button type="submit" loading={save.isPending}>
            Save {spec.title.toLowerCase()}
          </Button>
          {extra?.(values)}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        destructive
        title={`Remove the ${removing?.label.toLowerCase() ?? 'secret'}?`}
        description="The saved value is deleted. Whatever uses it stops working until a new one is saved."
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : undefined)}
      />
    </Card>
  );
}
