import * as RadixSelect from '@radix-ui/react-select';
import { forwardRef } from 'react';
import { cx } from './cx';
import { controlClasses } from './text-field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = {
  options: ReadonlyArray<SelectOption>;
  value: string | undefined;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  required?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A styled single-choice list (Radix Select: typeahead, arrow keys, Escape, focus return). Label it
 * with a FormField (which passes `id` and the aria props) or `aria-label` in a toolbar. `name`
 * keeps a hidden native select in sync, so it also posts with a plain form.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  { options, value, onValueChange, placeholder = 'Choose…', disabled, name, required, className, ...trigger },
  ref,
) {
  return (
    <RadixSelect.Root
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      required={required}
    >
      <RadixSelect.Trigger
        ref={ref}
        {...trigger}
        className={cx(
          controlClasses(!!trigger['aria-invalid']),
          'inline-flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-zinc-500',
          className,
        )}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon className="shrink-0 text-zinc-500">
          <Chevron />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={cx(
                  'relative flex cursor-default select-none items-center rounded-lg py-2 pr-3 pl-8 text-sm text-zinc-900 outline-none',
                  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[disabled]:text-zinc-400',
                )}
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex text-brand-600">
                  <Check />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
});

function Chevron() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path d="m6 8 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path d="m5 10 3.5 3.5L15 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
