/** The studio engine's framing rules as the upload checks' notes read them (analysis/frame-rules.ts). */
import type { FrameRules } from '../analysis/frame-rules.js';
import { aspectRatio, leastFrameHeight, MOST_HEADROOM } from './studio/framing.js';
import { endsUpright } from './studio/level-roll.js';

export const studioFrameRules: FrameRules = {
  mostHeadroom: MOST_HEADROOM,
  aspectRatio,
  leastFrameHeight,
  endsUpright,
};
