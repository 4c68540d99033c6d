import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { Alert, Badge, Button, buttonClasses, Card, EmptyState, LoadingBlock, PageHeader } from '../../ui';
import { useAuth } from '../../lib/use-auth';
import { isNewAccount } from '../../lib/new-account';
import { RenameTitle } from '../../shared/rename-title';
import { createDraft, myPhotoshootsQuery, myTeamsQuery, type PhotoshootSummary } from './data/dashboard-api';
import { nextStepHref, statusView } from './photoshoot-status';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(value: string): string {
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

function PhotoshootRow({ p }: { p: PhotoshootSummary }) {
  const view = statusView(p.status);
  const href = nextStepHref(p);
  const busy = p.status === 'queued' || p.status === 'processing';
  const queryClient = useQueryClient();
  return (
    <li>
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <RenameTitle
              photoshoot={p}
              as="h3"
              titleClassName="font-semibold text-zinc-900"
              onSaved={() => void queryClient.invalidateQueries({ queryKey: ['photoshoots'] })}
            />
            <Badge tone={view.tone}>{view.label}</Badge>
          </div>
          <p className="mt-1 text-sm text-zinc-500">
            Created {formatDate(p.created)}
            {p.expand?.package?.name ? ` · ${p.expand.package.name}` : ''}
            {busy && p.progress ? ` · ${Math.round(p.progress)}% done` : ''}
          </p>
        </div>
        <Link
          to={href}
          className={buttonClasses(p.status === 'completed' ? 'primary' : 'secondary', 'sm', 'shrink-0')}
          aria-label={`${view.action}: ${p.title || 'Untitled photoshoot'}`}
        >
          {view.action}
        </Link>
      </Card>
    </li>
  );
}

function NewPhotoshootButton() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createDraft(user!.id, `Photoshoot ${dateFormat.format(new Date())}`),
    onSuccess: async (p) => {
      await queryClient.invalidateQueries({ queryKey: ['photoshoots'] });
      void navigate({ to: '/photoshoot/$id/upload', params: { id: p.id } });
    },
  });
  return (
    <div className="flex flex-col items-end gap-2">
      <Button size="md" loading={create.isPending} onClick={() => create.mutate()}>
        New photoshoot
      </Button>
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
    </div>
  );
}

function Photoshoots({ userId }: { userId: string }) {
  const list = useInfiniteQuery(myPhotoshootsQuery(userId));
  if (list.isPending) return <LoadingBlock label="Loading your photoshoots…" />;
  if (list.isError)
    return (
      <Alert tone="error" title="Your photoshoots could not be loaded">
        {errorMessage(list.error)}
      </Alert>
    );
  const items = list.data.pages.flatMap((page) => page.items);
  if (!items.length) {
    return (
      <EmptyState
        title="No photoshoots yet"
        description="Start one: upload a few selfies, pick your styles, and get professional portraits."
        action={<NewPhotoshootButton />}
      />
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((p) => (
          <PhotoshootRow key={p.id} p={p} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}

function Teams({ userId }: { userId: string }) {
  const teams = useQuery(myTeamsQuery(userId));
  return (
    <section aria-labelledby="teams-title" className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="teams-title" className="text-xl font-semibold text-zinc-900">
          Your teams
        </h2>
        <Link to="/teams/new" className={buttonClasses('ghost', 'sm')}>
          Create a team
        </Link>
      </div>
      {teams.isPending ? <LoadingBlock label="Loading your teams…" /> : null}
      {teams.isError ? <Alert tone="error">{errorMessage(teams.error)}</Alert> : null}
      {teams.data && !teams.data.length ? (
        <Card className="text-sm text-zinc-600">
          You are not part of a team. Teams buy seats together and share a consistent look —{' '}
          <Link to="/teams-info" className="font-medium text-brand-700 underline">
            learn more
          </Link>
          .
        </Card>
      ) : null}
      {teams.data?.length ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {teams.data.map((m) => (
            <li key={m.id}>
              <Link
                to="/teams/$id"
                params={{ id: m.team }}
                className="block rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm hover:border-brand-300"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-zinc-900">{m.expand?.team?.name ?? 'Team'}</span>
                  <Badge tone={m.role === 'member' ? 'neutral' : 'brand'}>{m.role}</Badge>
                </span>
                {m.expand?.team?.company ? (
                  <span className="mt-1 block text-sm text-zinc-500">{m.expand.team.company}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /dashboard: the user's photoshoots with their next step, a "New photoshoot" button, their teams. */
export function DashboardPage() {
  useTitle('Dashboard');
  const { user } = useAuth();
  const [firstName] = useState(() => (user?.name || '').split(' ')[0]);
  const [isNewAccountNow] = useState(() => isNewAccount(user?.id));
  // A new account that already has a photoshoot (made on another device, or finished) is not told to start one.
  const shoots = useInfiniteQuery({ ...myPhotoshootsQuery(user?.id ?? ''), enabled: !!user });
  const hasShoots = (shoots.data?.pages[0]?.items.length ?? 0) > 0;
  const isNew = isNewAccountNow && !hasShoots;
  if (!user) return null;
  return (
    <>
      <PageHeader
        title={firstName ? `${isNew ? 'Welcome' : 'Welcome back'}, ${firstName}` : 'Your photoshoots'}
        description={
          isNew
            ? 'Start your first photoshoot: upload a few selfies, choose your styles, and we do the rest.'
            : 'Pick up where you left off, or start a new photoshoot.'
        }
        actions={<NewPhotoshootButton />}
      />
      {!user.verified ? (
        <Alert tone="warning" className="mb-6" title="Please confirm your email address">
          We sent you a link when you signed up. You can send it again from your{' '}
          <Link to="/settings" className="underline">
            settings
          </Link>
          .
        </Alert>
      ) : null}
      <section aria-labelledby="photoshoots-title">
        <h2 id="photoshoots-title" className="mb-4 text-xl font-semibold text-zinc-900">
          Photoshoots
        </h2>
        <Photoshoots userId={user.id} />
      </section>
      <Teams userId={user.id} />
    </>
  );
}
