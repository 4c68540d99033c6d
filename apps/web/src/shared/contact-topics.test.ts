import { describe, expect, it } from 'vitest';
import { contactTopicLabel } from './contact-topics';

describe('contactTopicLabel', () => {
  it('shows the words the sender chose, not the stored code', () => {
    expect(contactTopicLabel('support')).toBe('Help with my photoshoot');
    expect(contactTopicLabel('billing')).toBe('Billing and refunds');
    expect(contactTopicLabel('legacy')).toBe('legacy');
  });
});
