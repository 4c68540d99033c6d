import type PocketBase from 'pocketbase';
import { client, newUser } from './api';
import { portraits } from './portraits';

/**
 * A customer's draft ready for checkout, seeded through the SDK in seconds: the customer creates
 * the photoshoot (Starter, one style); the operator stores six photos as already checked and
 * accepted, which the upload checks leave alone (they only look at `pending` ones). For specs
 * about what happens from the payment page on; the upload itself is photoshoot-flow's subject.
 */
export async function draftReadyForCheckout(
  su: PocketBase,
  name = 'Pat Payer',
): Promise<{ id: string; userId: string; email: string; password: string }> {
  const customer = await newUser(name);
  const pb = client();
  await pb.collection('users').authWithPassword(customer.email, customer.password);
  const starter = await pb.collection('packages').getFirstListItem("slug = 'starter'");
  const style = (await pb.collection('styles').getList(1, 1, { filter: 'active = true', sort: 'sortOrder' }))
    .items[0]!;
  const shoot = await pb
    .collection('photoshoots')
    .create({ user: customer.id, title: 'Pay me', package: starter.id, styles: [style.id] });
  const { faces } = await portraits();
  for (const photo of faces.slice(0, 6)) {
    const form = new FormData();
    form.append('photoshoot', shoot.id);
    form.append('user', customer.id);
    form.append('qc', 'accepted');
    form.append('file', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
    await su.collection('original_photos').create(form);
  }
  return { id: shoot.id, userId: customer.id, email: customer.email, password: customer.password };
}
