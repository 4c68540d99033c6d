/**
 * Operators' workflows: checked before they are saved (the validate route and the settings API
 * both refuse a broken one in PocketBase's error shape, naming the node and input), chosen per
 * style, and the servers' "test connection" (reachable, GPU, every node class installed). The
 * fake ComfyUI's own strictness is pinned too: it refuses what ComfyUI's `/prompt` refuses, with
 * ComfyUI's error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { expectErrorBody, failure } from '../support/errors.js';
import { workflowFor } from '../../src/modules/comfyui/comfyui-settings.js';
import { example, startComfyWorld, useServers, type ComfyWorld } from './support/world.js';
import { validateGraph } from './support/validate-graph.js';

describe.each(engines)('ComfyUI workflows (%s)', (engine) => {
  let w: ComfyWorld;
  beforeAll(async () => {
    w = await startComfyWorld(engine);
  });
  afterAll(() => w?.close());

  const validate = async (body: unknown) => {
    const su = await w.t.superuser();
    return su.send('/api/admin/comfyui/workflows/validate', { method: 'POST', body });
  };

  it('accepts the bundled example and says which node classes it needs', async () => {
    expect(await validate(example())).toEqual({
      ok: true,
      nodes: 9,
      classes: [
        'CLIPTextEncode',
        'CheckpointLoaderSimple',
        'EmptyLatentImage',
        'KSampler',
        'LoadImage',
        'PhotoMakerEncode',
        'PhotoMakerLoader',
        'SaveImage',
        'VAEDecode',
      ],
    });
  });

  it('is for superusers only', async () => {
    expect(
      (
        await failure(
          w.t.client().send('/api/admin/comfyui/workflows/validate', { method: 'POST', body: {} }),
        )
      ).status,
    ).toBe(401);
    const { pb } = await w.t.user();
    expect(
      (await failure(pb.send('/api/admin/comfyui/workflows/validate', { method: 'POST', body: {} }))).status,
    ).toBe(403);
  });

  it('refuses a link to a missing node, an unbound placeholder and a missing output node, naming them', async () => {
    const w1 = example();
    w1.graph['7']!.inputs.model = ['99', 0];
    w1.placeholders.seed = { node: '7', input: 'noise_seed' };
    w1.placeholders.width = { node: '42', input: 'width' };
    w1.placeholders.prompt = { node: '4', input: 'clip' };
    w1.outputNode = '12';
    const err = await failure(validate(w1));
    const data = expectErrorBody(err.response, 400, 'The workflow is not valid.');
    expect(data).toEqual({
      graph: {
        code: 'validation_invalid_value',
        message: 'Node 7 (KSampler) input "model" links to node 99, which is not in the workflow.',
      },
      'placeholders.seed': {
        code: 'validation_invalid_value',
        message: 'node 7 (KSampler) has no input "noise_seed".',
      },
      'placeholders.width': { code: 'validation_invalid_value', message: 'Node 42 is not in the workflow.' },
      'placeholders.prompt': {
        code: 'validation_invalid_value',
        message: 'node 4 (PhotoMakerEncode) input "clip" is a link; bind a value input instead.',
      },
      outputNode: { code: 'validation_invalid_value', message: 'Node 12 is not in the workflow.' },
    });
  });

  it('refuses a graph that is not in API format, and a link that is not [id, index]', async () => {
    const uiFormat = { ...example(), graph: { nodes: [], links: [] } };
    const a = expectErrorBody((await failure(validate(uiFormat))).response, 400);
    expect(a.graph).toMatchObject({
      message: expect.stringContaining('has no class_type (is this the API format?)'),
    });
    const w2 = example();
    w2.graph['8']!.inputs.vae = ['1', 2, 3];
    const b = expectErrorBody((await failure(validate(w2))).response, 400);
    expect(b.graph).toMatchObject({
      message: 'Node 8 (VAEDecode) input "vae" must link as [node id, output index].',
    });
    const w3 = example();
    delete (w3.placeholders as Partial<typeof w3.placeholders>).seed;
    const c = expectErrorBody((await failure(validate(w3))).response, 400);
    expect(c['placeholders.seed']).toMatchObject({ message: 'Must be bound: jobs need it.' });
  });

  it('refuses the same broken workflow through the settings API, and keeps the saved ones', async () => {
    const su = await w.t.superuser();
    const broken = example();
    broken.name = 'Broken';
    broken.graph['9']!.inputs.images = ['8', 'x'];
    const err = await failure(
      su.send('/api/settings', { method: 'PATCH', body: { comfyui: { workflows: [example(), broken] } } }),
    );
    const data = expectErrorBody(err.response, 400);
    expect(data.comfyui).toEqual({
      'workflows.1.graph': {
        code: 'validation_invalid_value',
        message: 'Node 9 (SaveImage) input "images" must link as [node id, output index].',
      },
    });
    const saved = (await su.send('/api/settings', {})) as { comfyui: { workflows: { name: string }[] } };
    expect(saved.comfyui.workflows.map((x) => x.name)).toEqual(['PhotoMaker SDXL']);
  });

  it('chooses a workflow per style, the default for the rest, and refuses an unknown name', async () => {
    const su = await w.t.superuser();
    const other = example();
    other.name = 'Outdoor';
    await su.send('/api/settings', {
      method: 'PATCH',
      body: {
        comfyui: {
          workflows: [example(), other],
          styleWorkflows: [{ style: 'outdoor-bokeh', workflow: 'Outdoor' }],
        },
      },
    });
    const s = w.t.app.settings.get().comfyui;
    expect(workflowFor(s, 'outdoor-bokeh')?.name).toBe('Outdoor');
    expect(workflowFor(s, 'corporate-grey')?.name).toBe('PhotoMaker SDXL');
    const err = await failure(
      su.send('/api/settings', {
        method: 'PATCH',
        body: { comfyui: { styleWorkflows: [{ style: 'x', workflow: 'Nope' }] } },
      }),
    );
    expect(expectErrorBody(err.response, 400).comfyui).toEqual({
      'styleWorkflows.0.workflow': {
        code: 'validation_invalid_value',
        message: 'No saved workflow is named "Nope".',
      },
    });
  });

  it('tests the connection: each server up with its GPU, or what it lacks for each workflow', async () => {
    const su = await w.t.superuser();
    const needsMore = example();
    needsMore.name = 'Needs InstantID';
    needsMore.graph['10'] = { class_type: 'ApplyInstantID', inputs: {} };
    const down = `http://127.0.0.1:9`;
    await w.t.app.settings.patch({ comfyui: { workflows: [example(), needsMore], styleWorkflows: [] } });
    await w.t.app.settings.patch({
      comfyui: {
        servers: [
          { name: 'up', url: w.a.url, authHeader: '', authValue: '' },
          { name: 'down', url: down, authHeader: '', authValue: '' },
        ],
      },
    });
    const answer = (await su.send('/api/admin/comfyui/test', { method: 'POST' })) as {
      ok: boolean;
      servers: { url: string; ok: boolean; message: string; device?: string; workflows: unknown[] }[];
    };
    expect(answer.ok).toBe(false);
    expect(answer.servers[0]).toMatchObject({
      url: w.a.url,
      ok: false,
      device: 'cuda:0 NVIDIA GeForce RTX 4090, 24 GB',
      message: 'Reachable, but it cannot run: Needs InstantID.',
      workflows: [
        { name: 'PhotoMaker SDXL', ok: true, problems: [] },
        { name: 'Needs InstantID', ok: false, problems: ['missing node classes: ApplyInstantID'] },
      ],
    });
    expect(answer.servers[1]).toMatchObject({ url: down, ok: false });
    expect(answer.servers[1]!.message).toContain(`ComfyUI at ${down} could not be reached`);
    // Nothing was queued by the test.
    expect(w.a.accepted).toHaveLength(0);
    await w.t.app.settings.patch({ comfyui: { workflows: [example()] } });
    await useServers(w.t, w.a, w.b);
    const ok = (await su.send('/api/admin/comfyui/test', { method: 'POST' })) as { ok: boolean };
    expect(ok.ok).toBe(true);
  });
});

describe('the fake ComfyUI refuses what ComfyUI refuses, in its error shape', () => {
  const files = new Set(['selfie.jpg']);

  it('an unknown node class and a node without class_type: invalid_prompt', () => {
    const g = example().graph;
    g['10'] = { class_type: 'NoSuchNode', inputs: {} };
    expect(validateGraph(g, files).refusal).toEqual({
      error: {
        type: 'invalid_prompt',
        message: 'Cannot execute because node NoSuchNode does not exist.',
        details: "Node ID '#10'",
        extra_info: {},
      },
      node_errors: {},
    });
    const h = example().graph as Record<string, unknown>;
    h['3'] = { inputs: {} };
    expect(validateGraph(h, files).refusal?.error.message).toBe(
      'Cannot execute because a node is missing the class_type property.',
    );
  });

  it('a missing input, a link to a missing node and a type mismatch: node_errors per node', () => {
    const g = example().graph;
    delete g['7']!.inputs.steps;
    g['8']!.inputs.vae = ['77', 0];
    g['4']!.inputs.clip = ['1', 0];
    const { refusal } = validateGraph(g, files);
    expect(refusal?.error).toMatchObject({
      type: 'prompt_outputs_failed_validation',
      message: 'Prompt outputs failed validation',
    });
    const nodes = refusal!.node_errors as Record<
      string,
      { class_type: string; errors: { type: string; extra_info: { input_name: string } }[] }
    >;
    expect(nodes['8']).toMatchObject({
      class_type: 'VAEDecode',
      errors: [{ type: 'exception_during_inner_validation', extra_info: { input_name: 'vae' } }],
    });
    expect(nodes['7']!.errors.map((e) => [e.type, e.extra_info.input_name])).toEqual([
      ['required_input_missing', 'steps'],
    ]);
    expect(nodes['4']!.errors.map((e) => [e.type, e.extra_info.input_name])).toEqual([
      ['return_type_mismatch', 'clip'],
    ]);
  });

  it('an image that was never uploaded, and no output node', () => {
    const g = example().graph;
    expect(validateGraph(g, new Set()).refusal?.error.details).toContain('Invalid image file: selfie.jpg');
    delete g['9'];
    expect(validateGraph(g, files).refusal?.error.type).toBe('prompt_no_outputs');
    expect(validateGraph(example().graph, files).refusal).toBeNull();
  });
});
