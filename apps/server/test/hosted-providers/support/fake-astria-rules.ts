/**
 * What Astria refuses, as the fake enforces it. Sources (docs.astria.ai, repository
 * astriaai/astria-docs, and Astria's reference app astriaai/headshots-starter):
 *
 * - api/tune/create: `tune[title]`, `tune[name]` and images (`tune[images][]` multipart files or
 *   `tune[image_urls][]`) are required; `branch` ∈ flux1, sd15, sdxl1, fast; `model_type` ∈ lora,
 *   pti, faceid; `preset` ∈ flux-lora-focus, flux-lora-portrait, flux-lora-fast; `base_tune_id` is a
 *   gallery tune (Flux1.dev 1504944). A refusal is a 422 (api/overview "Error Codes").
 * - api/flux-api, api/sdxl-api: Flux and SDXL subjects are trained as LoRAs on a base tune and
 *   inference runs on that base tune with `<lora:{tune id}:{strength}>` in `prompt.text`; so a
 *   Flux/SDXL tune without a base tune, a prompt on the LoRA tune itself, and a prompt on a base
 *   tune without the tag of one of the account's LoRAs of that family are refused.
 * - use-cases/flux-finetuning ("No negatives"): Flux takes no negative prompt (refused).
 * - api/prompt/create: `text` is required; `num_images` 1–8; `seed` 0–2^32; `w`, `h` multiples of 8;
 *   `inpaint_faces` requires super-resolution on.
 */

/** Astria's gallery base tunes the docs name, and their branches. */
export const GALLERY_TUNES: Record<number, string> = { 1504944: 'flux1', 666678: 'sdxl1', 690204: 'sd15' };

const BRANCHES = ['flux1', 'sd15', 'sdxl1', 'fast'];
const MODEL_TYPES = ['lora', 'pti', 'faceid'];
const PRESETS = ['flux-lora-focus', 'flux-lora-portrait', 'flux-lora-fast'];

export type TuneParams = {
  title: string;
  name: string;
  branch: string;
  baseTuneId: number | null;
  modelType: string;
  preset: string;
  token: string;
  callback: string;
  images: number;
};

/** The refusal (field → messages) of a tune creation, or null when Astria would accept it. */
export function tuneRefusal(p: TuneParams): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!p.title) add('title', "can't be blank");
  if (!p.name) add('name', "can't be blank");
  if (!p.images) add('images', 'must contain at least one image');
  const baseBranch = p.baseTuneId === null ? null : GALLERY_TUNES[p.baseTuneId];
  if (p.baseTuneId !== null && !baseBranch) add('base_tune_id', 'is not a gallery tune');
  const branch = p.branch || baseBranch || 'sd15';
  if (!BRANCHES.includes(branch)) add('branch', 'is not included in the list');
  if (p.modelType && !MODEL_TYPES.includes(p.modelType)) add('model_type', 'is not included in the list');
  if (p.preset && !PRESETS.includes(p.preset)) add('preset', 'is not included in the list');
  if ((branch === 'flux1' || branch === 'sdxl1') && p.baseTuneId === null)
    add('base_tune_id', `is required: ${branch} subjects train as a LoRA on a base tune`);
  if (baseBranch && p.branch && baseBranch !== p.branch)
    add('branch', `does not match the base tune (${baseBranch})`);
  if (branch === 'flux1' && p.modelType !== 'lora') add('model_type', 'must be lora for Flux');
  return Object.keys(errors).length ? errors : null;
}

export type PromptParams = Record<string, unknown>;

const LORA_TAG = /<lora:([^:>]+):([0-9.]+)>/g;

/** The LoRA tune ids a prompt's text loads. */
export function loraIds(text: string): string[] {
  return [...text.matchAll(LORA_TAG)].map((m) => m[1]!);
}

function flag(v: unknown): boolean {
  return v === true || v === 'true' || v === '1';
}

/**
 * The refusal of `POST /tunes/{tune}/prompts`, or null. `tune` is what the path names: a gallery
 * base tune (its branch) or one of the account's tunes; `loras` finds the account's LoRA tunes.
 */
export function promptRefusal(
  p: PromptParams,
  tune: { gallery: boolean; branch: string; modelType: string },
  loraBranch: (id: string) => string | null,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const text = typeof p.text === 'string' ? p.text : '';
  if (!text.trim()) add('text', "can't be blank");
  const n = Number(p.num_images ?? 1);
  if (!Number.isInteger(n) || n < 1 || n > 8) add('num_images', 'must be from 1 to 8');
  if (
    p.seed !== undefined &&
    !(Number.isInteger(Number(p.seed)) && Number(p.seed) >= 0 && Number(p.seed) <= 2 ** 32)
  )
    add('seed', 'must be from 0 to 2^32');
  for (const k of ['w', 'h'])
    if (p[k] !== undefined && !(Number.isInteger(Number(p[k])) && Number(p[k]) % 8 === 0))
      add(k, 'must be a multiple of 8');
  if (flag(p.inpaint_faces) && !flag(p.super_resolution)) add('inpaint_faces', 'requires super_resolution');
  const lora = tune.modelType === 'lora' && (tune.branch === 'flux1' || tune.branch === 'sdxl1');
  if (lora) add('tune', `is a ${tune.branch} LoRA: prompt its base tune with <lora:id:strength>`);
  if (tune.gallery && (tune.branch === 'flux1' || tune.branch === 'sdxl1')) {
    const ids = loraIds(text);
    if (!ids.length) add('text', 'must load the subject LoRA with <lora:id:strength>');
    for (const id of ids)
      if (loraBranch(id) !== tune.branch) add('text', `<lora:${id}> is not one of your ${tune.branch} LoRAs`);
  }
  if (tune.branch === 'flux1' && typeof p.negative_prompt === 'string' && p.negative_prompt)
    add('negative_prompt', 'is not supported by Flux');
  return Object.keys(errors).length ? errors : null;
}
