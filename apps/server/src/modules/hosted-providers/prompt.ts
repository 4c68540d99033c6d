/**
 * The one place prompts are written: a style's hidden `prompt` (with `{subject}` where the person
 * goes) and `negativePrompt`, filled in from the subject's profile. The trigger word ties the
 * prompt to the model trained on the subject's photos.
 */
import type { StyleSpec } from '../processing/providers/types.js';

/** The fields of a `profiles` record that describe the person (all optional). */
export type SubjectProfile = {
  gender?: string;
  ageRange?: string;
  hair?: string;
  eyes?: string;
  glasses?: boolean;
};

/** The class noun generative trainers expect (Astria's tune `name`). */
export function subjectClass(profile: SubjectProfile | null): 'man' | 'woman' | 'person' {
  if (profile?.gender === 'male') return 'man';
  if (profile?.gender === 'female') return 'woman';
  return 'person';
}

/** Keeps user text to one tidy clause: no newlines, no prompt syntax, bounded. */
function clean(text: unknown, max = 60): string {
  if (typeof text !== 'string') return '';
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[<>{}[\]()|:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

export function describeSubject(trigger: string, profile: SubjectProfile | null): string {
  const parts = [`${trigger} ${subjectClass(profile)}`];
  const age = clean(profile?.ageRange, 10);
  if (age) parts.push(age.endsWith('+') ? `over ${age.slice(0, -1)} years old` : `${age} years old`);
  const hair = clean(profile?.hair);
  if (hair) parts.push(`${hair} hair`);
  const eyes = clean(profile?.eyes);
  if (eyes) parts.push(`${eyes} eyes`);
  if (profile?.glasses === true) parts.push('wearing glasses');
  return parts.join(', ');
}

const FALLBACK = 'professional portrait photograph of {subject}, studio lighting, sharp focus';
const BASE_NEGATIVE = 'deformed, distorted face, extra fingers, watermark, text, blurry';

export function buildPrompt(
  style: Pick<StyleSpec, 'prompt' | 'negativePrompt' | 'framing'>,
  trigger: string,
  profile: SubjectProfile | null,
): { prompt: string; negativePrompt: string } {
  const template = style.prompt.trim() || FALLBACK;
  const subject = describeSubject(trigger, profile);
  const filled = template.includes('{subject}')
    ? template.replaceAll('{subject}', subject)
    : `${subject}, ${template}`;
  const framing = style.framing === 'half_body' ? 'half-body shot' : 'head and shoulders';
  const negative = [style.negativePrompt.trim(), BASE_NEGATIVE].filter(Boolean).join(', ');
  return { prompt: `${filled}, ${framing}`, negativePrompt: negative };
}
