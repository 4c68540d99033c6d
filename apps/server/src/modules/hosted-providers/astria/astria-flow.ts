/**
 * Astria's documented training and inference flow for each model family (docs.astria.ai):
 *
 * - `flux1` (api/flux-api, use-cases/flux-finetuning): the subject is trained as a LoRA on the
 *   Flux1.dev gallery tune (`tune[base_tune_id]=1504944`, `tune[model_type]=lora`, with the
 *   `flux-lora-portrait` preset Astria recommends), and images are made by prompting the BASE tune
 *   with `<lora:{subject tune id}:1>` in the text. Flux takes no negative prompt.
 * - `sdxl1` (api/sdxl-api, use-cases/sdxl-training): a LoRA + text embedding on SDXL 1.0 (gallery
 *   tune 666678), prompted on the base tune with the LoRA tag, at the sizes SDXL was trained on.
 * - `sd15` (api/tune/create; Astria's headshots-starter): a checkpoint trained on Realistic Vision
 *   v5.1 (690204) and prompted on the subject's own tune.
 * - mock (api/overview "Mock testing"): `tune[branch]=fast` trains nothing for free and prompts on
 *   that tune return placeholder images without charge; it is prompted on its own tune, never on a
 *   paid base tune.
 *
 * Portrait options on every family (api/prompt/create, features/face-inpainting): `super_resolution`
 * and `inpaint_faces` (which requires super-resolution), the combination Astria documents for
 * likeness in long shots; SDXL adds `face_swap` (its inference tips' biggest boost to similarity),
 * SD1.5 keeps `face_correct`.
 */
import type { AstriaModel, AstriaSettings } from '../hosted-settings.js';
import type { GenerationInput, TrainingInput } from '../hosted-api.js';
import { renderSize } from '../dimensions.js';

/** The gallery tunes Astria's documentation names for each family. */
export const DEFAULT_BASE_TUNES: Record<AstriaModel, number> = {
  flux1: 1504944,
  sdxl1: 666678,
  sd15: 690204,
};

/** SDXL's training sizes nearest our aspects (use-cases/sdxl-training, "Aspect ratios"). */
const SDXL_SIZES: Record<GenerationInput['aspect'], { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '4:5': { width: 896, height: 1088 },
  '3:4': { width: 896, height: 1152 },
  '2:3': { width: 832, height: 1216 },
};

export function baseTuneOf(s: AstriaSettings): number {
  return s.baseTuneId || DEFAULT_BASE_TUNES[s.model];
}

/** The multipart fields of `POST /tunes`, images aside. */
export function tuneFields(s: AstriaSettings, input: TrainingInput): [string, string][] {
  const fields: [string, string][] = [
    ['tune[title]', input.jobKey],
    ['tune[name]', input.subjectClass],
    ['tune[token]', input.trigger],
    ['tune[callback]', input.callbackUrl],
  ];
  if (s.mock) return [...fields, ['tune[branch]', 'fast']];
  fields.push(['tune[branch]', s.model], ['tune[base_tune_id]', String(baseTuneOf(s))]);
  if (s.model === 'flux1') fields.push(['tune[model_type]', 'lora'], ['tune[preset]', s.preset]);
  if (s.model === 'sdxl1') fields.push(['tune[model_type]', 'lora']);
  return fields;
}

/**
 * A trained tune as its model reference describes it (see tuneRef): a photoshoot's images are made
 * the way its tune was trained, even if the settings changed since.
 */
export type TrainedTune = { id: string; family: AstriaModel | 'fast'; base: string | null };

const FAMILIES = ['flux1', 'sdxl1', 'sd15', 'fast'];

/** The model reference of a trained tune: `id/branch`, plus `@base` for a LoRA prompted on its base tune. */
export function tuneRef(tune: Record<string, unknown>): string {
  const id = String(tune.id);
  const branch = String(tune.branch ?? '');
  if (!FAMILIES.includes(branch)) return id;
  const base =
    typeof tune.base_tune_id === 'number' ? String(tune.base_tune_id) : String(tune.base_tune_id ?? '');
  const lora = (branch === 'flux1' || branch === 'sdxl1') && /^\d+$/.test(base);
  return lora ? `${id}/${branch}@${base}` : `${id}/${branch}`;
}

export function trainedTune(s: AstriaSettings, ref: string): TrainedTune {
  const m = /^(\d+)\/(flux1|sdxl1|sd15|fast)(?:@(\d+))?$/.exec(ref);
  if (m) return { id: m[1]!, family: m[2] as TrainedTune['family'], base: m[3] ?? null };
  // A bare id (a tune object without its branch): the settings say what it is.
  const family = s.mock ? 'fast' : s.model;
  const lora = family === 'flux1' || family === 'sdxl1';
  return { id: ref, family, base: lora ? String(baseTuneOf(s)) : null };
}

/** `POST /tunes/{tune}/prompts`: which tune, and the `prompt` object. */
export function promptRequest(
  t: TrainedTune,
  input: GenerationInput,
): { tune: string; prompt: Record<string, unknown> } {
  const { width, height } = t.family === 'sdxl1' ? SDXL_SIZES[input.aspect] : renderSize(input.aspect);
  const prompt: Record<string, unknown> = {
    text: t.base ? `<lora:${t.id}:1> ${input.prompt}` : input.prompt,
    num_images: input.count,
    w: width,
    h: height,
    seed: input.seed,
    super_resolution: true,
    inpaint_faces: true,
    callback: input.callbackUrl,
  };
  if (t.family !== 'flux1') prompt.negative_prompt = input.negativePrompt;
  if (t.family === 'sdxl1') prompt.face_swap = true;
  if (t.family === 'sd15') prompt.face_correct = true;
  return { tune: t.base ?? t.id, prompt };
}
