import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { useControl } from './use-control';

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  children: ReactNode;
  optional?: boolean;
};

/** Label, description and error around a control, wired with aria-describedby by the caller. */
export function FieldFrame({ id, label, description, error, optional, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-zinc-500">(optional)</span> : null}
      </label>
      {children}
      {description ? (
        <p id={`${id}-description`} className="text-sm text-zinc-500">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const controlClasses = (invalid: boolean) =>
  cx(
    'block w-full rounded-xl border bg-white px-3.5 text-base text-zinc-900 shadow-sm sm:text-sm',
    'placeholder:text-zinc-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
    'disabled:bg-zinc-100 disabled:text-zinc-500',
    invalid ? 'border-red-500' : 'border-zinc-300',
  );

/** What every labelled control takes besides its element's own attributes. */
type FieldProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  optional?: boolean;
  id?: string;
};

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldProps;

/** A labelled text input with an optional description and error message. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, error, optional, id: givenId, className, ...rest },
  ref,
) {
  const control = useControl(givenId, description, error);
  return (
    <FieldFrame id={control.id} label={label} description={description} error={error} optional={optional}>
      <input ref={ref} {...control} className={cx(controlClasses(!!error), 'h-11', className)} {...rest} />
    </FieldFrame>
  );
});

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldProps;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, description, error, optional, id: givenId, className, ...rest },
  ref,
) {
  const control = useControl(givenId, description, error);
  return (
    <FieldFrame id={control.id} label={label} description={description} error={error} optional={optional}>
      <textarea
        ref={ref}
        {...control}
        className={cx(controlClasses(!!error), 'min-h-32 py-2.5', className)}
        {...rest}
      />
    </FieldFrame>
  );
});

export type SelectFieldProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldProps & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, description, error, optional, id: givenId, className, options, ...rest },
  ref,
) {
  const control = useControl(givenId, description, error);
  return (
    <FieldFrame id={control.id} label={label} description={description} error={error} optional={optional}>
      <select ref={ref} {...control} className={cx(controlClasses(!!error), 'h-11', className)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});
