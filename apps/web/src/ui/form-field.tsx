import type { ReactNode } from 'react';
import { toFormError } from '../lib/errors';
import { FieldFrame } from './text-field';
import { useControl, type ControlProps } from './use-control';

/**
 * A label, hint and inline error around any control: an input, a textarea, a native select or
 * the Radix `Select`. Spread the props it hands to `children` on the control.
 *
 * The error is either `error` (a sentence of your own) or the field's message in a failed call's
 * PocketBase error (`data.<name>.message`), given as `serverError`.
 *
 * @example
 * <FormField label="Role" name="role" serverError={saveError}>
 *   {(control) => <Select {...control} options={ROLES} value={role} onValueChange={setRole} />}
 * </FormField>
 */
export function FormField({
  label,
  hint,
  name,
  error,
  serverError,
  optional,
  id,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** The record field, to find its message in `serverError`. */
  name?: string;
  error?: string;
  serverError?: unknown;
  optional?: boolean;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const message = error ?? (name && serverError ? toFormError(serverError).fields[name] : undefined);
  const control = useControl(id, hint, message);
  return (
    <FieldFrame id={control.id} label={label} description={hint} error={message} optional={optional}>
      {children(control)}
    </FieldFrame>
  );
}
