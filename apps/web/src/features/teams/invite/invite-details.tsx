import type { ReactNode } from 'react';
import { Card } from '../../../ui';
import type { InvitePreview } from '../data/member-queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * An open invite as its page shows it, to a guest and to a signed-in person alike: which team, the
 * role, who the link is for (a domain, or "the address it was sent to": the server never says
 * which), until when, and what happens next; `children` is the way to join.
 */
export function InviteDetails({
  invite,
  nextStep,
  children,
}: {
  invite: InvitePreview;
  nextStep: string;
  children: ReactNode;
}) {
  const { team } = invite;
  return (
    <Card className="flex flex-col gap-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-zinc-900">You are invited to join {team.name}</h2>
        {team.company ? <p className="text-sm text-zinc-600">{team.company}</p> : null}
      </div>
      <ul className="flex flex-col gap-1.5 text-sm text-zinc-700">
        <li>
          You join as {invite.role === 'admin' ? 'an admin: you can invite and follow members' : 'a member'}.
        </li>
        <li>Your team pays for your headshots: you upload selfies, choose styles and submit. No payment.</li>
        {invite.restriction.kind === 'domain' ? (
          <li>For addresses at {invite.restriction.domain}.</li>
        ) : invite.restriction.kind === 'email' ? (
          <li>For the address it was sent to.</li>
        ) : null}
        {invite.expiresAt ? (
          <li>Valid until {dateFormat.format(new Date(invite.expiresAt.replace(' ', 'T')))}.</li>
        ) : null}
      </ul>
      <p className="text-sm text-zinc-600" data-testid="invite-next-step">
        {nextStep}
      </p>
      {children}
    </Card>
  );
}
