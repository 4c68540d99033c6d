/** Worker stage codes in words; an unknown stage is shown as the worker wrote it, tidied. */
const KNOWN: Record<string, string> = {
  queued: 'Waiting for a free studio',
  preparing: 'Preparing your photos',
  prepare: 'Preparing your photos',
  analysing: 'Studying your photos',
  analyzing: 'Studying your photos',
  training: 'Learning your likeness',
  generating: 'Creating your portraits',
  generate: 'Creating your portraits',
  compositing: 'Composing the portraits',
  grading: 'Colour grading',
  likeness: 'Checking the likeness',
  qc: 'Quality checks',
  finishing: 'Finishing touches',
  uploading: 'Saving your portraits',
  review: 'Quality review by our team',
  done: 'Done',
};

export function stageLabel(stage: string | undefined): string {
  const s = (stage ?? '').trim();
  if (!s) return '';
  const known = KNOWN[s.toLowerCase()];
  if (known) return known;
  const words = s.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
