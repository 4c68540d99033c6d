import { useState } from 'react';
import { NO_FORM_ERROR, type FormError } from './errors';

/** The keys of a form's values that a text input, text area or select edits. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values and what it says about them, with `field(key)`: the props that bind one control
 * to its value (its name is the key the server names it by) and to its own message, whether the
 * browser's check or the server's `data.<field>` wrote it.
 */
export function useFormFields<V extends object>(initial: V) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<FormError>(NO_FORM_ERROR);
  const field = <K extends TextKey<V>>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: error.fields[name],
  });
  return { values, setValues, error, setError, field };
}
