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

/** Whether images are made on the base tune with the subject's LoRA (else on the subject's tune). */
function onBaseTune(s: AstriaSettings): boolean {
  return !s.mock && (s.model === 'flux1' || s.model === 'sdxl1');
}

/** `POST /tunes/{tune}/prompts`: which tune, and the `prompt` object. */
export function promptRequest(
  s: AstriaSettings,
  input: GenerationInput,
): { tune: string; prompt: Record<string, unknown> } {
  const subjectTune = input.modelRef;
  const lora = onBaseTune(s);
  const { width, height } =
    s.model === 'sdxl1' && !s.mock ? SDXL_SIZES[input.aspect] : renderSize(input.aspect);
  const prompt: Record<string, unknown> = {
    text: lora ? `<lora:${subjectTune}:1> ${input.prompt}` : input.prompt,
    num_images: input.count,
    w: width,
    h: height,
    seed: input.seed,
    super_resolution: true,
    inpaint_faces: true,
    callback: input.callbackUrl,
  };
  if (s.mock || s.model !== 'flux1') prompt.negative_prompt = input.negativePrompt;
  if (!s.mock && s.model === 'sdxl1') prompt.face_swap = true;
  if (!s.mock && s.model === 'sd15') prompt.face_correct = true;
  return { tune: lora ? String(baseTuneOf(s)) : subjectTune, prompt };
}
