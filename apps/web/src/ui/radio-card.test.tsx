import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RadioCard } from './radio-card';

function Plans() {
  const [plan, setPlan] = useState('starter');
  return (
    <fieldset>
      <legend>Package</legend>
      {['starter', 'professional'].map((id) => (
        <RadioCard
          key={id}
          name="plan"
          value={id}
          checked={plan === id}
          onChange={() => setPlan(id)}
          testId="card"
        >
          <span>{id === 'starter' ? 'Starter' : 'Professional'}</span>
          <span>{id === 'starter' ? '$29.00' : '$49.00'}</span>
        </RadioCard>
      ))}
    </fieldset>
  );
}

describe('RadioCard', () => {
  it('is a radio named by the card, and a click anywhere on the card chooses it', async () => {
    render(<Plans />);
    const starter = screen.getByRole<HTMLInputElement>('radio', { name: /Starter/ });
    const professional = screen.getByRole<HTMLInputElement>('radio', { name: /Professional/ });
    expect(starter.checked).toBe(true);
    expect(professional.checked).toBe(false);
    await userEvent.click(screen.getByText('$49.00'));
    expect(professional.checked).toBe(true);
    expect(starter.checked).toBe(false);
    // The chosen card is the one drawn with the brand border.
    const [first, second] = screen.getAllByTestId('card');
    expect(second!.className).toContain('border-brand-600');
    expect(first!.className).not.toContain('border-brand-600');
  });
});
