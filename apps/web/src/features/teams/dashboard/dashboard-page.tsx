import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Alert, Button, buttonClasses, Card, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import type { TeamRemindOutcome as RemindOutcome } from '@photoshoot/contract';
import { remindMembers, teamFileUrl, useTeamPhotoshootChanges } from '../data/member-queries';
import { teamKeys, useTeam, useTeamMembers } from '../data/team-queries';
import { MembersTable } from './members-table';
import { ReleasedResults } from './released-results';

/**
 * `/teams/{id}/photoshoots/dashboard`: the team admin's follow-up. Every member's state and last
 * activity (live), reminders (the server sends at most one a day per member), the released
 * results with the members' favourites, and the whole set as one zip or the list as a CSV.
 */
export function TeamDashboardPage() {
  const { id } = useParams({ from: '/app/teams/$id/photoshoots/dashboard' });
  const { teamRole } = useRouteContext({ from: '/app/teams/$id' });
  const team = useTeam(id);
  useTitle('Team dashboard');
  if (teamRole === 'member') {
    return (
      <>
        <PageHeader eyebrow={team.data?.name} title="Team dashboard" />
        <EmptyState
          title="Only team admins see the dashboard"
          description="It shows everyone’s progress; your own photoshoots are on the team photoshoots page."
          action={
            <Link to="/teams/$id/photoshoots" params={{ id }} className={buttonClasses('primary')}>
              Team photoshoots
            </Link>
          }
        />
      </>
    );
  }
  return <AdminDashboard teamId={id} teamName={team.data?.name ?? ''} />;
}

function remindSummary(outcome: RemindOutcome): string {
  const recent = outcome.skipped.filter((s) => s.reason === 'recently_reminded').length;
  const seatless = outcome.skipped.filter((s) => s.reason === 'waiting_for_seat').length;
  const sent = outcome.reminded.length;
  const parts = [sent ? `Reminder sent to ${sent} member${sent === 1 ? '' : 's'}.` : 'No reminder sent.'];
  if (recent) parts.push(`${recent} already reminded in the last 24 hours.`);
  if (seatless) parts.push(`${seatless} waiting for a seat, not reminded.`);
  return parts.join(' ');
}

function seatsTitle(seatless: number, toBuy: number): string {
  if (!seatless) return `${toBuy} more seat${toBuy === 1 ? '' : 's'} needed`;
  return `${seatless} member${seatless === 1 ? ' is' : 's are'} waiting for a seat`;
}

function AdminDashboard({ teamId, teamName }: { teamId: string; teamName: string }) {
  const client = useQueryClient();
  const overview = useTeamMembers(teamId);
  const [fileError, setFileError] = useState('');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: teamKeys.members(teamId) });
    void client.invalidateQueries({ queryKey: teamKeys.results(teamId) });
  };
  // Members' states move as their photoshoots do: any change in the team's photoshoots re-reads.
  useTeamPhotoshootChanges(teamId, refresh, overview.isSuccess);
  const remind = useMutation({
    mutationFn: (members?: string[]) => remindMembers(teamId, members),
    onSuccess: () => void client.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
  const open = async (what: 'download' | 'members.csv') => {
    setFileError('');
    try {
      // note: the answer is an attachment, so the browser saves it and stays on this page.
      window.location.assign(await teamFileUrl(teamId, what));
    } catch (err) {
      setFileError(errorMessage(err));
    }
  };

  if (overview.isPending) return <LoadingBlock label="Loading your team…" />;
  if (overview.isError) {
    return (
      <Alert tone="error" title="The dashboard could not be loaded">
        {errorMessage(overview.error)}
      </Alert>
    );
  }
  const { members, seatsTotal, seatsUsed, seatsToBuy } = overview.data;
  const seatless = members.filter((m) => m.waitingForSeat).length;
  const released = members.reduce((n, m) => n + m.released, 0);
  const ready = members.filter((m) => m.state === 'completed').length;
  const waiting = members.filter(
    (m) => !m.waitingForSeat && (m.state === 'not_started' || m.state === 'draft'),
  ).length;

  return (
    <>
      <PageHeader
        eyebrow={teamName}
        title="Team dashboard"
        description="Follow everyone’s headshots, nudge those who have not submitted, and download the set."
        actions={
          <>
            <Button variant="secondary" onClick={() => void open('members.csv')}>
              Members (CSV)
            </Button>
            <Button disabled={!released} onClick={() => void open('download')}>
              Download all (zip)
            </Button>
          </>
        }
      />
      <dl className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Members', members.length],
          ['Ready', ready],
          ['Not submitted', waiting],
          ['Seats used', `${seatsUsed} of ${seatsTotal}`],
        ].map(([label, value]) => (
          <Card key={label} className="p-4">
            <dt className="text-sm text-zinc-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-zinc-900" data-testid={`figure-${label}`}>
              {value}
            </dd>
          </Card>
        ))}
      </dl>
      {seatsToBuy > 0 ? (
        <Alert tone="warning" className="mb-4" title={seatsTitle(seatless, seatsToBuy)}>
          <p data-testid="seats-to-buy">
            Buy {seatsToBuy} more seat{seatsToBuy === 1 ? '' : 's'} so everyone ready can submit.{' '}
            <Link to="/teams/$id/team-packages" params={{ id: teamId }} className="font-semibold underline">
              Buy seats
            </Link>
          </p>
        </Alert>
      ) : null}
      <div aria-live="polite" className="mb-4 flex flex-col gap-2">
        {fileError ? <Alert tone="error">{fileError}</Alert> : null}
        {remind.isError ? <Alert tone="error">{errorMessage(remind.error)}</Alert> : null}
        {remind.isSuccess ? <Alert tone="success">{remindSummary(remind.data)}</Alert> : null}
      </div>
      <section aria-labelledby="members-title" className="mb-10">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="members-title" className="text-lg font-semibold text-zinc-900">
            Members
          </h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={!waiting}
            loading={remind.isPending && remind.variables === undefined}
            onClick={() => remind.mutate(undefined)}
          >
            Remind everyone who has not submitted
          </Button>
        </div>
        <MembersTable
          members={members}
          onRemind={(user) => remind.mutate([user])}
          reminding={remind.isPending ? (remind.variables?.[0] ?? '*') : ''}
        />
      </section>
      <ReleasedResults teamId={teamId} members={members} />
    </>
  );
}
