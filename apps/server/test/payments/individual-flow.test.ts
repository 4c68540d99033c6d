/**
 * The whole individual purchase through the SDK, as the web app drives it: register, create a
 * photoshoot, upload six photos, have them accepted, choose styles, quote with a coupon, check out
 * with the sandbox, pay on its page, verify on the return page, and find the photoshoot queued.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import {
  checkout,
  coupon,
  packageId,
  publicStyles,
  quote,
  receiptsTo,
  sandboxComplete,
  sandboxView,
  startPaymentsServer,
  verify,
} from './support/world.js';

async function selfie(i: number): Promise<File> {
  const data = await sharp({
    create: { width: 96, height: 120, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 20 * i } },
  })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(data)], `selfie-${i}.jpg`, { type: 'image/jpeg' });
}

describe.each(engines)('individual purchase flow (%s)', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startPaymentsServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('goes from sign-up to a queued photoshoot', async () => {
    const admin = await t.superuser();
    await admin.settings.update({ processing: { uploadChecks: false } });
    await coupon(t, { code: 'WELCOME15', percentOff: 15, maxRedemptions: 100 });

    const pb = t.client();
    const email = `flow_${Date.now()}@example.com`;
    const user = await pb
      .collection('users')
      .create({ email, password: 'flow-password-1', passwordConfirm: 'flow-password-1' });
    await pb.collection('users').authWithPassword(email, 'flow-password-1');

    const shoot = await pb.collection('photoshoots').create({ user: user.id, title: 'LinkedIn refresh' });
    const photos = [];
    for (let i = 0; i < 6; i++) {
      photos.push(
        await pb
          .collection('original_photos')
          .create({ photoshoot: shoot.id, user: user.id, file: await selfie(i) }),
      );
    }
    for (const p of photos) await admin.collection('original_photos').update(p.id, { qc: 'accepted' });

    const professional = await packageId(t, 'professional');
    const styles = await publicStyles(t, 3);
    await pb.collection('photoshoots').update(shoot.id, { styles, package: professional });

    const q = await quote(pb, shoot.id, { package: professional, coupon: 'welcome15' });
    expect(q).toEqual({
      priceCents: 4900,
      discountCents: 735,
      amountDueCents: 4165,
      currency: 'usd',
      coupon: { code: 'WELCOME15', percentOff: 15 },
    });

    const started = await checkout(pb, shoot.id, { package: professional, coupon: 'welcome15' });
    expect(started.url).toMatch(new RegExp(`/sandbox/checkout/${started.payment.id}$`));
    expect((await pb.collection('photoshoots').getOne(shoot.id)).status).toBe('pending_payment');

    const page = await sandboxView(pb, started.payment.id);
    expect(page).toMatchObject({ amountCents: 4165, packageName: 'Professional', status: 'pending' });
    await sandboxComplete(pb, started.payment.id, 'paid');

    const verified = await verify(pb, started.payment.id);
    expect(verified).toMatchObject({
      status: 'paid',
      amountCents: 4165,
      discountCents: 735,
      couponCode: 'WELCOME15',
    });
    const after = await pb.collection('photoshoots').getOne(shoot.id);
    expect(after).toMatchObject({ status: 'queued', amountDueCents: 4165, payment: started.payment.id });
    expect(after.queuedAt).toBeTruthy();
    // The buyer can read their payment through the records API, and cannot write it.
    expect((await pb.collection('payments').getOne(started.payment.id)).status).toBe('paid');
    await expect(
      pb.collection('payments').update(started.payment.id, { status: 'refunded' }),
    ).rejects.toThrow();
    expect(await receiptsTo(t, email)).toHaveLength(1);
  });
});
