/**
 * Where the frame sits on the source photo: the face's size and eye line per the style's framing
 * (a headshot fills the frame with the head, a half-body shows the shoulders and chest), the
 * style's aspect, and a variant's jitter. The frame may reach past the photo where only backdrop
 * will show, but never past an edge the person is cut by (that would leave a hard straight edge
 * in the middle of the backdrop): there it zooms in instead.
 */

export type Box = { x: number; y: number; width: number; height: number };
export type Crop = { left: number; top: number; width: number; height: number };
export type Framing = 'headshot' | 'half_body';

export type FrameInput = {
  source: { width: number; height: number };
  face: Box;
  /** The midpoint between the eyes. */
  eyes: { x: number; y: number };
  /** Edges of the photo the person's silhouette touches (so the frame must stay inside them). */
  touches: { left: boolean; right: boolean; top: boolean };
  /** The top of the hair (source pixels), when the matte shows it; the face box starts lower. */
  hairTop?: number | null;
  framing: Framing;
  aspect: string;
  /** Variant jitter: face size factor (≈1) and horizontal offset as a fraction of the width. */
  zoom: number;
  shift: number;
};

/**
 * Face-box height as a fraction of the frame height, the eye line from the top, and the least
 * space between the top of the hair and the frame's top edge (headroom), as fractions.
 */
export const LAYOUT: Record<Framing, { face: number; eyeLine: number; headroom: number }> = {
  headshot: { face: 0.42, eyeLine: 0.4, headroom: 0.06 },
  half_body: { face: 0.27, eyeLine: 0.3, headroom: 0.06 },
};

export function aspectRatio(aspect: string): number {
  const [w, h] = aspect.split(':').map(Number);
  return w && h ? w / h : 4 / 5;
}

export function frameCrop(input: FrameInput): Crop {
  const { source, face, eyes, touches } = input;
  const layout = LAYOUT[input.framing];
  const ratio = aspectRatio(input.aspect);
  let height = face.height / (layout.face * input.zoom);
  const place = (h: number) => {
    const w = h * ratio;
    // The eye line by rule, unless tall hair needs the frame higher (the eyes then sit lower).
    let top = eyes.y - layout.eyeLine * h;
    if (input.hairTop != null) top = Math.min(top, input.hairTop - layout.headroom * h);
    return { left: eyes.x - w / 2 + input.shift * w, top, width: w, height: h };
  };
  let crop = place(height);
  // The body always continues below the photo's bottom edge: the frame must end above it.
  for (let i = 0; i < 40; i++) {
    crop = place(height);
    const clampX = (c: Crop): Crop => {
      let left = c.left;
      if (touches.left && left < 0) left = 0;
      if (touches.right && left + c.width > source.width) left = source.width - c.width;
      if (touches.left && left < 0) left = 0;
      return { ...c, left };
    };
    crop = clampX(crop);
    let top = crop.top;
    if (top + crop.height > source.height) top = source.height - crop.height;
    if (touches.top && top < 0) top = 0;
    crop = { ...crop, top };
    const fits =
      crop.top + crop.height <= source.height + 0.5 &&
      (!touches.top || crop.top >= -0.5) &&
      (!touches.left || crop.left >= -0.5) &&
      (!touches.right || crop.left + crop.width <= source.width + 0.5);
    // Keep the face inside the frame's upper part even after the clamps moved it.
    const eyeAt = (eyes.y - crop.top) / crop.height;
    // Headroom: the whole head and hair inside with a margin, else the frame grows (the face gets
    // smaller) rather than cutting the hair; a frame the photo's own top edge cuts cannot help it.
    const hairAt = input.hairTop == null ? null : (input.hairTop - crop.top) / crop.height;
    if (hairAt !== null && hairAt < layout.headroom && !(touches.top && crop.top <= 0.5)) {
      height *= 1.03;
      continue;
    }
    if (fits && eyeAt > 0.2 && eyeAt < 0.55) break;
    height *= 0.94;
  }
  return {
    left: Math.round(crop.left),
    top: Math.round(crop.top),
    width: Math.max(1, Math.round(crop.width)),
    height: Math.max(1, Math.round(crop.height)),
  };
}

/** Output pixel size: the long side `longSide` in the style's aspect. */
export function outputSize(aspect: string, longSide: number): { width: number; height: number } {
  const r = aspectRatio(aspect);
  return r >= 1
    ? { width: longSide, height: Math.round(longSide / r) }
    : { width: Math.round(longSide * r), height: longSide };
}

/**
 * Whether a pixel lies by the face, its ears or the hair above it: what the matte's clean-ups
 * never take away, since hair against a wall of its colour is still the sitter. Without a face,
 * nowhere.
 */
export function untouchedAround(face: Box | null): (x: number, y: number) => boolean {
  if (!face) return () => false;
  const x0 = face.x - face.width * 0.35;
  const x1 = face.x + face.width * 1.35;
  const y0 = face.y - face.height * 0.6;
  const y1 = face.y + face.height * 1.1;
  return (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
}
