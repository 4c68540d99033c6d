import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OriginalPhoto } from '../../../shared/records';
import { PhotoTile } from './photo-tile';

vi.mock('../components/protected-image', () => ({ ProtectedImage: () => <div /> }));

const NOTE = {
  code: 'small_for_close_ups',
  message: 'Your face is small in this photo: close-ups made from it would look soft, so it is framed wider.',
};

function tile(qc: string, qcReasons: unknown[]) {
  const photo = { id: 'p1', file: 'a.jpg', qc, qcReasons } as unknown as OriginalPhoto;
  render(<PhotoTile photo={photo} label="Photo 1" onRemove={() => {}} removing={false} />);
}

describe('PhotoTile', () => {
  afterEach(cleanup);

  it('shows an accepted photo’s note beside the Accepted badge', () => {
    tile('accepted', [NOTE]);
    expect(screen.getByText('Accepted')).toBeTruthy();
    expect(screen.getByTestId('qc-notes').textContent).toContain('close-ups');
    expect(screen.queryByTestId('qc-reasons')).toBeNull();
  });

  it('shows nothing more for an accepted photo without notes', () => {
    tile('accepted', []);
    expect(screen.queryByTestId('qc-notes')).toBeNull();
  });
});
