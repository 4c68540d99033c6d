import { hostedScenarios } from './support/scenarios.js';

hostedScenarios('replicate', {
  providerLabel: 'Replicate',
  promptOf: (w) => {
    const last = w.replicate.bodies.filter((b) => b.path === '/v1/predictions').at(-1);
    return String((last?.json.input as Record<string, unknown> | undefined)?.prompt ?? '');
  },
});
