/** The profile (gender, age range, hair…) of the person a photoshoot portrays, when it names one. */
import type { App } from '../../core/app.js';
import type { SubjectProfile } from './prompt.js';
import { recordOf } from '../record-of.js';

export async function loadSubjectProfile(app: App, photoshootId: string): Promise<SubjectProfile | null> {
  const shoot = await app.records.findById(app.registry.require('photoshoots'), photoshootId);
  const profileId = typeof shoot?.profile === 'string' ? shoot.profile : '';
  if (!profileId) return null;
  const p = recordOf('profiles', await app.records.findById(app.registry.require('profiles'), profileId));
  if (!p) return null;
  return {
    gender: p.gender ?? '',
    ageRange: p.ageRange ?? '',
    hair: p.hair ?? '',
    eyes: p.eyes ?? '',
    glasses: p.glasses === true,
  };
}
