import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../../lib/pb';
import { resetAuthForTests } from '../../../lib/auth-store';
import { renderApp } from '../../../testing/render-app';
import { ownTeam, signIn } from '../../../testing/team-admin-test-kit';

// A 1×1 PNG: a real image the server's type check accepts.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('/teams/{id}/team-styles', () => {
  beforeEach(() => resetAuthForTests());

  it('saves the chosen styles and the lock, and the preview shows them', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}/team-styles`);
    const boxes = await screen.findAllByRole('checkbox');
    const styleBoxes = boxes.filter((b) => b.closest('fieldset'));
    expect(styleBoxes.length).toBeGreaterThan(1);
    fireEvent.click(styleBoxes[0]!);
    fireEvent.click(styleBoxes[1]!);
    fireEvent.click(screen.getByRole('checkbox', { name: /Lock the styles/ }));
    const preview = screen.getByTestId('look-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save styles' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const saved = await pb.collection('teams').getOne(team.id);
    expect(saved.styles).toHaveLength(2);
    expect(saved.stylesLocked).toBe(true);
  });

  it('will not lock an empty choice', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}/team-styles`);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Lock the styles/ }));
    expect(screen.getByText('Pick at least one style to lock.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save styles' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads a brand backdrop through PATCH /api/teams/{id} and shows it in the preview', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}/team-styles`);
    const input = await screen.findByLabelText('Brand backdrop');
    const file = new File([PNG], 'office.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('Brand backdrop saved.', {}, { timeout: 10_000 })).toBeTruthy();
    const saved = await pb.collection('teams').getOne(team.id);
    expect(saved.brandBackdrop).toMatch(/^office.*\.png$/);
    const img = screen.getByTestId('preview-backdrop') as HTMLImageElement;
    expect(img.src).toContain(`/api/files/`);
    expect(img.src).toContain(saved.brandBackdrop);
  });

  it('says why a file is refused', async () => {
    await signIn();
    const team = await ownTeam();
    renderApp(`/teams/${team.id}/team-styles`);
    const input = await screen.findByLabelText('Logo');
    fireEvent.change(input, {
      target: { files: [new File(['not an image'], 'logo.txt', { type: 'text/plain' })] },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('This file is not an image we can use: choose a JPEG, PNG or WebP file.');
    expect((await pb.collection('teams').getOne(team.id)).logo).toBe('');
  });
});
