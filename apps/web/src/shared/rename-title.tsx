import { useState, type FormEvent } from 'react';
import { toFormError } from '../lib/errors';
import { Button, controlClasses, cx } from '../ui';
import { FormField } from '../ui/form-field';
import { renamePhotoshoot } from './data/photoshoot-api';
import type { Photoshoot } from './records';

/** The longest title the server takes (photoshoots.title max). */
const MAX_TITLE = 200;

/**
 * A photoshoot's name with an inline "Rename": the title also names the downloads
 * (`Jane-Doe_Corporate-Grey_03.jpg`), so the hint suggests the person's name.
 */
export function RenameTitle({
  photoshoot,
  onSaved,
  className,
  as: Title = 'p',
  titleClassName = 'text-sm font-medium text-zinc-700',
  prefix,
}: {
  photoshoot: Pick<Photoshoot, 'id' | 'title'>;
  onSaved: (record: Photoshoot) => void;
  className?: string;
  /** A heading where the name heads a card (the dashboard). */
  as?: 'p' | 'h2' | 'h3';
  titleClassName?: string;
  /** Words before the name, e.g. why the name matters here. */
  prefix?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(photoshoot.title);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const shown = photoshoot.title || 'Untitled photoshoot';

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const title = value.trim();
    if (title === photoshoot.title) {
      setEditing(false);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onSaved(await renamePhotoshoot(photoshoot.id, title));
      setEditing(false);
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <div className={cx('flex min-w-0 flex-wrap items-center gap-x-2', className)}>
        {/* note: the prefix wraps above the name on a phone rather than squeezing it to "Ph…". */}
        {prefix ? <span className="text-sm text-zinc-600">{prefix}</span> : null}
        <Title className={cx('min-w-0 max-w-full truncate', titleClassName)} data-testid="photoshoot-title">
          {shown}
        </Title>
        <Button
          size="sm"
          variant="ghost"
          className="h-8 shrink-0 px-2 text-xs"
          aria-label={`Rename ${shown}`}
          onClick={() => {
            setValue(photoshoot.title);
            setError(null);
            setEditing(true);
          }}
        >
          Rename
        </Button>
      </div>
    );
  }

  const failure = error ? toFormError(error) : undefined;
  const fieldError = failure ? (failure.fields.title ?? failure.message) : undefined;
  return (
    <form onSubmit={(e) => void save(e)} className={cx('flex flex-col gap-2 sm:max-w-md', className)}>
      <FormField
        label="Photoshoot name"
        hint="Your downloads are named after it, e.g. the name of the person in the portraits."
        error={fieldError}
      >
        {(control) => (
          <input
            {...control}
            autoFocus
            maxLength={MAX_TITLE}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false);
            }}
            className={cx(controlClasses(!!fieldError), 'h-11')}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={saving}>
          Save name
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
