import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * One choice of a radio group drawn as a card: the whole card is the label, the radio itself is
 * visually hidden, and the card shows the focus ring and which one is chosen. The group's
 * `fieldset` and `legend` are the caller's.
 */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  testId,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cx(
        'relative flex cursor-pointer flex-col rounded-2xl border-2 bg-white p-4 transition-shadow',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-600 shadow-md' : 'border-zinc-200 hover:shadow-sm',
      )}
      data-testid={testId}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="sr-only"
      />
      {children}
    </label>
  );
}
