import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { ClientResponseError } from 'pocketbase';
import { signOut } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Alert, Button, buttonClasses, Card, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import { acceptInvite, fetchInvite, teamKeys, type InvitePreview } from '../data/member-queries';
import { inviteStateView } from './invite-states';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * `/teams/invite/{token}`: what the link is for and, when it can be used, joining in one click.
 * A guest reaches it after signing in or registering (the login and register pages come back
 * here); every state the link can be in has its own words.
 */
export function InvitePage() {
  const { inviteToken } = useParams({ from: '/app/teams/invite/$inviteToken' });
  const preview = useQuery({
    queryKey: teamKeys.invite(inviteToken),
    queryFn: () => fetchInvite(inviteToken),
    retry: false,
  });
  useTitle(preview.data ? `Join ${preview.data.team.name}` : 'Team invitation');

  let body;
  if (preview.isPending) body = <LoadingBlock label="Opening the invitation…" />;
  else if (preview.isError) {
    const missing = preview.error instanceof ClientResponseError && preview.error.status === 404;
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
            <Link to="/dashboard" className={buttonClasses('secondary')}>
              Back to the dashboard
            </Link>
          ) : (
            <Button variant="secondary" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  } else if (preview.data.state === 'open') body = <JoinCard token={inviteToken} invite={preview.data} />;
  else body = <UnusableInvite invite={preview.data} />;

  return (
    <div className="mx-auto w-full max-w-xl">
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
      await client.invalidateQueries({ queryKey: ['team_members'] });
      await navigate({ to: '/teams/$id/photoshoots/create', params: { id: membership.team } });
    },
  });
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
      {join.isError ? (
        <Alert tone="error" title="You could not join">
          {errorMessage(join.error)}
        </Alert>
      ) : null}
      <Button size="lg" loading={join.isPending} onClick={() => join.mutate()}>
        Join {team.name}
      </Button>
    </Card>
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
            <Link to="/dashboard" className={buttonClasses('secondary')}>
              Back to the dashboard
            </Link>
          </div>
        }
      />
    </div>
  );
}
