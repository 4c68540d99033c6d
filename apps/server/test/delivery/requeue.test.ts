/**
 * Failure handling: the owner's "what happens next" mail whenever a photoshoot fails for good
 * (once per failure, whoever moved it), and the operator's requeue
 * (`POST /api/admin/photoshoots/{id}/requeue`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { buildScene, mailsTo, shootInReview, worker, type Scene } from './support.js';
import { statusNoticesKey } from '../../src/modules/delivery/status-notices.js';
import { failure } from '../support/errors.js';

describe.each(engines)('failed photoshoots (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const requeue = (pb: typeof s.su, id: string) =>
    pb.send(`/api/admin/photoshoots/${id}/requeue`, { method: 'POST' });
  /** A photoshoot the worker is processing. */
  const processing = async (title: string) =>
    (await s.su.collection('photoshoots').create({ user: s.owner.id, title, status: 'processing' })).id;

  it('mails the owner once when the worker gives up, and the operator can requeue it', async () => {
    const id = await processing('Lost shoot');
    await s.su
      .collection('photoshoots')
      .update(id, { attempts: 3, error: 'provider timed out', stage: 'generating' });
    const before = (await mailsTo(s, s.owner.email)).length;
    await transition(t.app, id, 'failed', worker, 'the last attempt failed');

    const mails = (await mailsTo(s, s.owner.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['We could not finish your photoshoot']);
    expect(mails[0]!.text).toContain('"Lost shoot"');
    expect(mails[0]!.text).toMatch(/What happens next/);
    expect(mails[0]!.text).toContain(`/photoshoot/${id}/processing`);
    // The operator-facing error never reaches the customer's mail.
    expect(mails[0]!.text).not.toContain('provider timed out');

    // Editing the failed photoshoot does not send it again.
    await s.su.collection('photoshoots').update(id, { error: 'provider timed out (ticket 42)' });
    expect((await mailsTo(s, s.owner.email)).slice(before)).toHaveLength(1);

    const requeued = await requeue(s.su, id);
    expect(requeued).toMatchObject({ id, status: 'queued', attempts: 0, error: '', stage: '' });
    const log = await s.su
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = '${id}'`, sort: 'created' });
    expect(log.at(-1)).toMatchObject({ fromStatus: 'failed', toStatus: 'queued', actorKind: 'superuser' });

    // A second failure is a new event: a new mail.
    await transition(t.app, id, 'processing', worker, 'claimed');
    await transition(t.app, id, 'failed', worker, 'failed again');
    expect((await mailsTo(s, s.owner.email)).slice(before)).toHaveLength(2);
  });

  it('mails the owner when an operator sets the status to failed directly', async () => {
    const id = await processing('Set by hand');
    const before = (await mailsTo(s, s.owner.email)).length;
    await s.su.collection('photoshoots').update(id, { status: 'failed' });
    const mails = (await mailsTo(s, s.owner.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['We could not finish your photoshoot']);
  });

  it('forgets what it announced when the photoshoot is deleted', async () => {
    const id = await processing('Short-lived');
    await transition(t.app, id, 'failed', worker, 'gave up');
    await mailsTo(s, s.owner.email);
    const claim = () => t.app.db.get(`SELECT "value" FROM "_params" WHERE "id" = ?`, [`notice:${id}`]);
    expect(await claim()).toBeDefined();
    await s.su.collection('photoshoots').delete(id);
    await t.app.service(statusNoticesKey).idle();
    expect(await claim()).toBeUndefined();
  });

  it('requeues only failed photoshoots, for superusers only', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const err = await failure(requeue(s.su, shoot.id));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Only a failed photoshoot can be requeued; this one is review.');
    expect(err.response.data.status.code).toBe('validation_not_failed');
    expect((await failure(requeue(s.su, 'nosuchphotoshoot'))).status).toBe(404);

    const id = await processing('Not yours');
    await transition(t.app, id, 'failed', worker, 'gave up');
    expect((await failure(requeue(t.client(), id))).status).toBe(401);
    expect((await failure(requeue(s.owner.pb, id))).status).toBe(403);
    expect((await s.su.collection('photoshoots').getOne(id)).status).toBe('failed');
  });
});
