import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { photoshootQuery } from '../../shared/data/photoshoot-api';
import { photosQuery } from './data/use-photos';
import { resultsQuery } from './data/use-results';
import { flowLoaders } from './flow-loaders';

describe('flowLoaders', () => {
  it("reads the step's queries for the photoshoot in the path", async () => {
    const asked: unknown[] = [];
    vi.spyOn(queryClient, 'ensureQueryData').mockImplementation((options) => {
      asked.push(options.queryKey);
      return Promise.resolve(undefined);
    });
    await flowLoaders.upload?.('ps1');
    expect(asked).toEqual([photoshootQuery('ps1').queryKey, photosQuery('ps1').queryKey]);
    asked.length = 0;
    await flowLoaders.results?.('ps2');
    expect(asked).toContainEqual(resultsQuery('ps2').queryKey);
  });

  it('leaves a refused read to the page instead of failing the route', async () => {
    // A guest's read of a photoshoot is refused by the real server: the loader still resolves.
    await expect(flowLoaders.review?.('nosuchphotoshoot')).resolves.toBeUndefined();
    expect(queryClient.getQueryState(photoshootQuery('nosuchphotoshoot').queryKey)?.status).toBe('error');
  });
});
