/**
 * The studio engine's framing rules that the upload checks predict from: how tall a frame the
 * engine can take from a photo and how tall a delivered portrait's frame must be (the notes on an
 * accepted photo), and whether its portraits will show the head upright (a refusal). The
 * processing module provides them from the engine's own framing code, which it owns: the upload
 * checks sit below processing (its likeness check and settings use them) and cannot import it.
 */
import { ServiceKey } from '../../core/service-key.js';

export type FrameRules = {
  /** Most space over the hair, as a share of the frame. */
  mostHeadroom: number;
  /** Width over height of an aspect such as `4:5`. */
  aspectRatio(aspect: string): number;
  /** The least frame height (source pixels) the engine takes for a portrait of this aspect. */
  leastFrameHeight(aspect: string): number;
  /** Whether its portraits show a head of this roll (degrees) with the face at `face` (pixels) upright. */
  endsUpright(
    width: number,
    height: number,
    face: { x: number; y: number; width: number; height: number },
    roll: number,
  ): boolean;
};

export const frameRulesKey = new ServiceKey<FrameRules>('frameRules');
