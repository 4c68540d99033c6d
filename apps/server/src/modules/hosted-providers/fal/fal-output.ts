/** Reads a fal result: a trainer's `{diffusers_lora_file: {url}}` or flux-lora's `{images: [{url}]}`. */
import { MalformedResponse } from '../http.js';
import type { JobKind, RemoteResult } from '../remote-result.js';

export function readFalOutput(kind: JobKind, payload: unknown): RemoteResult {
  const body = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
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
  return { state: 'done', outputs: urls };
}
