import { describe, expect, it, vi } from 'vitest';
import { customerViewUrl, IMPERSONATION_SECONDS, openCustomerView } from './open-customer-view';

function fakeTab() {
  return { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
}

describe('opening a customer view', () => {
  it('opens the tab inside the click, cuts it from this page, then hands the token over in the fragment', async () => {
    const tab = fakeTab();
    const open = vi.fn(() => tab as unknown as Window);
    let give: (token: string) => void = () => {};
    const impersonate = vi.fn(() => new Promise<string>((r) => (give = r)));

    const done = openCustomerView('u1', { open, impersonate, origin: 'https://shop.test' });
    // Before the token exists: the tab is already open (a pop-up blocker allows only that) and orphaned.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(impersonate).toHaveBeenCalledWith('u1', IMPERSONATION_SECONDS);
    expect(IMPERSONATION_SECONDS).toBeLessThanOrEqual(3600);

    give('a.b.c');
    await done;
    const url = new URL(tab.location.replace.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname + url.search).toBe('https://shop.test/impersonate');
    expect(url.hash).toBe('#token=a.b.c');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab and reports the failure when the token is refused', async () => {
    const tab = fakeTab();
    const err = new Error('nope');
    await expect(
      openCustomerView('u1', {
        open: () => tab as unknown as Window,
        impersonate: () => Promise.reject(err),
      }),
    ).rejects.toBe(err);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('says so when the browser blocks the tab', async () => {
    await expect(openCustomerView('u1', { open: () => null, impersonate: vi.fn() })).rejects.toThrow(
      /blocked/,
    );
  });

  it('puts the token in the fragment only, encoded', () => {
    expect(customerViewUrl('http://x', 'a+b/c')).toBe('http://x/impersonate#token=a%2Bb%2Fc');
  });
});
