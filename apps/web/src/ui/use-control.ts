import { useId } from 'react';

/**
 * The control's id (given or generated) and the aria attributes that tie it to its FieldFrame:
 * spread the result on the input, select or textarea the frame labels.
 */
export function useControl(givenId: string | undefined, description: unknown, error: string | undefined) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const ids = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  };
}

/** What `useControl` returns: the props a labelled control spreads. */
export type ControlProps = ReturnType<typeof useControl>;
