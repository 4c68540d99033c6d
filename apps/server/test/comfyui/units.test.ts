/**
 * The ComfyUI module's pure parts: output indexes checked once the server's node list is known,
 * ComfyUI's refusals put in one sentence (its current object shape and the older bare string),
 * a run's history read into an outcome, and the graph filled with a run's values.
 */
import { describe, expect, it } from 'vitest';
import { workflowProblems } from '../../src/modules/comfyui/validate-workflow.js';
import { describeRefusal } from '../../src/modules/comfyui/refusal.js';
import { outcomeOf } from '../../src/modules/comfyui/wait-for-run.js';
import { fillWorkflow } from '../../src/modules/comfyui/fill-workflow.js';
import { example } from './support/world.js';

describe('ComfyUI workflow checks', () => {
  it('checks output indexes against the server node list only when it is known', () => {
    const w = example();
    w.graph['8']!.inputs.vae = ['1', 5];
    expect(workflowProblems(w)).toEqual([]);
    const outputs = new Map([
      ['CheckpointLoaderSimple', 3],
      ['KSampler', 1],
    ]);
    expect(workflowProblems(w, outputs)).toEqual([
      {
        field: 'graph',
        message:
          'Node 8 (VAEDecode) input "vae" links to output 5 of node 1 (CheckpointLoaderSimple), which has 3 output(s).',
      },
    ]);
  });

  it('fills every placeholder, cycling the selfies over the image slots', () => {
    const w = example();
    w.placeholders.selfies.push({ node: '3', input: 'image' });
    const g = fillWorkflow(w, {
      images: ['a.jpg'],
      prompt: 'p',
      negativePrompt: 'n',
      seed: 7,
      width: 896,
      height: 1120,
      count: 2,
    });
    expect([g['3']!.inputs.image, g['4']!.inputs.text, g['5']!.inputs.text, g['7']!.inputs.seed]).toEqual([
      'a.jpg',
      'p',
      'n',
      7,
    ]);
    expect(g['6']!.inputs).toEqual({ width: 896, height: 1120, batch_size: 2 });
    // The saved workflow itself is untouched.
    expect(w.graph['4']!.inputs.text).toBe('photograph of photomaker');
  });
});

describe('ComfyUI answers in our words', () => {
  it('names node, class and input of a refused prompt; reads the older string error too', () => {
    const text = describeRefusal({
      error: {
        type: 'prompt_outputs_failed_validation',
        message: 'Prompt outputs failed validation',
        details: '',
      },
      node_errors: {
        '7': {
          class_type: 'KSampler',
          errors: [
            { message: 'Required input is missing', details: 'steps', extra_info: { input_name: 'steps' } },
          ],
        },
      },
    });
    expect(text).toBe(
      'ComfyUI refused the workflow: Prompt outputs failed validation; node 7 (KSampler) input "steps": Required input is missing.',
    );
    expect(describeRefusal({ error: 'no prompt', node_errors: [] })).toBe(
      'ComfyUI refused the workflow: no prompt.',
    );
    expect(describeRefusal(null)).toBe('ComfyUI refused the workflow: invalid prompt.');
  });

  it('reads a failed run from its history messages, and a run without images as failed', () => {
    expect(
      outcomeOf(
        {
          outputs: {},
          status: {
            status_str: 'error',
            messages: [
              ['execution_error', { node_type: 'KSampler', exception_message: 'CUDA out of memory' }],
            ],
          },
        },
        '9',
      ),
    ).toEqual({ state: 'failed', error: 'the run failed in KSampler: CUDA out of memory' });
    expect(outcomeOf({ outputs: { '9': { images: [] } }, status: { status_str: 'success' } }, '9')).toEqual({
      state: 'failed',
      error: 'node 9 produced no images',
    });
  });
});
