import { Alert } from '../../../ui/alert';
import { useOtherMembers, type AdminMembership } from './data/use-admin-user';

/**
 * What deleting a customer does, as the server's rules decide it (apps/server
 * core/auth/account-deletion.ts), said before the operator confirms: the cascade, what stays for
 * the accounts, and what a team they own changes.
 */
export function DeletionRules({ userId, memberships }: { userId: string; memberships: AdminMembership[] }) {
  const owned = memberships.filter((m) => m.role === 'owner');
  const others = useOtherMembers(
    userId,
    owned.map((m) => m.team),
  );
  const shared = owned.filter((m) => (others.data?.get(m.team) ?? 0) > 0);
  const solo = owned.filter((m) => others.data && !others.data.get(m.team));
  const name = (m: AdminMembership) => m.expand?.team?.name ?? m.team;

  return (
    <div className="text-sm text-zinc-700">
      <ul className="list-disc space-y-1 pl-5">
        <li>their photoshoots, with the uploaded photos, the results and their history;</li>
        <li>their profile and team memberships; every file of theirs leaves storage;</li>
        <li>their sessions end, and the email address is free to register again.</li>
      </ul>
      <p className="mt-3">
        Payments stay for the accounts, without the customer: amounts, provider references and dates remain.
      </p>
      {solo.length ? (
        <p className="mt-3">
          They own {solo.map(name).join(', ')} alone:{' '}
          {solo.length === 1 ? 'that team goes' : 'those teams go'} too, with{' '}
          {solo.length === 1 ? 'its' : 'their'} custom styles.
        </p>
      ) : null}
      {shared.length ? (
        <Alert tone="warning" className="mt-3" title="The server will refuse this for now.">
          They own {shared.map(name).join(', ')}, which {shared.length === 1 ? 'has' : 'have'} other members.
          Ownership has to pass to another member (or the members leave) before the account can go.
        </Alert>
      ) : null}
      <p className="mt-3 font-medium">This cannot be undone.</p>
    </div>
  );
}
