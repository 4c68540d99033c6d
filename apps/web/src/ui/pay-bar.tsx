import { Button } from './button';

/**
 * The total and the pay button, kept in reach at the bottom of a phone's screen while the choices
 * above scroll (hidden from `lg`, where the order card beside the choices stays in view). Opaque,
 * so what scrolls under it never shows through.
 */
export function PayBar({
  total,
  placeholder,
  label,
  disabled,
  loading,
  onPay,
}: {
  /** The amount due, formatted; null while there is none to show. */
  total: string | null;
  /** What the bar says instead of a total (e.g. "Choose a package"). */
  placeholder: string;
  label: string;
  disabled: boolean;
  loading: boolean;
  onPay: () => void;
}) {
  return (
    <div
      className="sticky bottom-0 z-20 -mx-4 flex items-center gap-3 border-t border-zinc-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] sm:-mx-6 sm:px-6 lg:hidden"
      data-testid="pay-bar"
    >
      <p className="min-w-0 flex-1 text-sm text-zinc-700">
        {total !== null ? (
          <>
            <span className="block text-xs text-zinc-500">Total</span>
            <span className="text-lg font-bold text-zinc-900">{total}</span>
          </>
        ) : (
          placeholder
        )}
      </p>
      <Button size="lg" disabled={disabled} loading={loading} onClick={onPay}>
        {label}
      </Button>
    </div>
  );
}
