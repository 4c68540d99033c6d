/**
 * The batched rule check of one event's subscribers gives each check the answer it gets alone,
 * across statement chunks, and a check whose SQL cannot run costs only itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { owned, scenarioCollections } from '../support/fixtures.js';
import { guestCaller, type Caller } from '../../src/core/records/caller.js';
import { ruleCondition, valuesMatchRule } from '../../src/core/records/rules.js';
import { valuesMatchChecks } from '../../src/core/records/rule-batch.js';

describe.each(engines)('batched rule checks (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
  });
  afterAll(() => t.close());

  it('answers 600 callers exactly as one check each would, one broken check aside', async () => {
    const users = t.app.registry.require('users');
    const col = t.app.registry.require(owned.name);
    const ids = Array.from({ length: 600 }, (_, i) => `user${String(i).padStart(11, '0')}`);
    const callerOf = (id: string): Caller => ({
      ...guestCaller('realtime'),
      auth: { collection: users, record: { id }, refreshable: true, token: '' },
    });
    const record = { id: 'rec000000000001', title: 't', author: ids[437]!, created: '', updated: '' };
    const checks = ids.map((id) => [
      ruleCondition(t.app.db, t.app.registry, col, col.listRule!, callerOf(id))!,
    ]);
    checks.push([]); // no condition: always holds
    checks.push([{ sql: 'no_such_column = 1', params: [] }]);
    checks.push([ruleCondition(t.app.db, t.app.registry, col, col.listRule!, guestCaller('realtime'))!]);
    const got = await valuesMatchChecks(t.app.db, col, record, checks);
    const want: boolean[] = [];
    for (const id of ids)
      want.push(await valuesMatchRule(t.app.db, t.app.registry, col, col.listRule, callerOf(id), record));
    want.push(true, false, false);
    expect(want.filter(Boolean)).toHaveLength(2);
    expect(got).toEqual(want);
  });
});
