/** The scenario runner itself: it passes true expectations and fails on each kind of wrong one. */
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import {
  runMatrix,
  runScenario,
  standardCallers,
  type Callers,
  type Scenario,
} from '../support/scenarios.js';
import { MSG } from './helpers.js';

describe.each(engines)('scenario runner (%s)', (engine) => {
  let t: TestServer;
  let callers: Callers;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    ({ callers } = await standardCallers(t));
    await callers.superuser!.collection('locked').create({ title: 'runner-row' });
  });
  afterAll(() => t?.close());

  const locked = { url: '/api/collections/locked/records' };

  it('passes a true table (fetch and SDK requests, content and not-expected content)', async () => {
    const table: Scenario[] = [
      { name: 'user', caller: 'user', ...locked, expectedStatus: 403, expectedMessage: MSG.superusersOnly },
      {
        name: 'superuser',
        caller: 'superuser',
        ...locked,
        expectedStatus: 200,
        expectedContent: ['runner-row', { page: 1 }],
        notExpectedContent: ['"message"'],
      },
      {
        name: 'guest via SDK',
        caller: 'guest',
        sdk: (pb) => pb.collection('locked').getList(),
        expectedStatus: 403,
        expectedContent: [{ data: {} }],
      },
    ];
    for (const s of table) await runScenario(t, callers, s);
    await runMatrix(t, callers, locked, { guest: 403, user: 403, otherUser: 403, superuser: 200 });
  });

  it('fails a wrong status, a missing fragment, a present forbidden fragment and a wrong message', async () => {
    const wrong: Scenario[] = [
      { name: 'expects 200 for a 403', caller: 'user', ...locked, expectedStatus: 200 },
      {
        name: 'missing fragment',
        caller: 'superuser',
        ...locked,
        expectedStatus: 200,
        expectedContent: ['absent'],
      },
      {
        name: 'object subset',
        caller: 'superuser',
        ...locked,
        expectedStatus: 200,
        expectedContent: [{ page: 2 }],
      },
      {
        name: 'forbidden fragment',
        caller: 'superuser',
        ...locked,
        expectedStatus: 200,
        notExpectedContent: ['runner-row'],
      },
      {
        name: 'wrong message',
        caller: 'user',
        ...locked,
        expectedStatus: 403,
        expectedMessage: 'Something else.',
      },
    ];
    for (const s of wrong) await expect(runScenario(t, callers, s), s.name).rejects.toThrow();
    await expect(runMatrix(t, callers, locked, { user: 200 })).rejects.toThrow();
    await expect(runScenario(t, callers, { ...wrong[0]!, caller: 'nobody' })).rejects.toThrow(
      /unknown caller/,
    );
  });

  it('fails a 4xx whose body is not the PocketBase error shape', async () => {
    await expect(
      runScenario(t, callers, {
        name: 'plain error',
        caller: 'guest',
        sdk: () => Promise.reject(new ClientResponseError({ status: 400, response: { error: 'bad' } })),
        expectedStatus: 400,
      }),
    ).rejects.toThrow(/error body|expected/);
  });
});
