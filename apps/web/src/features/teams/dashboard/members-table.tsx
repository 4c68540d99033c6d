import { Badge, Button, Card } from '../../../ui';
import type { MemberRow } from '../data/team-api';
import { formatWhen, memberStateView } from '../member/member-status';

/** One day: the server sends a member at most one reminder in that time. */
const REMIND_INTERVAL_MS = 24 * 60 * 60 * 1000;

function remindedRecently(m: MemberRow, now = Date.now()): boolean {
  if (!m.remindedAt) return false;
  const at = new Date(m.remindedAt.replace(' ', 'T')).getTime();
  return Number.isFinite(at) && now - at < REMIND_INTERVAL_MS;
}

const ROLE_LABEL: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** Every member with their state, last activity and photos released; a reminder for those not submitted. */
export function MembersTable({
  members,
  onRemind,
  reminding,
}: {
  members: MemberRow[];
  onRemind: (user: string) => void;
  /** The member a reminder is being sent to (`*`: everyone), else "". */
  reminding: string;
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Members">
      {members.map((m) => {
        const view = m.waitingForSeat
          ? { label: 'Waiting for a seat', tone: 'warning' as const }
          : memberStateView(m.state);
        // A member waiting for a seat has done their part: a reminder would tell them otherwise.
        const canRemind = !m.waitingForSeat && (m.state === 'not_started' || m.state === 'draft');
        const recent = remindedRecently(m);
        return (
          <li key={m.user} data-testid="member-row" data-state={m.state}>
            <Card className="grid gap-3 p-4 sm:grid-cols-[minmax(0,2fr)_auto_minmax(0,1.4fr)_auto] sm:items-center">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 font-medium text-zinc-900">
                  <span className="truncate">{m.name || m.email}</span>
                  <span className="text-sm font-normal text-zinc-500">{ROLE_LABEL[m.role] ?? m.role}</span>
                </p>
                {m.name ? <p className="truncate text-sm text-zinc-600">{m.email}</p> : null}
              </div>
              <div>
                <Badge tone={view.tone}>{view.label}</Badge>
              </div>
              <p className="text-sm text-zinc-600">
                Last activity {formatWhen(m.lastActivity) || '—'}
                {m.released ? ` · ${m.released} photo${m.released === 1 ? '' : 's'} delivered` : ''}
              </p>
              {canRemind ? (
                <div className="sm:text-right">
                  {recent ? (
                    <span className="text-sm text-zinc-500">Reminded {formatWhen(m.remindedAt)}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={reminding === m.user}
                      onClick={() => onRemind(m.user)}
                      aria-label={`Remind ${m.name || m.email}`}
                    >
                      Remind
                    </Button>
                  )}
                </div>
              ) : (
                <span className="hidden sm:block" aria-hidden="true" />
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
