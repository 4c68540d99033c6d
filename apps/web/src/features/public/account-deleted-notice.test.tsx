import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountDeleted } from './account-deleted-notice';

// The page's own test (features/account/delete-account.test.tsx) runs against a server with SMTP
// off; this covers the other branch: a service that sends mail says where the confirmation goes.
describe('the account-deleted notice', () => {
  it('says where the confirmation goes when the service sends mail', () => {
    render(<AccountDeleted email="gone@example.com" mailDelivered />);
    expect(screen.getByRole('status').textContent).toContain(
      'A confirmation email is on its way to gone@example.com.',
    );
  });

  it('promises no mail while mail only reaches the developer outbox', () => {
    render(<AccountDeleted email="gone@example.com" mailDelivered={false} />);
    expect(screen.getByRole('status').textContent).not.toMatch(/email/i);
  });
});
