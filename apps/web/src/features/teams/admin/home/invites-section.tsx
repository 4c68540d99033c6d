import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/errors';
import { Alert, Badge, Button, Card, LoadingBlock, type BadgeTone } from '../../../../ui';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { revokeInvite, type TeamInvite } from '../../data/team-api';
import { teamInvitesQuery, teamKeys } from '../../data/team-queries';
import { ROLE_LABELS, shortDate } from '../member-state';
import { CopyButton } from './copy-button';
import { InviteForm } from './invite-form';
import { inviteLink, inviteStatus, restrictionText, type InviteStatus } from './invite-link';
import { MailInvitesForm } from './mail-invites-form';

const STATUS: Record<InviteStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  revoked: { label: 'Revoked', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warning' },
  used_up: { label: 'Used up', tone: 'neutral' },
};

/** The team's invite links with their limits; make, copy, mail and revoke them. */
export function InvitesSection({ teamId }: { teamId: string }) {
  const client = useQueryClient();
  const invites = useQuery(teamInvitesQuery(teamId));
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.invites(teamId) });

  return (
    <section aria-labelledby="invites-title" className="flex flex-col gap-4">
      <h2 id="invites-title" className="text-xl font-semibold text-zinc-900">
        Invites
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <InviteForm teamId={teamId} onCreated={refresh} />
        <MailInvitesForm teamId={teamId} onSent={refresh} />
      </div>
      {invites.isPending ? <LoadingBlock label="Loading the invites…" /> : null}
      {invites.isError ? <Alert tone="error">{errorMessage(invites.error)}</Alert> : null}
      {invites.data && !invites.data.length ? (
        <p className="text-sm text-zinc-600">No invite links yet. Make one above and share it.</p>
      ) : null}
      {invites.data?.length ? (
        <ul className="flex flex-col gap-3" aria-label="Invite links">
          {invites.data.map((inv) => {
            const status = inviteStatus(inv);
            const view = STATUS[status];
            const link = inviteLink(inv.token);
            return (
              <li key={inv.id}>
                <Card className="flex flex-col gap-3" padded>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={view.tone}>{view.label}</Badge>
                    <span className="text-sm text-zinc-900">
                      <span className="font-medium">{restrictionText(inv)}</span> · joins as{' '}
                      {ROLE_LABELS[inv.role].toLowerCase()}
                    </span>
                  </div>
                  <p className="text-sm text-zinc-600">
                    {inv.maxUses ? `${inv.uses} of ${inv.maxUses} uses` : `${inv.uses} used, no limit`}
                    {' · '}
                    {inv.expiresAt ? `expires ${shortDate(inv.expiresAt)}` : 'never expires'}
                  </p>
                  {status === 'active' ? (
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                      <input
                        readOnly
                        value={link}
                        aria-label="Invite link"
                        onFocus={(e) => e.currentTarget.select()}
                        className="h-9 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-2 font-mono text-xs text-zinc-700"
                      />
                      <div className="flex flex-wrap items-center gap-2">
                        <CopyButton text={link} />
                        <Button size="sm" variant="ghost" onClick={() => setRevoking(inv)}>
                          Revoke
                        </Button>
                      </div>
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this invite link?"
        description="Nobody can join with it any more. People who already joined stay in the team."
        confirmLabel="Revoke"
        destructive
        onConfirm={async () => {
          if (revoking) await revokeInvite(revoking.id);
          await refresh();
        }}
      />
    </section>
  );
}
