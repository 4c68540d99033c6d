import type PocketBase from 'pocketbase';

/**
 * A completed photoshoot of `ownerId` with one released portrait, as delivery leaves it, made by
 * the superuser client `su`. Plain SDK calls, so both the unit tests and the e2e specs use it.
 * No file: jsdom's FormData does not travel through Node's fetch, and the pages work on records.
 */
export async function completedShoot(su: PocketBase, ownerId: string): Promise<string> {
  const [style] = (await su.collection('styles').getList(1, 1, { filter: 'active = true' })).items;
  const shoot = await su
    .collection('photoshoots')
    .create({ user: ownerId, title: 'Released', styles: [style!.id], status: 'processing' });
  await su.collection('results').create({
    photoshoot: shoot.id,
    user: ownerId,
    style: style!.id,
    variant: 0,
    review: 'approved',
    released: true,
    width: 4,
    height: 5,
  });
  await su.collection('photoshoots').update(shoot.id, { status: 'completed' });
  return shoot.id;
}
