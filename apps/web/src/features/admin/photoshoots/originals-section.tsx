import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { AdminImage } from '../components/admin-image';
import { useAdminOriginals } from '../data/use-admin-photoshoot';

const VERDICT = { accepted: 'success', rejected: 'danger', pending: 'warning' } as const;

/** The customer's uploads with the checks' verdicts and reasons. */
export function OriginalsSection({ id }: { id: string }) {
  const originals = useAdminOriginals(id);
  const items = originals.data ?? [];
  return (
    <Card>
      <h2 className="font-semibold">Original photos ({items.length})</h2>
      {originals.isError ? (
        <p className="mt-2 text-sm text-red-700">The photos could not be loaded.</p>
      ) : null}
      {originals.data && !items.length ? <p className="mt-2 text-sm text-zinc-600">No uploads.</p> : null}
      <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
        {items.map((o) => (
          <li key={o.id} className="text-xs" data-testid="original" data-qc={o.qc}>
            <AdminImage
              record={o}
              filename={o.file}
              thumb="200x200"
              alt="Original photo"
              ratio={1}
              className="rounded-lg"
            />
            <Badge tone={VERDICT[o.qc as keyof typeof VERDICT] ?? 'neutral'} className="mt-1">
              {o.qc || 'unchecked'}
            </Badge>
            {o.qcReasons?.length ? (
              <ul className="mt-1 text-red-800">
                {o.qcReasons.map((r) => (
                  <li key={r.code}>{r.message}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
