/**
 * Generation providers and purchasables are registered on the app that lists their modules, not
 * process-wide: a provider added to one app is unknown to another in the same process, and the
 * modules' order does not matter (the registry is made by whichever module comes first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/harness.js';
import { providerFactory, registerProvider } from '../../src/modules/processing/providers/registry.js';
import { ServiceKey } from '../../src/core/service-key.js';

describe('registries held by the app', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    [one, two] = await Promise.all([startServer({ engine: 'sqlite' }), startServer({ engine: 'sqlite' })]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('keeps a provider registered on one app out of another', () => {
    expect(providerFactory(one.app, 'studio')).toBeTypeOf('function');
    expect(providerFactory(one.app, 'fal')).toBeTypeOf('function');
    registerProvider(one.app, 'only-here', () => {
      throw new Error('never built');
    });
    expect(providerFactory(one.app, 'only-here')).toBeTypeOf('function');
    expect(providerFactory(two.app, 'only-here')).toBeUndefined();
  });

  it('makes a shared service once, on first use, and hands the same one out after', () => {
    const key = new ServiceKey<string[]>('test list');
    const first = one.app.shared(key, () => ['made']);
    first.push('added');
    expect(one.app.shared(key, () => ['made again'])).toBe(first);
    expect(one.app.service(key)).toEqual(['made', 'added']);
    expect(() => two.app.service(key)).toThrow('no module provides test list');
  });
});
