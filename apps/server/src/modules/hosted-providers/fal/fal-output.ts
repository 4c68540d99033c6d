/**
 * Reads a fal result: a trainer's `{diffusers_lora_file: {url}}` or flux-lora's `{images: [{url}],
 * has_nsfw_concepts: [bool]}` (output schemas as typed in @fal-ai/client's endpoints.ts). An image
 * fal's safety checker flagged comes back black: it is never delivered, and the result says so
 * (`flagged`) so the generation can be tried again with another seed.
 */
import { MalformedResponse } from '../http.js';
import type { JobKind, RemoteResult } from '../remote-result.js';
import { isObjectLike } from '../../../tools/object-kinds.js';

export const FLAGGED_ERROR =
  "fal's safety checker flagged the image as not safe for work and withheld it (a black image)";

export function readFalOutput(kind: JobKind, payload: unknown): RemoteResult {
  const body = isObjectLike(payload) ? payload : {};
  if (kind === 'train') {
    const file = body.diffusers_lora_file as Record<string, unknown> | undefined;
    if (typeof file?.url !== 'string' || !file.url)
      throw new MalformedResponse('fal answered with a malformed body (no diffusers_lora_file).');
    return { state: 'done', outputs: [], ref: file.url };
  }
  const images = Array.isArray(body.images) ? body.images : null;
  const urls = images
    ?.map((i) => (i as Record<string, unknown>)?.url)
    .filter((u): u is string => typeof u === 'string' && !!u);
  if (!urls?.length) throw new MalformedResponse('fal answered with a malformed body (no images).');
  const flags = Array.isArray(body.has_nsfw_concepts) ? body.has_nsfw_concepts : [];
  if (flags.some((f) => f !== false)) return { state: 'failed', error: FLAGGED_ERROR, flagged: true };
  return { state: 'done', outputs: urls };
}
