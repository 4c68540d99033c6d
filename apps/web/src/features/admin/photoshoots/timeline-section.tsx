import { Card } from '../../../ui/card';
import { formatDateTime } from '../components/format';
import { useAdminEvents } from '../data/use-admin-photoshoot';

const ACTOR = { user: 'Customer', superuser: 'Operator', system: 'System' } as const;
const label = (status: string) => status.replace(/_/g, ' ');

/** Every move of the photoshoot: from what to what, who, when and why. */
export function TimelineSection({ id }: { id: string }) {
  const events = useAdminEvents(id);
  const items = events.data ?? [];
  return (
    <Card>
      <h2 className="font-semibold">Timeline</h2>
      {events.isError ? <p className="mt-2 text-sm text-red-700">The timeline could not be loaded.</p> : null}
      <ol className="mt-3 space-y-3 border-l border-zinc-200 pl-4" data-testid="timeline">
        {items.map((e) => (
          <li key={e.id} className="relative text-sm">
            <span
              className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-brand-500"
              aria-hidden="true"
            />
            <p className="font-medium text-zinc-900">
              {e.fromStatus ? `${label(e.fromStatus)} → ` : 'created as '}
              {label(e.toStatus)}
            </p>
            <p className="text-zinc-600">
              {formatDateTime(e.created)} · {ACTOR[e.actorKind] ?? e.actorKind}
              {e.reason ? ` · ${e.reason}` : ''}
            </p>
          </li>
        ))}
        {events.data && !items.length ? <li className="text-sm text-zinc-600">No moves recorded.</li> : null}
      </ol>
    </Card>
  );
}
