import { describe, expect, it } from 'vitest';
import { nextStepHref } from './photoshoot-status';

describe('nextStepHref', () => {
  it('opens an individual photoshoot in the individual flow', () => {
    expect(nextStepHref({ id: 'p1', status: 'draft' })).toBe('/photoshoot/p1/upload');
  });

  it('opens a team photoshoot in its team’s flow, which has no payment step', () => {
    expect(nextStepHref({ id: 'p1', status: 'completed', team: 't1' })).toBe(
      '/teams/t1/photoshoots/p1/results',
    );
    expect(nextStepHref({ id: 'p1', status: 'draft', team: 't1' })).toBe('/teams/t1/photoshoots/p1/upload');
  });
});
