import { fileUrl } from '../../../lib/file-url';
import { cx } from '../../../ui';
import type { Style } from '../../../shared/records';
import { aspectRatio, backdropCss, categoryLabel } from '../../../shared/style-visual';

/** A style as a checkbox card: preview, name, words; the whole card toggles it. */
export function StyleCard({
  style,
  selected,
  disabled,
  onToggle,
}: {
  style: Style;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <label
        className={cx(
          'group flex h-full cursor-pointer flex-col overflow-hidden rounded-2xl border-2 bg-white transition-shadow',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          selected ? 'border-brand-600 shadow-md' : 'border-zinc-200 hover:shadow-sm',
          disabled && 'cursor-not-allowed opacity-60',
        )}
        data-testid="style-card"
        data-selected={selected || undefined}
      >
        <input
          type="checkbox"
          className="sr-only"
          checked={selected}
          disabled={disabled}
          onChange={onToggle}
          aria-describedby={`style-${style.id}-text`}
        />
        <div
          className="relative"
          style={{ aspectRatio: String(aspectRatio(style.aspect)), background: backdropCss(style) }}
        >
          {style.preview ? (
            <img
              src={fileUrl(style, style.preview, '320x400')}
              alt=""
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
          ) : null}
          <span
            className={cx(
              'absolute right-2 top-2 flex size-7 items-center justify-center rounded-full border-2 text-sm font-bold',
              selected
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-white bg-white/70 text-transparent',
            )}
            aria-hidden="true"
          >
            ✓
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <span className="text-xs font-medium uppercase tracking-wide text-zinc-500">
            {categoryLabel(style.category)}
          </span>
          <span className="font-semibold text-zinc-900">{style.name}</span>
          <span id={`style-${style.id}-text`} className="text-sm text-zinc-600">
            {style.description}
          </span>
        </div>
      </label>
    </li>
  );
}
