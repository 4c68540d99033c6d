import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../../lib/pb';
import { resetAuthForTests } from '../../../lib/auth-store';
import { operatorClient, otherClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { joinedMember, ownTeam, signIn } from '../../../testing/team-admin-test-kit';

describe('/teams/{id} for owners and admins', () => {
  beforeEach(() => resetAuthForTests());

  it('shows the seats and members, makes a restricted link with a cap, and revokes it', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme sales' })).toBeTruthy();
    expect(screen.getByTestId('seats-summary').textContent).toBe('0 used · 0 free · 0 bought');
    expect(screen.getByTestId('look-summary').textContent).toBe('No styles chosen: members pick their own');
    const members = await screen.findByRole('list', { name: 'Team members' });
    expect(within(members).getByText('Owner')).toBeTruthy();
    expect(within(members).getByText('Not started')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Who can use it'), { target: { value: 'domain' } });
    fireEvent.change(screen.getByLabelText('Email domain'), { target: { value: '@Acme.com' } });
    fireEvent.change(screen.getByLabelText(/Usage limit/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const link = await screen.findByTestId('new-invite-link');
    expect(link.textContent).toMatch(/\/teams\/invite\/[A-Za-z0-9]{32,64}$/);

    const invites = await screen.findByRole('list', { name: 'Invite links' });
    expect(within(invites).getByText('Only @acme.com addresses')).toBeTruthy();
    expect(within(invites).getByText(/0 of 3 uses/)).toBeTruthy();
    const saved = await pb.collection('team_invites').getFullList({ filter: `team = "${team.id}"` });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ domain: 'acme.com', maxUses: 3, revoked: false });

    fireEvent.click(within(invites).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(invites).getByText('Revoked')).toBeTruthy());
    expect((await pb.collection('team_invites').getOne(saved[0]!.id)).revoked).toBe(true);
  });

  it('shows the server’s words for a domain it refuses', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}`);
    fireEvent.change(await screen.findByLabelText('Who can use it'), { target: { value: 'domain' } });
    fireEvent.change(screen.getByLabelText('Email domain'), { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const field = screen.getByLabelText('Email domain');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(await pb.collection('team_invites').getFullList({ filter: `team = "${team.id}"` })).toHaveLength(
      0,
    );
  });

  it('mails a single-use invite to each address of a list', async () => {
    const me = await signIn();
    // Only verified accounts may mail invites (an unverified one could relay spam).
    await (await operatorClient()).collection('users').update(me.id, { verified: true });
    const team = await ownTeam();
    renderApp(`/teams/${team.id}`);
    fireEvent.change(await screen.findByLabelText('Email addresses'), {
      target: { value: 'ann@acme.com, Bob@acme.com\nann@acme.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    expect(await screen.findByText('2 invitations sent.')).toBeTruthy();
    const saved = await pb
      .collection('team_invites')
      .getFullList({ filter: `team = "${team.id}"`, sort: 'email' });
    expect(saved.map((i) => [i.email, i.maxUses])).toEqual([
      ['ann@acme.com', 1],
      ['bob@acme.com', 1],
    ]);
    expect(await screen.findByText('Only bob@acme.com')).toBeTruthy();
  });

  it('refuses an expiry date that has passed, on the date field, and makes no link', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}`);
    const expires = await screen.findByLabelText(/Expires on/);
    fireEvent.change(expires, { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(expires.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/This date has already passed/)).toBeTruthy();
    expect(screen.queryByTestId('new-invite-link')).toBeNull();
    expect(await pb.collection('team_invites').getFullList({ filter: `team = "${team.id}"` })).toHaveLength(
      0,
    );
  });

  it('names the invalid address of a list and keeps the list to correct', async () => {
    const me = await signIn();
    await (await operatorClient()).collection('users').update(me.id, { verified: true });
    const team = await ownTeam();
    renderApp(`/teams/${team.id}`);
    const list = await screen.findByLabelText('Email addresses');
    fireEvent.change(list, { target: { value: 'cat@acme.com\ndan@acme\neve@acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send 3 invitations' }));
    await waitFor(() => expect(list.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/"dan@acme" is not a valid email address/)).toBeTruthy();
    expect((list as HTMLTextAreaElement).value).toContain('dan@acme');
    expect(await pb.collection('team_invites').getFullList({ filter: `team = "${team.id}"` })).toHaveLength(
      0,
    );
  });

  it('changes a member’s role and removes them', async () => {
    await signIn();
    const team = await ownTeam();
    const member = await joinedMember(team.id);
    renderApp(`/teams/${team.id}`);
    const role = await screen.findByLabelText(/^Role of /);
    await waitFor(() => expect((role as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(role, { target: { value: 'admin' } });
    await waitFor(async () => {
      const row = await pb
        .collection('team_members')
        .getFirstListItem(`team = "${team.id}" && user = "${member.id}"`);
      expect(row.role).toBe('admin');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Role of /)).toBeNull());
    const left = await pb.collection('team_members').getFullList({ filter: `team = "${team.id}"` });
    expect(left.map((m) => m.role)).toEqual(['owner']);
  });

  it('lets the owner hand the team over, staying on as an admin', async () => {
    const me = await signIn();
    const team = await ownTeam();
    const member = await joinedMember(team.id);
    renderApp(`/teams/${team.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    await waitFor(async () => expect((await pb.collection('teams').getOne(team.id)).owner).toBe(member.id));
    const mine = await pb
      .collection('team_members')
      .getFirstListItem(`team = "${team.id}" && user = "${me.id}"`);
    expect(mine.role).toBe('admin');
  });
});

describe('/teams/{id} for a member', () => {
  beforeEach(() => resetAuthForTests());

  it('shows no member list or invites, and lets the member leave', async () => {
    const owner = await signIn();
    const team = await ownTeam();
    const member = await joinedMember(team.id);
    // The member signs in on this device.
    await pb.collection('users').authWithPassword(member.email, 'a-good-password-1');
    resetAuthForTests();
    const { router } = renderApp(`/teams/${team.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme sales' })).toBeTruthy();
    expect(screen.getByText('You are a member')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invites' })).toBeNull();
    const leave = screen.getByRole('button', { name: 'Leave Acme sales' });
    await waitFor(() => expect((leave as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(leave);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams'));
    const su = otherClient();
    await su.collection('users').authWithPassword(owner.email, owner.password);
    const rows = await su.collection('team_members').getFullList({ filter: `team = "${team.id}"` });
    expect(rows.map((r) => r.user)).toEqual([owner.id]);
  });
});
