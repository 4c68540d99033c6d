import { Link } from '@tanstack/react-router';
import { Card } from '../../../ui/card';
import { AdminImage } from '../components/admin-image';
import { formatLikeness } from '../components/format';
import { ReviewBadge } from '../components/status-badge';
import type { AdminPhotoshoot } from '../data/admin-types';
import { useAdminResults } from '../data/use-admin-photoshoot';

/** The photoshoot's results as small thumbnails with their review state and likeness. */
export function ResultsSection({ photoshoot }: { photoshoot: AdminPhotoshoot }) {
  const results = useAdminResults(photoshoot.id);
  const items = results.data ?? [];
  return (
    <Card className="mt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">Results ({items.length})</h2>
        <Link
          to="/admin/photoshoots/$id/review"
          params={{ id: photoshoot.id }}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Open the review screen
        </Link>
      </div>
      {results.isError ? <p className="mt-2 text-sm text-red-700">The results could not be loaded.</p> : null}
      {results.data && !items.length ? (
        <p className="mt-2 text-sm text-zinc-600">
          No results yet: they appear here as the worker delivers them.
        </p>
      ) : null}
      <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-8">
        {items.map((r) => (
          <li key={r.id} className="text-xs">
            <AdminImage
              record={r}
              filename={r.file}
              thumb="160x200"
              alt={`${r.expand?.style?.name ?? 'Style'} variant ${r.variant + 1}`}
              ratio={4 / 5}
              className="rounded-lg"
            />
            <div className="mt-1 flex flex-wrap items-center gap-1">
              <ReviewBadge review={r.review} />
              <span className="tabular-nums text-zinc-600" title="Likeness">
                {formatLikeness(r.likeness)}
              </span>
            </div>
            {r.released ? <p className="text-emerald-700">Delivered</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
