import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { CATEGORY_LABELS } from '../../../shared/style-visual';
import { toFormError } from '../../../lib/errors';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../ui/text-field';
import { teamNamesQuery } from '../data/option-queries';
import type { AdminStyle } from '../data/admin-types';
import {
  checkStyleValues,
  emptyStyleValues,
  slugify,
  styleToValues,
  valuesToBody,
  type StyleFormValues,
} from './style-form-values';
import { StyleLookFields } from './style-look-fields';
import { StylePreviewField } from './style-preview-field';
import { saveStyle } from './data/use-catalog';

const CATEGORIES = Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label }));

/** Creates a style (`style` null) or edits one: every field, errors shown beside their inputs. */
export function StyleEditor({
  open,
  style,
  nextOrder,
  onClose,
  onSaved,
}: {
  open: boolean;
  style: AdminStyle | null;
  nextOrder: number;
  onClose: () => void;
  onSaved: (saved: AdminStyle, created: boolean) => Promise<void>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={style ? `Edit “${style.name}”` : 'New style'}
      description="Public styles are shown to everyone while active; a team's style only to its members."
      wide
    >
      {open ? (
        <StyleForm
          key={style?.id ?? 'new'}
          style={style}
          nextOrder={nextOrder}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function StyleForm({
  style,
  nextOrder,
  onClose,
  onSaved,
}: {
  style: AdminStyle | null;
  nextOrder: number;
  onClose: () => void;
  onSaved: (saved: AdminStyle, created: boolean) => Promise<void>;
}) {
  const [values, setValues] = useState<StyleFormValues>(() =>
    style ? styleToValues(style) : emptyStyleValues(nextOrder),
  );
  const [slugTouched, setSlugTouched] = useState(!!style);
  const [preview, setPreview] = useState<File | null>(null);
  // note: once a save was tried, the browser's checks follow every keystroke.
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const teams = useQuery(teamNamesQuery);

  // note: a live update of the record (a preview rendered, another operator's save) must not wipe
  // what is being typed; the form starts from the record once per opening.
  useEffect(() => setServerError(null), [values]);

  const set = (patch: Partial<StyleFormValues>) =>
    setValues((v) => {
      const next = { ...v, ...patch };
      if (patch.name !== undefined && !slugTouched) next.slug = slugify(patch.name);
      return next;
    });
  const checked = submitted ? checkStyleValues(values) : {};
  const server = serverError ? toFormError(serverError, 'The style could not be saved.') : null;
  const errors = { ...(server?.fields ?? {}), ...checked };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(checkStyleValues(values)).length) return;
    setSaving(true);
    try {
      const saved = await saveStyle(style?.id ?? null, valuesToBody(values, preview));
      setPreview(null);
      await onSaved(saved, !style);
    } catch (err) {
      setServerError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      {server || Object.keys(checked).length ? (
        <Alert tone="error">{server?.message ?? 'Some fields need attention.'}</Alert>
      ) : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">What it is</legend>
        <TextField
          label="Name"
          name="name"
          value={values.name}
          maxLength={100}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label="Slug"
          name="slug"
          value={values.slug}
          maxLength={80}
          description="Its stable name in links and data."
          error={errors.slug}
          onChange={(e) => {
            setSlugTouched(true);
            set({ slug: e.target.value });
          }}
        />
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          options={CATEGORIES}
          error={errors.category}
          onChange={(e) => set({ category: e.target.value })}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            name="description"
            optional
            value={values.description}
            maxLength={1000}
            error={errors.description}
            className="min-h-20"
            onChange={(e) => set({ description: e.target.value })}
          />
        </div>
      </fieldset>

      <StyleLookFields values={values} errors={errors} onChange={set} />

      <StylePreviewField style={style} file={preview} onFile={setPreview} error={errors.preview} />

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">Hosted providers</legend>
        <TextAreaField
          label="Prompt"
          name="prompt"
          optional
          value={values.prompt}
          maxLength={4000}
          className="min-h-20"
          description="Sent to hosted generation providers only; never shown to customers."
          error={errors.prompt}
          onChange={(e) => set({ prompt: e.target.value })}
        />
        <TextAreaField
          label="Negative prompt"
          name="negativePrompt"
          optional
          value={values.negativePrompt}
          maxLength={2000}
          className="min-h-16"
          error={errors.negativePrompt}
          onChange={(e) => set({ negativePrompt: e.target.value })}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">Who sees it, and where</legend>
        <label className="flex h-11 items-center gap-2 self-end text-sm font-medium text-zinc-800">
          <input
            type="checkbox"
            name="active"
            className="size-4 accent-brand-600"
            checked={values.active}
            onChange={(e) => set({ active: e.target.checked })}
          />
          Active (offered to customers)
        </label>
        <TextField
          label="Order"
          name="sortOrder"
          type="number"
          step={1}
          inputMode="numeric"
          value={values.sortOrder}
          description="Lower comes first."
          error={errors.sortOrder}
          onChange={(e) => set({ sortOrder: e.target.value })}
        />
        <SelectField
          label="Offered to"
          name="team"
          value={values.team}
          options={[
            { value: '', label: 'Everyone' },
            ...(teams.data?.items ?? []).map((t) => ({ value: t.id, label: `Team ${t.name} only` })),
            // note: the style's team may be past the first 200; keep it selectable.
            ...(values.team && !teams.data?.items.some((t) => t.id === values.team)
              ? [{ value: values.team, label: `Team ${style?.expand?.team?.name ?? values.team} only` }]
              : []),
          ]}
          error={errors.team}
          onChange={(e) => set({ team: e.target.value })}
        />
      </fieldset>

      {/* note: the dialog's padding would leave a strip under a sticky bottom-0 bar; -bottom-6 covers it. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-2 border-t border-zinc-200 bg-white px-6 py-4">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {style ? 'Save style' : 'Create style'}
        </Button>
      </div>
    </form>
  );
}
