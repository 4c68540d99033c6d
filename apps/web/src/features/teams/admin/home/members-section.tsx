import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/errors';
import { useAuth } from '../../../../lib/use-auth';
import { Alert, Badge, Button, Card, LoadingBlock } from '../../../../ui';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import type { TeamRole } from '../../../../shared/records';
import { handOver, type MemberRow, type Team } from '../../data/team-api';
import { membershipIdsQuery, removeMembership, setMemberRole } from '../../data/membership-api';
import { teamScope, useTeamMembers } from '../../data/team-queries';
import { MEMBER_STATES, ROLE_LABELS, shortDate } from '../member-state';

type Pending = { kind: 'remove' | 'handover'; member: MemberRow } | null;

/** Team admins' list of members: role, state, last activity; change role, remove, hand over. */
export function MembersSection({ team, myRole }: { team: Team; myRole: TeamRole }) {
  const overview = useTeamMembers(team.id);
  const ids = useQuery(membershipIdsQuery(team.id));
  const client = useQueryClient();
  const me = useAuth().user?.id;
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState('');

  const refresh = () => client.invalidateQueries(teamScope(team.id));
  const membershipId = (user: string) => ids.data?.get(user) ?? '';

  const changeRole = async (member: MemberRow, role: 'admin' | 'member') => {
    setError('');
    try {
      await setMemberRole(membershipId(member.user), role);
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'remove') await removeMembership(membershipId(pending.member.user));
    else await handOver(team.id, pending.member.user);
    await refresh();
  };

  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title" className="mb-3 text-xl font-semibold text-zinc-900">
        Members
      </h2>
      {overview.isPending ? <LoadingBlock label="Loading the members…" /> : null}
      {overview.isError ? <Alert tone="error">{errorMessage(overview.error)}</Alert> : null}
      {error ? (
        <Alert tone="error" className="mb-3">
          {error}
        </Alert>
      ) : null}
      {overview.data ? (
        <ul className="flex flex-col gap-3" aria-label="Team members">
          {overview.data.members.map((m) => {
            const state = MEMBER_STATES[m.state] ?? MEMBER_STATES.not_started;
            const editable = m.role !== 'owner' && m.user !== me;
            return (
              <li key={m.user}>
                <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-zinc-900">{m.name || m.email}</span>
                      <Badge tone={m.role === 'member' ? 'neutral' : 'brand'}>{ROLE_LABELS[m.role]}</Badge>
                      <Badge tone={state.tone}>{state.label}</Badge>
                    </div>
                    <p className="mt-1 text-sm break-words text-zinc-500">
                      {m.name ? `${m.email} · ` : ''}
                      {m.lastActivity ? `Last activity ${shortDate(m.lastActivity)}` : ''}
                      {m.released ? ` · ${m.released} portraits released` : ''}
                    </p>
                  </div>
                  {editable ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <label className="sr-only" htmlFor={`role-${m.user}`}>
                        Role of {m.name || m.email}
                      </label>
                      <select
                        id={`role-${m.user}`}
                        className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
                        value={m.role}
                        disabled={!ids.data}
                        onChange={(e) => void changeRole(m, e.target.value as 'admin' | 'member')}
                      >
                        <option value="member">Member</option>
                        <option value="admin">Admin</option>
                      </select>
                      {myRole === 'owner' ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setPending({ kind: 'handover', member: m })}
                        >
                          Hand over
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!ids.data}
                        onClick={() => setPending({ kind: 'remove', member: m })}
                      >
                        Remove
                      </Button>
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === 'handover'
            ? `Hand ${team.name} over to ${pending.member.name || pending.member.email}?`
            : `Remove ${pending?.member.name || pending?.member.email || ''} from the team?`
        }
        description={
          pending?.kind === 'handover'
            ? 'They become the owner and you stay on as an admin. Only the new owner can hand the team back.'
            : 'They lose access to the team. If their photoshoot is submitted but not started, its seat comes back.'
        }
        confirmLabel={pending?.kind === 'handover' ? 'Hand over' : 'Remove'}
        destructive={pending?.kind === 'remove'}
        onConfirm={confirm}
      />
    </section>
  );
}
