import { describe, expect, it } from 'vitest';
import { formatWhen, memberStateView, teamShootHref } from './member-status';

describe('member status', () => {
  it('continues a draft at its upload step and a ready shoot at its results, on the team’s base path', () => {
    expect(teamShootHref('t1', { id: 'p1', status: 'draft' })).toBe('/teams/t1/photoshoots/p1/upload');
    expect(teamShootHref('t1', { id: 'p1', status: 'completed' })).toBe('/teams/t1/photoshoots/p1/results');
    expect(teamShootHref('t1', { id: 'p1', status: 'review' })).toBe('/teams/t1/photoshoots/p1/processing');
  });

  it('words the states an admin follows', () => {
    expect(memberStateView('not_started').label).toBe('Not started');
    expect(memberStateView('completed').label).toBe('Ready');
    expect(memberStateView('nonsense').label).toBe('Setting up');
  });

  it('reads server timestamps and leaves out missing ones', () => {
    expect(formatWhen('')).toBe('');
    expect(formatWhen('2026-01-02 10:00:00.000Z')).not.toBe('');
  });
});
