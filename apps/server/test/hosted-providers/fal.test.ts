import { hostedScenarios } from './support/scenarios.js';

hostedScenarios('fal', {
  providerLabel: 'fal',
  promptOf: (w) =>
    String(w.fal.submissions.filter((s) => s.app === 'fal-ai/flux-lora').at(-1)?.input.prompt ?? ''),
});
