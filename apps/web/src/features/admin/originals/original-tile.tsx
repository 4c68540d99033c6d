import { Link } from '@tanstack/react-router';
import { Badge } from '../../../ui/badge';
import { AdminImage } from '../components/admin-image';
import { formatDateTime } from '../components/format';
import { PhotoshootStatusBadge } from '../components/status-badge';
import type { ListedOriginal } from '../data/admin-types';
import { reasonLabel } from './qc-reasons';

const VERDICT = {
  accepted: { tone: 'success', label: 'Accepted' },
  rejected: { tone: 'danger', label: 'Rejected' },
  pending: { tone: 'warning', label: 'Being checked' },
} as const;

/** One upload: its protected thumbnail, the verdict and reasons, whose it is, and delete. */
export function OriginalTile({ original: o, onDelete }: { original: ListedOriginal; onDelete: () => void }) {
  const verdict = VERDICT[o.qc as keyof typeof VERDICT] ?? { tone: 'neutral', label: 'Unchecked' };
  const shoot = o.expand?.photoshoot;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm"
      data-testid="original"
      data-qc={o.qc}
    >
      <AdminImage record={o} filename={o.file} thumb="200x200" alt={`Upload ${o.id}`} ratio={1} />
      <div className="flex flex-1 flex-col gap-2 p-3 text-xs">
        <div className="flex flex-wrap items-center gap-1">
          <Badge tone={verdict.tone}>{verdict.label}</Badge>
          {(o.qcReasons ?? []).map((r) => (
            <Badge
              key={r.code}
              tone={o.qc === 'rejected' ? 'danger' : 'neutral'}
              className="whitespace-normal"
            >
              <span title={r.message}>{reasonLabel(r.code)}</span>
            </Badge>
          ))}
        </div>
        <p className="truncate text-zinc-700" title={o.expand?.user?.email}>
          {o.expand?.user?.email ?? o.user}
        </p>
        <p className="text-zinc-500">
          {formatDateTime(o.created)}
          {o.width ? ` · ${o.width}×${o.height}` : ''}
        </p>
        {shoot ? (
          <p className="flex flex-wrap items-center gap-1">
            <Link
              to="/admin/photoshoots/$id"
              params={{ id: shoot.id }}
              className="max-w-full truncate font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {shoot.title || 'Untitled photoshoot'}
            </Link>
            <PhotoshootStatusBadge status={shoot.status} />
          </p>
        ) : null}
        <button
          type="button"
          className="mt-auto self-start rounded-lg px-2 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Delete upload ${o.id}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
