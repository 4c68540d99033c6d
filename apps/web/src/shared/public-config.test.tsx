import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { setApiBaseUrl } from '../lib/api-base';
import { otherClient } from '../testing/accounts';
import { WithLimits } from './public-config';
import type { PublicConfig } from './records';

const Limits = () => (
  <WithLimits>
    {(l) => (
      <p data-testid="limits">
        {l.maxPhotos}/{l.minAcceptedPhotos}/{l.freeRedos}
      </p>
    )}
  </WithLimits>
);

afterEach(() => {
  setApiBaseUrl(inject('apiUrl'));
});

describe('WithLimits', () => {
  // note: runs first; a failed load is forgotten, so the next test loads afresh.
  it('says so when the settings cannot be loaded', async () => {
    setApiBaseUrl('http://127.0.0.1:9'); // discard port: nothing listens
    render(<Limits />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
    expect(screen.queryByTestId('limits')).toBeNull();
  });

  it('renders the limits the server states in /api/public/config', async () => {
    const config = await otherClient().send<PublicConfig>('/api/public/config', { method: 'GET' });
    render(<Limits />);
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    const { maxPhotos, minAcceptedPhotos, freeRedos } = config.photoshoots;
    expect((await screen.findByTestId('limits')).textContent).toBe(
      `${maxPhotos}/${minAcceptedPhotos}/${freeRedos}`,
    );
  });
});
