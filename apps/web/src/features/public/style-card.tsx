import { fileUrl } from '../../lib/file-url';
import type { Style } from '../../shared/records';
import { backdropCss, categoryLabel } from '../../shared/style-visual';

/** One style of the gallery: its preview (reserved box, no layout shift), name and category. */
export function StyleCard({ style }: { style: Style }) {
  // note: one box shape for the whole gallery (the preview thumbs are 320x400) keeps the grid even.
  const ratio = '4 / 5';
  return (
    <figure className="group overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm">
      <div
        className="relative w-full overflow-hidden bg-zinc-100"
        style={{ aspectRatio: ratio, background: backdropCss(style) }}
      >
        {style.preview ? (
          <img
            src={fileUrl(style, style.preview, '320x400')}
            alt={`Example portrait in the ${style.name} style`}
            width={320}
            height={400}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <figcaption className="p-3">
        <p className="text-sm font-semibold text-zinc-900">{style.name}</p>
        <p className="text-xs text-zinc-500">{categoryLabel(style.category)}</p>
      </figcaption>
    </figure>
  );
}
