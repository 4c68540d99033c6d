/**
 * The node classes the fake ComfyUI knows, with ComfyUI's own input and output types (from its
 * `nodes.py` and `comfy_extras/nodes_photomaker.py`: INPUT_TYPES, RETURN_TYPES, OUTPUT_NODE), as
 * `/object_info` reports them. A list type (`[...]`) is a choice; `IMAGE_FILE` stands for
 * LoadImage's list of files in the input folder (checked by its VALIDATE_INPUTS).
 */
export type InputType = string | string[];
export type NodeClass = { required: Record<string, InputType>; outputs: string[]; outputNode?: boolean };

export const CHECKPOINTS = ['sd_xl_base_1.0.safetensors', 'flux1-schnell-fp8.safetensors'];

export const NODE_CLASSES: Record<string, NodeClass> = {
  CheckpointLoaderSimple: { required: { ckpt_name: CHECKPOINTS }, outputs: ['MODEL', 'CLIP', 'VAE'] },
  LoadImage: { required: { image: 'IMAGE_FILE' }, outputs: ['IMAGE', 'MASK'] },
  PhotoMakerLoader: {
    required: { photomaker_model_name: ['photomaker-v1.bin'] },
    outputs: ['PHOTOMAKER'],
  },
  PhotoMakerEncode: {
    required: { photomaker: 'PHOTOMAKER', image: 'IMAGE', clip: 'CLIP', text: 'STRING' },
    outputs: ['CONDITIONING'],
  },
  CLIPTextEncode: { required: { text: 'STRING', clip: 'CLIP' }, outputs: ['CONDITIONING'] },
  EmptyLatentImage: {
    required: { width: 'INT', height: 'INT', batch_size: 'INT' },
    outputs: ['LATENT'],
  },
  KSampler: {
    required: {
      model: 'MODEL',
      seed: 'INT',
      steps: 'INT',
      cfg: 'FLOAT',
      sampler_name: ['euler', 'euler_ancestral', 'dpmpp_2m'],
      scheduler: ['normal', 'karras', 'simple'],
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      latent_image: 'LATENT',
      denoise: 'FLOAT',
    },
    outputs: ['LATENT'],
  },
  VAEDecode: { required: { samples: 'LATENT', vae: 'VAE' }, outputs: ['IMAGE'] },
  SaveImage: { required: { images: 'IMAGE', filename_prefix: 'STRING' }, outputs: [], outputNode: true },
};

/** Limits ComfyUI declares for some INT inputs (min/max in INPUT_TYPES). */
export const INT_LIMITS: Record<string, [number, number]> = {
  // note: ComfyUI allows seeds up to 2^64-1; JavaScript numbers stop being exact at 2^53.
  seed: [0, Number.MAX_SAFE_INTEGER],
  width: [16, 16384],
  height: [16, 16384],
  batch_size: [1, 4096],
  steps: [1, 10000],
};
