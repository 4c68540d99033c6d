/** What the team admin page tests share: a signed-in person and a team made through the API. */
import { pb } from '../lib/pb';
import { resetAuthForTests } from '../lib/auth-store';
import { newAccount, otherClient } from './accounts';
import type { CreatedInvite, Team } from '../features/teams/data/team-api';

export async function signIn(): Promise<{ id: string; email: string; password: string }> {
  const account = await newAccount();
  await pb.collection('users').authWithPassword(account.email, account.password);
  resetAuthForTests();
  return account;
}

/** A team owned by the signed-in user, created through the team endpoint. */
export function ownTeam(name = 'Acme sales'): Promise<Team> {
  return pb.send<Team>('/api/teams', { method: 'POST', body: { name, company: 'Acme Inc.' } });
}

/** Another person who joins `teamId` through an invite link of the signed-in admin. */
export async function joinedMember(teamId: string): Promise<{ id: string; email: string }> {
  const { items } = await pb.send<{ items: CreatedInvite[] }>(`/api/teams/${teamId}/invites`, {
    method: 'POST',
    body: { role: 'member' },
  });
  const account = await newAccount();
  const client = otherClient();
  await client.collection('users').authWithPassword(account.email, account.password);
  await client.send(`/api/teams/invites/${items[0]!.token}/accept`, { method: 'POST' });
  return account;
}
