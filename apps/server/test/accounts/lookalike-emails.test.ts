/**
 * Addresses are kept in one normal form (NFKC, domain in ASCII): a lookalike of a taken address is
 * taken, and mail for a lookalike goes to the address it stands for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';

const KELVIN = '\u212A'; // the Kelvin sign, which NFKC turns into "K"

describe.each(engines)('lookalike email addresses (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t?.close());

  const register = (email: string) =>
    t
      .client()
      .collection('users')
      .create({ email, password: 'user-password-1', passwordConfirm: 'user-password-1' });

  it('refuses to register a lookalike of a taken address', async () => {
    await register('k@kelvin-acme.com');
    const twin = await failure(register(`k@${KELVIN}elvin-acme.com`));
    expect(twin.status).toBe(400);
    expect(twin.response.data.email?.code).toBe('validation_not_unique');
    const wide = await failure(register('ｋ@ｋelvin-acme.com'));
    expect(wide.status).toBe(400);
  });

  it('stores an address in its normal form and signs in by any lookalike of it', async () => {
    const stored = async (id: string) =>
      (await t.app.records.findById(t.app.registry.require('users'), id))?.email;
    const rec = await register(`Ann@${KELVIN}ELVIN-Widgets.com`);
    expect(await stored(rec.id)).toBe('Ann@kelvin-widgets.com');
    const pb = t.client();
    await pb.collection('users').authWithPassword(`Ann@${KELVIN}elvin-widgets.com`, 'user-password-1');
    expect(pb.authStore.record?.id).toBe(rec.id);
    const idn = await register('bob@bücher.example');
    expect(await stored(idn.id)).toBe('bob@xn--bcher-kva.example');
  });

  it('refuses an email change to a lookalike of a taken address', async () => {
    await register('taken@kelvin-shop.com');
    const u = await t.user();
    const res = await failure(u.pb.collection('users').requestEmailChange(`taken@${KELVIN}elvin-shop.com`));
    expect(res.status).toBe(400);
    expect(res.response.data.newEmail?.code).toBe('validation_invalid_new_email');
  });
});
