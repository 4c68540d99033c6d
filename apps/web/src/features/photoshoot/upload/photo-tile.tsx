import { Badge, Button, Spinner } from '../../../ui';
import { ProtectedImage } from '../components/protected-image';
import type { OriginalPhoto } from '../../../shared/records';

/** One uploaded photo: its thumbnail, the check result in words, and a remove button. */
export function PhotoTile({
  photo,
  label,
  onRemove,
  removing,
}: {
  photo: OriginalPhoto;
  label: string;
  onRemove: () => void;
  removing: boolean;
}) {
  const reasons = (Array.isArray(photo.qcReasons) ? photo.qcReasons : []).filter((r) => r?.message);
  const rejected = photo.qc === 'rejected';
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-xl border bg-white ${rejected ? 'border-red-300' : 'border-zinc-200'}`}
      data-testid="photo-tile"
      data-qc={photo.qc || 'pending'}
      aria-label={label}
    >
      <ProtectedImage record={photo} filename={photo.file} thumb="200x200" alt={label} ratio={1} />
      <div className="flex flex-1 flex-col gap-2 p-2.5">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          {photo.qc === 'accepted' ? (
            <Badge tone="success" className="whitespace-nowrap">
              Accepted
            </Badge>
          ) : rejected ? (
            <Badge tone="danger" className="whitespace-nowrap">
              Not usable
            </Badge>
          ) : (
            <span className="inline-flex items-center gap-1.5 text-xs text-zinc-600">
              <Spinner /> Checking…
            </span>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="h-8 px-2 text-xs"
            onClick={onRemove}
            loading={removing}
            aria-label={`Remove ${label}`}
          >
            Remove
          </Button>
        </div>
        {rejected ? (
          <ul className="text-xs leading-snug text-red-800" data-testid="qc-reasons">
            {reasons.length ? (
              reasons.map((r) => <li key={r.code + r.message}>{r.message}</li>)
            ) : (
              <li>This photo cannot be used. Please try another one.</li>
            )}
          </ul>
        ) : photo.qc === 'accepted' && reasons.length ? (
          <ul className="text-xs leading-snug text-amber-800" data-testid="qc-notes">
            {reasons.map((r) => (
              <li key={r.code + r.message}>{r.message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
