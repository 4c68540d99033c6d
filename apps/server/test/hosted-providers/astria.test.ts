import { hostedScenarios } from './support/scenarios.js';

hostedScenarios('astria', {
  providerLabel: 'Astria',
  promptOf: (w) => String(w.astria.prompts.at(-1)?.text ?? ''),
});
