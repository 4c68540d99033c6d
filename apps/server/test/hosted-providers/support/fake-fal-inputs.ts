/**
 * The input checks of the fake fal apps, from the apps' schemas as typed in @fal-ai/client
 * (libs/client/src/types/endpoints.ts: FluxLoraPortraitTrainerInput, FluxLoraFastTrainingInput,
 * FluxLoraInput, LoraWeight, ImageSize). Refusals are FastAPI/pydantic 422s,
 * `{detail: [{loc, msg, type}]}`, the shape @fal-ai/client's ValidationError reads (response.ts).
 * Fields a schema does not know are ignored, as pydantic models do by default.
 */

/** The apps this fake runs, and what they do. */
export const FAL_APPS: Record<string, 'train' | 'generate'> = {
  'fal-ai/flux-lora-portrait-trainer': 'train',
  'fal-ai/flux-lora-fast-training': 'train',
  'fal-ai/flux-lora': 'generate',
};

/**
 * fal publishes no byte limit for inline data URIs; its CDN page calls URLs "the universal format
 * that works with every model" and data URIs something only "some models" accept. Data URIs fail
 * at fal somewhere above 10 MB of request body, so the fake refuses them from there.
 */
export const DATA_URI_LIMIT = 10 * 1024 * 1024;

const IMAGE_SIZES = [
  'square_hd',
  'square',
  'portrait_4_3',
  'portrait_16_9',
  'landscape_4_3',
  'landscape_16_9',
];

export type InputError = { loc: string[]; msg: string; type: string };

const isInt = (v: unknown) => Number.isInteger(v);

function field(name: string, msg: string, type = 'value_error'): InputError {
  return { loc: ['body', name], msg, type };
}

/**
 * `resolveFile(url)`: the bytes behind a URL this fake serves, or null (the app could not fetch it).
 */
export function checkTrainerInput(
  app: string,
  input: Record<string, unknown>,
  resolveFile: (url: string) => Buffer | null,
): InputError[] {
  const errors: InputError[] = [];
  const url = input.images_data_url;
  if (typeof url !== 'string' || !url)
    return [field('images_data_url', 'field required', 'value_error.missing')];
  let archive: Buffer | null = null;
  if (url.startsWith('data:')) {
    if (url.length > DATA_URI_LIMIT)
      errors.push(field('images_data_url', 'data URI too large: upload the file and pass its URL'));
    else archive = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  } else if (/^https?:\/\//.test(url)) {
    archive = resolveFile(url);
    if (!archive) errors.push(field('images_data_url', `could not download the file at ${url}`));
  } else errors.push(field('images_data_url', 'invalid or missing URL scheme', 'value_error.url.scheme'));
  if (archive && archive.subarray(0, 4).toString('latin1') !== 'PK\x03\x04')
    errors.push(field('images_data_url', 'the archive is not a zip file'));
  const trigger = app.includes('portrait') ? 'trigger_phrase' : 'trigger_word';
  if (input[trigger] !== undefined && typeof input[trigger] !== 'string')
    errors.push(field(trigger, 'str type expected', 'type_error.str'));
  if (input.steps !== undefined && (!isInt(input.steps) || Number(input.steps) < 1))
    errors.push(field('steps', 'value is not a valid integer', 'type_error.integer'));
  if (input.create_masks !== undefined && typeof input.create_masks !== 'boolean')
    errors.push(field('create_masks', 'value could not be parsed to a boolean', 'type_error.bool'));
  return errors;
}

/** `knownLora(path)`: whether a LoRA file at `path` exists (one this fake's trainer made). */
export function checkFluxLoraInput(
  input: Record<string, unknown>,
  knownLora: (path: string) => boolean,
): InputError[] {
  const errors: InputError[] = [];
  if (typeof input.prompt !== 'string' || !input.prompt)
    errors.push(field('prompt', 'field required', 'value_error.missing'));
  if (input.loras !== undefined) {
    const loras = Array.isArray(input.loras) ? input.loras : null;
    if (!loras) errors.push(field('loras', 'value is not a valid list', 'type_error.list'));
    for (const l of loras ?? []) {
      const path = (l as Record<string, unknown>)?.path;
      const scale = (l as Record<string, unknown>)?.scale;
      if (typeof path !== 'string' || !knownLora(path))
        errors.push(field('loras', `could not load the LoRA weights at ${String(path)}`));
      if (scale !== undefined && typeof scale !== 'number')
        errors.push(field('loras', 'scale: value is not a valid float', 'type_error.float'));
    }
  }
  const size = input.image_size as Record<string, unknown> | string | undefined;
  if (size !== undefined) {
    const ok =
      typeof size === 'string'
        ? IMAGE_SIZES.includes(size)
        : typeof size === 'object' && size !== null && isInt(size.width) && isInt(size.height);
    if (!ok) errors.push(field('image_size', 'not one of the sizes or {width, height}'));
  }
  if (input.num_images !== undefined && (!isInt(input.num_images) || Number(input.num_images) < 1))
    errors.push(field('num_images', 'value is not a valid integer', 'type_error.integer'));
  if (input.seed !== undefined && !isInt(input.seed))
    errors.push(field('seed', 'value is not a valid integer', 'type_error.integer'));
  if (input.output_format !== undefined && !['jpeg', 'png'].includes(String(input.output_format)))
    errors.push(field('output_format', "unexpected value; permitted: 'jpeg', 'png'"));
  if (input.enable_safety_checker !== undefined && typeof input.enable_safety_checker !== 'boolean')
    errors.push(field('enable_safety_checker', 'value could not be parsed to a boolean', 'type_error.bool'));
  return errors;
}
