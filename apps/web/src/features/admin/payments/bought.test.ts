import { describe, expect, it } from 'vitest';
import type { PurchasableEntry } from '@photoshoot/contract';
import type { PaymentRow } from '../data/admin-types';
import { describeBought } from './bought';

const row = (fields: Record<string, unknown>) => ({ quantity: 1, ...fields }) as unknown as PaymentRow;

describe('describeBought', () => {
  it('names a photoshoot by its package and links its back-office page', () => {
    const p = row({ photoshoot: 'ps1', expand: { package: { name: 'Pro' } } });
    expect(describeBought(p)).toEqual({ title: 'Pro', link: { to: '/admin/photoshoots/$id', id: 'ps1' } });
    expect(describeBought(row({ photoshoot: 'ps1' })).title).toBe('Photoshoot');
  });

  it('counts team seats and names the team, or shows its id when not expanded', () => {
    const p = row({ team: 't1', quantity: 3, expand: { team: { name: 'Acme' } } });
    expect(describeBought(p)).toEqual({ title: 'Team seats × 3', detail: 'Acme' });
    expect(describeBought(row({ team: 't1' }))).toEqual({ title: 'Team seats', detail: 't1' });
  });

  it('describes a kind it has never seen from its contract line alone', () => {
    const gifts: PurchasableEntry[] = [
      { kind: 'gift', field: 'coupon', label: 'Gift card' },
      { kind: 'album', field: 'user', label: 'Album', adminPath: '/admin/users/$id' },
    ];
    const gift = row({ coupon: 'c1', quantity: 2, expand: { coupon: { name: 'Winter' } } });
    expect(describeBought(gift, gifts)).toEqual({ title: 'Gift card × 2', detail: 'Winter' });
    const album = row({ user: 'u1' });
    expect(describeBought(album, gifts)).toEqual({
      title: 'Album',
      link: { to: '/admin/users/$id', id: 'u1' },
    });
  });
});
