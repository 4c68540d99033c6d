import { describe, expect, it } from 'vitest';
import { fileUrl } from '../lib/file-url';
import { pb } from '../lib/pb';
import { getFullList, getJson, PublicFetchError } from '../lib/public-fetch';
import { setApiBaseUrl, apiBaseUrl } from '../lib/api-base';
import { fetchPublicConfig, fetchPublicPackages, fetchPublicStyles } from './public-catalog-api';

// The public pages fetch without the SDK; their answers must be the SDK's, record for record.
describe('public catalog without the SDK', () => {
  it('lists the public styles and the packages as the SDK does', async () => {
    const [styles, viaSdk] = await Promise.all([
      fetchPublicStyles(),
      pb.collection('styles').getFullList({ batch: 500, filter: "team = ''", sort: 'sortOrder,name' }),
    ]);
    expect(styles.map((s) => s.id)).toEqual(viaSdk.map((s) => s.id));
    const [packages, packagesViaSdk] = await Promise.all([
      fetchPublicPackages(),
      pb.collection('packages').getFullList({ batch: 500, sort: 'sortOrder,priceCents' }),
    ]);
    expect(packages).toEqual(packagesViaSdk);
    expect(packages.length).toBeGreaterThan(1);
  });

  it('pages through a list batch by batch', async () => {
    const all = await fetchPublicPackages();
    const paged = await getFullList('packages', { batch: 1, sort: 'sortOrder,priceCents' });
    expect(paged).toEqual(all);
  });

  it('reads the public config', async () => {
    expect(await fetchPublicConfig()).toEqual(await pb.send('/api/public/config', { method: 'GET' }));
  });

  it('fails with the status and the server’s answer, or status 0 when unreachable', async () => {
    const missing = await getJson('/api/collections/no_such_collection/records').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PublicFetchError);
    expect((missing as PublicFetchError).status).toBe(404);
    expect((missing as PublicFetchError).response.status).toBe(404);

    const base = apiBaseUrl();
    setApiBaseUrl('http://127.0.0.1:9'); // discard port: nothing listens
    try {
      await expect(fetchPublicConfig()).rejects.toMatchObject({ status: 0 });
    } finally {
      setApiBaseUrl(base);
    }
  });

  it('builds the file URLs the SDK builds', () => {
    const record = { id: 'abc123', collectionId: 'pbc_1', collectionName: 'styles' };
    expect(fileUrl(record, 'a b.png', '320x400')).toBe(
      pb.files.getURL(record, 'a b.png', { thumb: '320x400' }),
    );
    expect(fileUrl(record, 'x.png')).toBe(pb.files.getURL(record, 'x.png'));
    expect(fileUrl({ id: 'abc', collectionName: 'users' }, 'x.png')).toBe(
      pb.files.getURL({ id: 'abc', collectionName: 'users' }, 'x.png'),
    );
    expect(fileUrl(record, '')).toBe('');
  });
});
