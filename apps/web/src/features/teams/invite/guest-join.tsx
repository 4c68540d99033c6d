import { Link, useLocation } from '@tanstack/react-router';
import { buttonClasses } from '../../../ui';
import type { InvitePreview } from '../data/member-queries';
import { InviteDetails } from './invite-details';

/**
 * An open invite shown to a guest: the team and the terms first, then an account (new or existing)
 * and back here to join, through `?redirect=`.
 */
export function GuestJoin({ invite }: { invite: InvitePreview }) {
  const here = useLocation().href;
  const domain =
    invite.restriction.kind === 'domain' ? ` with your ${invite.restriction.domain} address` : '';
  return (
    <InviteDetails
      invite={invite}
      nextStep={`Create an account${domain} or sign in; you come back here and join ${invite.team.name} in one click.`}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link
          to="/register"
          search={{ redirect: here }}
          className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}
        >
          Create an account and join
        </Link>
        <Link
          to="/login"
          search={{ redirect: here }}
          className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto')}
        >
          Sign in and join
        </Link>
      </div>
    </InviteDetails>
  );
}
