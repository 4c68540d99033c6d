import { Select } from '../../../ui/select';

const ALL = '__all';

/** A toolbar filter: "All" plus the options; the label names it for screen readers and eyes. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1.5 sm:w-44">
      <span className="text-sm font-medium text-zinc-800" aria-hidden="true">
        {label}
      </span>
      <Select
        aria-label={label}
        value={value || ALL}
        onValueChange={(v) => onChange(v === ALL ? '' : v)}
        options={[{ value: ALL, label: 'All' }, ...options]}
      />
    </div>
  );
}
