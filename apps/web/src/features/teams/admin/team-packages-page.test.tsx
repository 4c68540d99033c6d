import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../../lib/pb';
import { resetAuthForTests } from '../../../lib/auth-store';
import { operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { joinedMember, ownTeam, signIn } from '../../../testing/team-admin-test-kit';

describe('/teams/{id}/team-packages', () => {
  beforeEach(() => resetAuthForTests());

  it('prices seats by quantity and coupon on the server, then opens the sandbox checkout', async () => {
    await signIn();
    const team = await ownTeam();
    const code = `SEATS${Date.now()}`;
    const su = await operatorClient();
    await su.collection('coupons').create({ code, percentOff: 10, appliesTo: 'team', active: true });
    const { router } = renderApp(`/teams/${team.id}/team-packages`);
    fireEvent.click(await screen.findByText('Team seat'));
    const quantity = await screen.findByLabelText('How many');
    fireEvent.change(quantity, { target: { value: '3' } });
    const summary = () => screen.getByTestId('team-order-summary').textContent;
    await waitFor(() => expect(summary()).toContain('Seats added3 (you will have 3)Price$135.00'));

    fireEvent.change(quantity, { target: { value: '101' } });
    expect(await screen.findByText('Choose a whole number from 1 to 100.')).toBeTruthy();
    const payButtons = () => screen.getAllByRole<HTMLButtonElement>('button', { name: 'Pay now' });
    // The order card's button (wide screens) and the pay bar's (phones) agree.
    expect(payButtons().map((b) => b.disabled)).toEqual([true, true]);
    fireEvent.change(quantity, { target: { value: '3' } });

    fireEvent.change(screen.getByLabelText(/Coupon/), { target: { value: 'no-such-code' } });
    const coupon = screen.getByLabelText(/Coupon/);
    await waitFor(() => expect(coupon.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(coupon, { target: { value: code.toLowerCase() } });
    await waitFor(() => expect(summary()).toContain(`Discount (${code})−$13.50Total$121.50`));

    // On a phone the total and the button stay in reach in the pay bar.
    const bar = screen.getByTestId('pay-bar');
    expect(bar.textContent).toContain('Total$121.50');
    const pay = within(bar).getByRole<HTMLButtonElement>('button', { name: 'Pay now' });
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sandbox\/checkout\/[a-z0-9]+$/));
    const paymentId = router.state.location.pathname.split('/').pop()!;
    const payment = await pb.collection('payments').getOne(paymentId);
    expect(payment).toMatchObject({ team: team.id, quantity: 3, amountCents: 12150, status: 'pending' });
  });

  it('says a cancelled checkout did not charge', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}/team-packages?cancelled=1&payment=abc`);
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
  });

  it('tells a member that only admins buy seats', async () => {
    await signIn();
    const team = await ownTeam();
    const member = await joinedMember(team.id);
    await pb.collection('users').authWithPassword(member.email, 'a-good-password-1');
    resetAuthForTests();
    renderApp(`/teams/${team.id}/team-packages`);
    expect(await screen.findByText('Only team admins can do this')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('refuses someone outside the team', async () => {
    await signIn();
    const team = await ownTeam();
    await signIn();
    renderApp(`/teams/${team.id}/team-packages`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not a member of this team' })).toBeTruthy();
  });
});

describe('/teams/payment-return', () => {
  beforeEach(() => resetAuthForTests());

  it('shows a free order as paid and the team’s new seats', async () => {
    await signIn();
    const team = await ownTeam();
    const code = `FREE${Date.now()}`;
    const su = await operatorClient();
    await su.collection('coupons').create({ code, percentOff: 100, appliesTo: 'team', active: true });
    const pkg = await pb.collection('packages').getFirstListItem(`name = "Team 5"`);
    const checkout = await pb.send<{ payment: { id: string } }>(`/api/teams/${team.id}/checkout`, {
      method: 'POST',
      body: { package: pkg.id, quantity: 1, coupon: code },
    });
    renderApp(`/teams/payment-return?payment=${checkout.payment.id}&team=${team.id}`);
    const state = await screen.findByTestId('payment-state');
    await waitFor(() => expect(state.textContent).toContain('Payment received: seats added'));
    await waitFor(() => expect(state.textContent).toContain('Acme sales now has 5 seats, 5 free.'));
  });
});
