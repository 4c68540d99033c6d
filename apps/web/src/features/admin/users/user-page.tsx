import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { PageHeader } from '../../../ui/page-header';
import { LoadingBlock } from '../../../ui/spinner';
import { formatDateTime } from '../components/format';
import { PaymentStatusBadge, PhotoshootStatusBadge } from '../components/status-badge';
import { providerName, VerifiedBadge } from './sign-in-methods';
import { useAdminUser, useAdminUserLive } from './data/use-admin-user';
import { UserActions } from './user-actions';

const ROLE_NAMES = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** /admin/users/{id}: one customer, their photoshoots, payments and teams, and what can be done for them. */
export function UserPage() {
  const { id } = useParams({ from: '/admin/users/$id' });
  const q = useAdminUser(id);
  useAdminUserLive(id);
  const user = q.user.data;
  const summary = q.summary.data;
  useTitle(`${user?.email ?? 'User'} · Back office`);

  if (q.user.isError) {
    return (
      <Alert tone="error" title="This user could not be loaded.">
        {errorMessage(q.user.error)}{' '}
        <Link to="/admin/users" className="font-medium underline">
          Back to the list
        </Link>
      </Alert>
    );
  }
  if (!user) return <LoadingBlock />;
  const memberships = q.teams.data ?? [];

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        eyebrow={
          <Link to="/admin/users" className="hover:underline">
            ‹ Users
          </Link>
        }
        title={user.name || user.email}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <VerifiedBadge verified={user.verified} />
            <span className="break-all text-sm">{user.email}</span>
          </span>
        }
      />
      {/* note: in a row of their own, so four buttons never squeeze the name into a narrow column. */}
      <div className="-mt-2 mb-6 flex flex-wrap gap-2">
        <UserActions user={user} memberships={memberships} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="font-semibold">Account</h2>
          <Facts>
            <Fact label="Name">{user.name || '—'}</Fact>
            <Fact label="Email">
              <span className="break-all">{user.email}</span>
            </Fact>
            <Fact label="Company">{user.companyName || '—'}</Fact>
            <Fact label="Id">{user.id}</Fact>
            <Fact label="Registered">{formatDateTime(user.created)}</Fact>
            <Fact label="Last activity">{summary ? formatDateTime(summary.lastActivity) : '…'}</Fact>
          </Facts>
        </Card>
        <Card>
          <h2 className="font-semibold">Sign-in</h2>
          <Facts>
            <Fact label="Email">{user.verified ? 'Verified' : 'Not verified yet'}</Fact>
            <Fact label="Password">
              {summary?.signIn.password
                ? 'Yes (an account made through a provider has a random one until a reset)'
                : 'Off for customers'}
            </Fact>
            <Fact label="Providers">
              {summary
                ? summary.signIn.oauth2.length
                  ? summary.signIn.oauth2.map(providerName).join(', ')
                  : 'None linked'
                : '…'}
            </Fact>
            <Fact label="Email code">{summary ? (summary.signIn.otp ? 'Offered' : 'Off') : '…'}</Fact>
            <Fact label="MFA">
              {summary ? (summary.signIn.mfa ? 'Required (a second method after the first)' : 'Off') : '…'}
            </Fact>
          </Facts>
        </Card>
      </div>

      <Card className="mt-4">
        <h2 className="font-semibold">Photoshoots</h2>
        <ListStatus query={q.photoshoots} empty="No photoshoots." what="photoshoots" />
        <ul className="mt-2 divide-y divide-zinc-100">
          {(q.photoshoots.data ?? []).map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
              <Link
                to="/admin/photoshoots/$id"
                params={{ id: p.id }}
                className="font-medium text-brand-700 hover:underline"
              >
                {p.title || 'Untitled'}
              </Link>
              <PhotoshootStatusBadge status={p.status} />
              <span className="text-zinc-600">
                {p.expand?.package?.name ?? 'No package yet'}
                {p.expand?.team ? ` · ${p.expand.team.name}` : ''}
              </span>
              <span className="ml-auto whitespace-nowrap text-zinc-600">{formatDateTime(p.created)}</span>
            </li>
          ))}
        </ul>
      </Card>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="font-semibold">Payments</h2>
          <ListStatus query={q.payments} empty="No payments." what="payments" />
          <ul className="mt-2 divide-y divide-zinc-100">
            {(q.payments.data ?? []).map((pay) => (
              <li key={pay.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
                <PaymentStatusBadge status={pay.status} />
                <span className="font-semibold tabular-nums">
                  {formatMoney(pay.amountCents, pay.currency)}
                </span>
                <span className="text-zinc-600">
                  {pay.provider}
                  {pay.couponCode ? ` · ${pay.couponCode}` : ''}
                </span>
                {pay.photoshoot ? (
                  <Link
                    to="/admin/photoshoots/$id"
                    params={{ id: pay.photoshoot }}
                    className="text-brand-700 hover:underline"
                  >
                    Photoshoot
                  </Link>
                ) : null}
                <span className="ml-auto whitespace-nowrap text-zinc-600">
                  {formatDateTime(pay.paidAt || pay.created)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="font-semibold">Teams</h2>
          <ListStatus query={q.teams} empty="In no team." what="teams" />
          <ul className="mt-2 divide-y divide-zinc-100">
            {memberships.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
                <span className="font-medium">{m.expand?.team?.name ?? m.team}</span>
                <Badge tone={m.role === 'owner' ? 'brand' : 'neutral'}>{ROLE_NAMES[m.role] ?? m.role}</Badge>
                <span className="ml-auto whitespace-nowrap text-zinc-600">
                  since {formatDateTime(m.created)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

/** A section's loading, error and empty line. */
function ListStatus({
  query,
  empty,
  what,
}: {
  query: { isPending: boolean; isError: boolean; data?: unknown[] };
  empty: string;
  what: string;
}) {
  if (query.isError) return <Alert tone="error">The {what} could not be loaded.</Alert>;
  if (query.isPending) return <p className="mt-2 text-sm text-zinc-600">Loading…</p>;
  if (!query.data?.length) return <p className="mt-2 text-sm text-zinc-600">{empty}</p>;
  return null;
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-600">{label}</dt>
      <dd className="min-w-0 text-zinc-900">{children}</dd>
    </>
  );
}
