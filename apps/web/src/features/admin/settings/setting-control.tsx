import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { FormField } from '../../../ui/form-field';
import { Select } from '../../../ui/select';
import { controlClasses } from '../../../ui/text-field';
import { cx } from '../../../ui/cx';
import type { FieldSpec } from './settings-fields';

/**
 * One settings field as its kind wants it. A secret is never shown: it says whether one is set
 * and offers a field to replace it (left empty, the saved one is kept) and a way to remove it.
 */
export function SettingControl({
  field,
  value,
  isSet,
  error,
  onChange,
  onRemove,
}: {
  field: FieldSpec;
  value: unknown;
  /** Secrets only: whether the server holds one. */
  isSet?: boolean;
  error?: string;
  onChange: (value: unknown) => void;
  /** Secrets only: asks to delete the saved value (offered while one is set). */
  onRemove?: () => void;
}) {
  if (field.kind === 'toggle') {
    const hintId = field.hint ? `${toggleId(field)}-hint` : undefined;
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-3 text-sm font-medium text-zinc-800">
          <input
            type="checkbox"
            className="size-5 shrink-0 rounded border-zinc-300 accent-brand-600"
            checked={value === true}
            aria-describedby={hintId}
            onChange={(e) => onChange(e.target.checked)}
          />
          {field.label}
        </label>
        {field.hint ? (
          <p id={hintId} className="pl-8 text-sm text-zinc-600">
            {field.hint}
          </p>
        ) : null}
        {field.warning && value === true ? (
          <Alert tone="warning" className="mt-1">
            {field.warning}
          </Alert>
        ) : null}
        {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
      </div>
    );
  }
  const label =
    field.kind === 'secret' ? (
      <span className="inline-flex items-center gap-2">
        {field.label}
        <Badge tone={isSet ? 'success' : 'neutral'}>{isSet ? 'set' : 'not set'}</Badge>
      </span>
    ) : (
      field.label
    );
  const hint =
    field.kind === 'secret'
      ? [
          isSet
            ? 'Saved and never shown. Leave empty to keep it; type a new value to replace it.'
            : 'Once saved it is never shown again.',
          field.hint,
        ]
          .filter(Boolean)
          .join(' ')
      : field.hint;
  const input = (
    <FormField label={label} hint={hint} error={error}>
      {(control) =>
        field.kind === 'select' ? (
          <Select
            {...control}
            options={field.options ?? []}
            value={String(value ?? '')}
            onValueChange={(v) => onChange(v)}
          />
        ) : (
          <input
            {...control}
            className={cx(controlClasses(!!error), 'h-11')}
            type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : field.kind}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            step={field.step}
            autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
            placeholder={
              field.kind === 'secret' ? (isSet ? 'Replace…' : field.placeholder) : field.placeholder
            }
            value={value === undefined || value === null ? '' : String(value)}
            onChange={(e) =>
              onChange(
                field.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value,
              )
            }
          />
        )
      }
    </FormField>
  );
  if (field.kind !== 'secret' || !isSet || !onRemove) return input;
  return (
    <div>
      {input}
      <button
        type="button"
        className="mt-1.5 rounded text-sm font-medium text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        aria-label={`Remove saved value (${field.label})`}
        onClick={onRemove}
      >
        Remove saved value
      </button>
    </div>
  );
}

/** A stable element id for a toggle's hint, from its settings path. */
function toggleId(field: FieldSpec): string {
  return `setting-${field.path.replace(/\W+/g, '-')}`;
}
