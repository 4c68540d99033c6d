/** The profile (gender, age range, hair…) of the person a photoshoot portrays, when it names one. */
import type { App } from '../../core/app.js';
import type { SubjectProfile } from './prompt.js';

export async function loadSubjectProfile(app: App, photoshootId: string): Promise<SubjectProfile | null> {
  const shoot = await app.records.findById(app.registry.require('photoshoots'), photoshootId);
  const profileId = typeof shoot?.profile === 'string' ? shoot.profile : '';
  if (!profileId) return null;
  const p = await app.records.findById(app.registry.require('profiles'), profileId);
  if (!p) return null;
  return {
    gender: String(p.gender ?? ''),
    ageRange: String(p.ageRange ?? ''),
    hair: String(p.hair ?? ''),
    eyes: String(p.eyes ?? ''),
    glasses: p.glasses === true,
  };
}
