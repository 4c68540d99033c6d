import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '../../src/apis/web-route-matcher.js';

describe('web route matcher', () => {
  const isPage = createRouteMatcher([
    '/',
    '/dashboard',
    '/teams/$id',
    '/teams/$id/photoshoots/create',
    '/files/$',
  ]);

  it('matches literal paths, parameters and trailing slashes', () => {
    expect(isPage('/')).toBe(true);
    expect(isPage('/dashboard')).toBe(true);
    expect(isPage('/dashboard/')).toBe(true);
    expect(isPage('/teams/abc123')).toBe(true);
    expect(isPage('/teams/abc123/photoshoots/create')).toBe(true);
    expect(isPage('/files/a/b/c')).toBe(true);
  });

  it('rejects what no pattern covers', () => {
    expect(isPage('/nope')).toBe(false);
    expect(isPage('/dashboard/extra')).toBe(false);
    expect(isPage('/teams')).toBe(false);
    expect(isPage('/teams/abc/photoshoots/other')).toBe(false);
    expect(isPage('/files')).toBe(false);
    expect(isPage('/%E0%A4%A')).toBe(false);
  });

  it('compares percent-decoded segments', () => {
    expect(createRouteMatcher(['/a b'])('/a%20b')).toBe(true);
  });
});
