import { ProtectedImage } from '../components/protected-image';
import { downloadAs } from './download-link';
import type { Result } from '../../../shared/records';
import { FavoriteButton } from './favorite-button';
import { RatingStars } from './rating-stars';

/** A result in the grid: opens the lightbox, and carries its favourite, rating and download. */
export function ResultCard({
  result,
  label,
  downloadUrl,
  downloadName,
  onOpen,
  onFavorite,
  onRate,
}: {
  result: Result;
  label: string;
  downloadUrl: string;
  /** The name the browser saves the file under (honoured for same-origin files). */
  downloadName: string;
  onOpen: () => void;
  onFavorite: () => void;
  onRate: (rating: number) => void;
}) {
  const ratio = result.width && result.height ? result.width / result.height : 0.8;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white"
      data-testid="result-card"
    >
      <div className="relative">
        <button type="button" onClick={onOpen} className="block w-full" aria-label={`Open ${label}`}>
          <ProtectedImage record={result} filename={result.file} thumb="480x0" alt={label} ratio={ratio} />
        </button>
        <FavoriteButton
          on={result.favorite}
          onToggle={onFavorite}
          label={result.favorite ? `Remove ${label} from favourites` : `Add ${label} to favourites`}
          className="absolute right-2 top-2 shadow"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-1 px-2 py-1.5">
        <RatingStars label={`Rate ${label}`} value={result.rating || 0} onChange={onRate} size="sm" />
        <a
          href={downloadUrl || undefined}
          download={downloadName}
          onClick={(e) => {
            if (!downloadUrl) return;
            // Saved under the person, style and number; on failure the plain link still works.
            e.preventDefault();
            downloadAs(downloadUrl, downloadName).catch(() => window.location.assign(downloadUrl));
          }}
          className="inline-flex h-8 items-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          aria-label={`Download ${label} in full resolution`}
        >
          Download
        </a>
      </div>
    </li>
  );
}
