import { backdropCss, categoryLabel } from '../../../shared/style-visual';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { adminFileUrl } from '../data/admin-actions';
import type { AdminStyle } from '../data/admin-types';

const FRAMING = { headshot: 'Headshot', half_body: 'Half body' } as const;

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path
        d={up ? 'M10 15V5M5 10l5-5 5 5' : 'M10 5v10M5 10l5 5 5-5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One style of the catalogue list: its preview, what it is, and its move and edit actions. */
export function StyleRow({
  style,
  position,
  first,
  last,
  onMove,
  onEdit,
}: {
  style: AdminStyle;
  position: number;
  first: boolean;
  last: boolean;
  onMove: (delta: number) => void;
  onEdit: () => void;
}) {
  const preview = style.preview ? adminFileUrl(style, style.preview, { thumb: '160x200' }) : '';
  return (
    <li
      data-style-id={style.id}
      data-testid="style-row"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-zinc-200 bg-white p-3 shadow-sm"
    >
      <span className="w-6 shrink-0 text-center text-sm tabular-nums text-zinc-500">{position}</span>
      <div
        className="relative w-12 shrink-0 overflow-hidden rounded-lg sm:w-14"
        style={{ aspectRatio: '4 / 5', background: backdropCss(style) }}
      >
        {preview ? (
          <img src={preview} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <p className="break-words font-semibold text-zinc-900" data-testid="style-name">
          {style.name}
        </p>
        <p className="text-xs text-zinc-500">
          {categoryLabel(style.category)} · {FRAMING[style.framing] ?? style.framing} · {style.aspect}
        </p>
        {!style.active || style.team || !style.preview ? (
          <p className="mt-1 flex flex-wrap gap-1">
            {style.active ? null : <Badge tone="warning">Hidden</Badge>}
            {style.team ? <Badge tone="info">Team: {style.expand?.team?.name ?? style.team}</Badge> : null}
            {style.preview ? null : <Badge>No preview</Badge>}
          </p>
        ) : null}
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          data-move="up"
          aria-label={`Move ${style.name} up`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <Arrow up />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          data-move="down"
          aria-label={`Move ${style.name} down`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <Arrow up={false} />
        </Button>
        <Button variant="secondary" size="sm" aria-label={`Edit ${style.name}`} onClick={onEdit}>
          Edit
        </Button>
      </div>
    </li>
  );
}
