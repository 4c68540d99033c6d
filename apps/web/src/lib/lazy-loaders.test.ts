import { describe, expect, it } from 'vitest';
import { lazyLoaders } from './lazy-loaders';

describe('lazyLoaders', () => {
  it("calls the page's loader from the chunk with the route's arguments", async () => {
    const calls: string[] = [];
    const loader = lazyLoaders(() =>
      Promise.resolve({ home: (id: string) => Promise.resolve(void calls.push(`home ${id}`)) }),
    );
    await loader('home')('t1');
    expect(calls).toEqual(['home t1']);
  });

  it('resolves for a page with no loader, and when the chunk fails to load', async () => {
    const none = lazyLoaders<'home' | 'other', [string]>(() => Promise.resolve({}));
    await expect(none('other')('t1')).resolves.toBeUndefined();
    const broken = lazyLoaders<'home', [string]>(() => Promise.reject(new Error('boom')));
    await expect(broken('home')('t1')).resolves.toBeUndefined();
  });

  it("lets a loader's own failure through (ensure() is what leaves refused reads to the page)", async () => {
    const loader = lazyLoaders(() => Promise.resolve({ home: () => Promise.reject(new Error('bug')) }));
    await expect(loader('home')()).rejects.toThrow('bug');
  });
});
