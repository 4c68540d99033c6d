import { describe, expect, it } from 'vitest';
import type { TeamInvite } from '../../data/team-api';
import { endOfDay, inviteStatus, restrictionText } from './invite-link';
import { parseAddresses } from './mail-invites-form';

const NOW = Date.parse('2026-03-10T12:00:00Z');

function invite(patch: Partial<TeamInvite>): TeamInvite {
  return {
    id: 'i1',
    collectionId: 'c',
    collectionName: 'team_invites',
    team: 't1',
    token: 'x'.repeat(32),
    email: '',
    domain: '',
    role: 'member',
    expiresAt: '',
    maxUses: 0,
    uses: 0,
    revoked: false,
    createdBy: 'u1',
    created: '',
    updated: '',
    ...patch,
  };
}

describe('invite status', () => {
  it.each([
    [{}, 'active'],
    [{ revoked: true, expiresAt: '2026-01-01 00:00:00.000Z' }, 'revoked'],
    [{ expiresAt: '2026-03-10 11:59:59.000Z' }, 'expired'],
    [{ expiresAt: '2026-03-10 12:00:01.000Z' }, 'active'],
    [{ maxUses: 3, uses: 3 }, 'used_up'],
    [{ maxUses: 3, uses: 2 }, 'active'],
    [{ maxUses: 0, uses: 500 }, 'active'],
  ] as const)('%o is %s', (patch, expected) => {
    expect(inviteStatus(invite(patch), NOW)).toBe(expected);
  });

  it('says who may use the link', () => {
    expect(restrictionText(invite({ email: 'ann@acme.com' }))).toBe('Only ann@acme.com');
    expect(restrictionText(invite({ domain: 'acme.com' }))).toBe('Only @acme.com addresses');
    expect(restrictionText(invite({}))).toBe('Anyone with the link');
  });

  it('turns a chosen day into the end of that day in the server’s date format', () => {
    const value = endOfDay('2026-05-01');
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const local = new Date(value.replace(' ', 'T'));
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([
      2026, 4, 1, 23,
    ]);
    expect(endOfDay('not a day')).toBe('');
  });
});

describe('addresses of the mail form', () => {
  it('splits on lines, commas, semicolons and spaces, lower-cases and drops repeats', () => {
    expect(parseAddresses(' Ann@acme.com,bob@acme.com;\n\ncy@acme.com  ann@ACME.com ')).toEqual([
      'ann@acme.com',
      'bob@acme.com',
      'cy@acme.com',
    ]);
    expect(parseAddresses('  \n ')).toEqual([]);
  });
});
