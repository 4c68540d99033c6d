import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { signOut } from '../../../lib/auth-store';
import { errorMessage, errorStatus } from '../../../lib/errors';
import { useAuth } from '../../../lib/use-auth';
import { useTitle } from '../../../lib/use-title';
import { Alert, Button, buttonClasses, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import { acceptInvite, invitePreviewQuery, type InvitePreview } from '../data/member-queries';
import { teamKeys } from '../data/team-queries';
import { GuestJoin } from './guest-join';
import { InviteDetails } from './invite-details';
import { inviteStateView } from './invite-states';

/**
 * `/teams/invite/{token}`: what the link is for and, when it can be used, joining. A guest sees
 * the team and the terms first, then registers or signs in and comes back here; a signed-in
 * person joins in one click; every state the link can be in has its own words.
 */
export function InvitePage() {
  const { inviteToken } = useParams({ from: '/public/teams/invite/$inviteToken' });
  const user = useAuth().user;
  const preview = useQuery(invitePreviewQuery(inviteToken, user?.id ?? ''));
  useTitle(preview.data ? `Join ${preview.data.team.name}` : 'Team invitation');

  let body;
  if (preview.isPending) body = <LoadingBlock label="Opening the invitation…" />;
  else if (preview.isError) {
    const missing = errorStatus(preview.error) === 404;
    body = (
      <EmptyState
        title={missing ? 'This invite link does not exist' : 'Could not open the invitation'}
        description={
          missing
            ? 'Check that you copied all of it, or ask your team admin for a new one.'
            : errorMessage(preview.error)
        }
        action={
          missing ? (
            <HomeLink />
          ) : (
            <Button variant="secondary" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  } else if (preview.data.state !== 'open') body = <UnusableInvite invite={preview.data} />;
  else if (!user) body = <GuestJoin invite={preview.data} />;
  else body = <JoinCard token={inviteToken} invite={preview.data} />;

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
      <PageHeader eyebrow="Team invitation" title={preview.data?.team.name ?? 'Team invitation'} />
      {body}
    </div>
  );
}

function JoinCard({ token, invite }: { token: string; invite: InvitePreview }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const join = useMutation({
    mutationFn: () => acceptInvite(token),
    onSuccess: async (membership) => {
      await client.invalidateQueries({ queryKey: teamKeys.mine });
      await navigate({ to: '/teams/$id/photoshoots/create', params: { id: membership.team } });
    },
  });
  const { team } = invite;
  return (
    <InviteDetails
      invite={invite}
      nextStep="Once you join, you start your photoshoot on one of the team's seats."
    >
      {join.isError ? (
        <Alert tone="error" title="You could not join">
          {errorMessage(join.error)}
        </Alert>
      ) : null}
      <Button size="lg" loading={join.isPending} onClick={() => join.mutate()}>
        Join {team.name}
      </Button>
    </InviteDetails>
  );
}

/** Where to go instead: the dashboard when signed in, the home page for a guest. */
function HomeLink() {
  return useAuth().user ? (
    <Link to="/dashboard" className={buttonClasses('secondary')}>
      Back to the dashboard
    </Link>
  ) : (
    <Link to="/" className={buttonClasses('secondary')}>
      Back to the home page
    </Link>
  );
}

/** Signs out and comes back to this link through the sign-in page, to join with the right address. */
function SwitchAccountButton() {
  const navigate = useNavigate();
  const here = useLocation().href;
  return (
    <Button
      onClick={() => {
        signOut();
        void navigate({ to: '/login', search: { redirect: here } });
      }}
    >
      Use another account
    </Button>
  );
}

function UnusableInvite({ invite }: { invite: InvitePreview }) {
  const view = inviteStateView(invite.state);
  return (
    <div data-testid="invite-state" data-state={invite.state}>
      <EmptyState
        title={view.title}
        description={view.hint}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {view.action === 'team' ? (
              <Link
                to="/teams/$id/photoshoots"
                params={{ id: invite.team.id }}
                className={buttonClasses('primary')}
              >
                Your team photoshoots
              </Link>
            ) : view.action === 'settings' ? (
              <Link to="/settings" className={buttonClasses('primary')}>
                Account settings
              </Link>
            ) : view.action === 'switch-account' ? (
              <SwitchAccountButton />
            ) : null}
            <HomeLink />
          </div>
        }
      />
    </div>
  );
}
